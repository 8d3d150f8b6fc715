import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import type { RatingRow as Rating } from '../src/ratings/rating-store.js';
import { getView, newPlayers, playHandQuickly, rng, seatedTable, type Player, type View } from './support/bots.testkit.js';

/** docs/ratings.md: who a finished hand rates, once, and who it does not. On a database of its own: the bot strengths' ratings count every bot hand of it. */
describe('ratings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAppOnOwnDatabase('ratings');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The players and first hand of the first test, which the import reuses. */
  let firstHand: { players: Player[]; handId: string } | undefined;
  const ratingOf = async (id: string, game = 'doppelkopf'): Promise<Rating | undefined> =>
    ((await t.http.get(`/players/${id}/ratings`).expect(200)).body.ratings as Rating[]).find((r) => r.game === game);

  it('four rated Doppelkopf hands: every seat has played 4, is surer than after its first, and the winners rose', async () => {
    const players = await newPlayers(t, 4, 'Rated');
    const table = await seatedTable(t, players, { game: 'doppelkopf' });
    firstHand = { players, handId: table.handId };
    expect((await t.http.get(`/tables/${table.tableId}`).expect(200)).body.rated).toBe(true);
    const random = rng(48);
    let handId: string | null = table.handId;
    const afterFirst: Rating[] = [];
    for (let hand = 1; hand <= 4; hand++) {
      const before = await Promise.all(players.map((p) => ratingOf(p.id)));
      const { result, nextHandId } = await playHandQuickly(t, handId!, players, random);
      handId = nextHandId;
      const after = (await Promise.all(players.map((p) => ratingOf(p.id)))) as Rating[];
      const scores = result.scores as number[];
      if (result.status === 'finished') {
        for (const [seat, r] of after.entries()) {
          const mu = before[seat]?.mu ?? 25;
          if (scores[seat]! > 0) expect(r.mu).toBeGreaterThan(mu);
          if (scores[seat]! < 0) expect(r.mu).toBeLessThan(mu);
        }
      }
      if (hand === 1) afterFirst.push(...after);
    }
    const last = (await Promise.all(players.map((p) => ratingOf(p.id)))) as Rating[];
    for (const [seat, r] of last.entries()) {
      expect(r.hands).toBe(4);
      expect(r.sigma).toBeLessThan(afterFirst[seat]!.sigma);
      expect(r.provisional).toBe(true);
    }
    // Provisional ratings stay off the leaderboard.
    const board = (await t.http.get('/ratings/doppelkopf').expect(200)).body.players as { id: string }[];
    expect(board.map((p) => p.id)).not.toEqual(expect.arrayContaining([players[0]!.id]));
  });

  it('a table that is not rated changes nobody', async () => {
    const players = await newPlayers(t, 4, 'Unrated');
    const table = await seatedTable(t, players, { game: 'doppelkopf', rated: false });
    expect((await t.http.get(`/tables/${table.tableId}`).expect(200)).body.rated).toBe(false);
    await playHandQuickly(t, table.handId, players, rng(7));
    for (const p of players) expect(await ratingOf(p.id)).toBeUndefined();
  });

  it('two tables with a common player finishing at the same moment both count, once each', async () => {
    const [common, ...others] = await newPlayers(t, 7, 'Both');
    const tables = [
      [common!, ...others.slice(0, 3)],
      [common!, ...others.slice(3)],
    ];
    const hands = await Promise.all(tables.map((seated) => seatedTable(t, seated, { game: 'doppelkopf' })));
    // Each hand up to its last card, then both last cards at once.
    const last = await Promise.all(hands.map((h, i) => playToLastCard(h.handId, tables[i]!, rng(100 + i))));
    const answers = await Promise.all(
      last.map(({ view, player, action }, i) =>
        t.http.post(`/hands/${hands[i]!.handId}/actions`).set(bearer(player.token)).send({ expectedSeq: view.seq, action }),
      ),
    );
    for (const a of answers) expect([a.status, a.body.result?.status]).toEqual([200, 'finished']);
    const rating = await ratingOf(common!.id);
    expect(rating!.hands).toBe(2);
    const history = await t.sql.query('SELECT hand_id FROM rating_history WHERE player_id = $1', [common!.id]);
    expect(history.rows.map((r) => r.hand_id).sort()).toEqual(hands.map((h) => h.handId).sort());
  });

  it('an imported hand rates nobody', async () => {
    // The first test's first hand, seated otherwise: a record of its own.
    const { players, handId } = firstHand!;
    const before = await Promise.all(players.map((p) => ratingOf(p.id)));
    const auditor = bearer(AUDIT_TOKEN);
    const { handId: _, ...record } = (await t.http.get(`/hands/${handId}/record`).set(auditor).expect(200)).body;
    const seating = [...(record.seating as string[])].reverse();
    await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, seating })
      .expect(201);
    expect(await Promise.all(players.map((p) => ratingOf(p.id)))).toEqual(before);
  });

  it('a seated bot is rated as its strength: one identity per strength and game', async () => {
    const [host] = await newPlayers(t, 1, 'Host');
    const table = await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201);
    await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(host!.token)).send({ seat: 0 }).expect(201);
    const bots = [];
    for (const strength of ['heuristic', 'random', 'random']) {
      bots.push((await t.http.post(`/tables/${table.body.id}/bots`).set(bearer(host!.token)).send({ strength }).expect(201)).body);
    }
    const handId = (await t.http.get(`/tables/${table.body.id}`).expect(200)).body.currentHandId as string;
    await playSeatWhileBotsPlay(handId, host!);
    const heuristic = (await t.http.get(`/players/${bots[0].playerId}/ratings`).expect(200)).body.ratings as Rating[];
    const identity = await t.sql.query(`SELECT id::text FROM players WHERE id = md5('kartentisch bot rating heuristic')::uuid`);
    const own = (await t.http.get(`/players/${identity.rows[0].id}/ratings`).expect(200)).body.ratings;
    expect(heuristic).toEqual(own);
    // Every strength has its identity row (a new strength needs one in its migration).
    const rows = await t.sql.query(`SELECT count(*)::int AS n FROM players WHERE id = md5('kartentisch bot rating ' || bot)::uuid`);
    expect(rows.rows[0].n).toBe(3);
  });

  it('bad input: an unknown player 404, an unknown game 400', async () => {
    expect((await t.http.get('/players/00000000-0000-4000-8000-000000000000/ratings').expect(404)).body.code).toBe('PLAYER_NOT_FOUND');
    expect((await t.http.get('/ratings/skat').expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  /** Plays the hand (people's seats only) until one card is left: the view, player and action that end it. */
  async function playToLastCard(handId: string, players: Player[], random: () => number) {
    for (let n = 0; n < 400; n++) {
      const actorView = await viewOfActor(handId, players);
      const options = actorView.legalActions!.filter((a) => a.type !== 'announce');
      const { seat: _seat, ...action } = options[Math.floor(random() * options.length)]!;
      const player = players[actorView.seat!]!;
      if (action.type === 'play' && (actorView.hand as unknown[]).length === 1) {
        const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
        if (views.every((v) => v.seat === actorView.seat || (v.hand as unknown[]).length === 0)) return { view: actorView, player, action };
      }
      await t.http.post(`/hands/${handId}/actions`).set(bearer(player.token)).send({ expectedSeq: actorView.seq, action }).expect(200);
    }
    throw new Error('no last card');
  }

  async function viewOfActor(handId: string, players: Player[]): Promise<View> {
    const v = await getView(t, handId, players[0]!.token);
    return v.toAct[0] === v.seat ? v : getView(t, handId, players[v.toAct[0]!]!.token);
  }

  /** Plays the person's seat while the bots play theirs, until the hand is over. */
  async function playSeatWhileBotsPlay(handId: string, person: Player): Promise<void> {
    const random = rng(11);
    for (let n = 0; n < 2000; n++) {
      const v = await getView(t, handId, person.token);
      if (v.result) return;
      const mine = (v.legalActions ?? []).filter((a) => a.type !== 'announce');
      if (!v.toAct.includes(v.seat!) || mine.length === 0) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      const { seat: _seat, ...action } = mine[Math.floor(random() * mine.length)]!;
      await t.http.post(`/hands/${handId}/actions`).set(bearer(person.token)).send({ expectedSeq: v.seq, action });
    }
    throw new Error('the hand did not end');
  }
});
