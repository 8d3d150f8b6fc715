import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, playHandQuickly, rng, type Player, type View } from './support/bots.testkit.js';

/** The pause after a result, short for the test but long enough to see the next hand wait. */
const PAUSE_MS = 4000;
const TURN_SECONDS = 60;

/** A table opened by `person` with bots in every other seat: its id and first hand. */
async function tableWithBots(t: TestApp, person: Player, game: string, rules: Record<string, unknown>, seats: number) {
  const table = (await t.http.post('/tables').set(bearer(person.token)).send({ game, rules, turnSeconds: TURN_SECONDS }).expect(201)).body;
  await t.http.post(`/tables/${table.id}/seats`).set(bearer(person.token)).send({ seat: 0 }).expect(201);
  let handId = '';
  for (let seat = 1; seat < seats; seat++) {
    const res = await t.http.post(`/tables/${table.id}/bots`).set(bearer(person.token)).send({ seat, strength: 'heuristic' }).expect(201);
    handId = res.body.currentHandId ?? handId;
  }
  return { tableId: table.id as string, handId };
}

/** The person in seat 0 plays the hand to its end beside the bots, each of his moves a legal one; returns its last view. */
async function playAsPerson(t: TestApp, handId: string, person: Player, random: () => number): Promise<View> {
  let view = await getView(t, handId, person.token);
  for (let n = 0; n < 400; n++) {
    if (view.result) return view;
    if (view.toAct.includes(0) && (view.legalActions ?? []).length > 0) {
      const legal = view.legalActions!.filter((a) => a.type !== 'announce');
      const pool = legal.length > 0 ? legal : view.legalActions!;
      const { seat: _seat, ...action } = pool[Math.floor(random() * pool.length)]!;
      const res = await t.http.post(`/hands/${handId}/actions`).set(bearer(person.token)).send({ expectedSeq: view.seq, action });
      view = res.status === 200 ? (res.body as View) : await getView(t, handId, person.token);
      continue;
    }
    const res = await t.http
      .get(`/hands/${handId}`)
      .set(bearer(person.token))
      .set('If-None-Match', `"${view.seq}"`)
      .set('Prefer', 'wait=5');
    if (res.status === 200) view = res.body as View;
  }
  throw new Error(`hand ${handId} did not end`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** docs/contract.md#next-hand: the next hand waits for the result to be read; the session's end, its standings and a rematch. */
describe('a session that ends well', () => {
  let t: TestApp;
  /** A second instance on the same database: "next" said there ends the wait the first one's bots keep. */
  let u: TestApp;
  beforeAll(async () => {
    [t, u] = await Promise.all([startApp({ RESULT_PAUSE_MS: String(PAUSE_MS) }), startApp({ RESULT_PAUSE_MS: String(PAUSE_MS) })]);
  });
  afterAll(() => Promise.all([t.close(), u.close()]));

  it('the next hand waits, clock included, until every person said "next" (idempotent); then its clock starts', async () => {
    const players = await newPlayers(t, 4, 'Weiter');
    const table = (
      await t.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm', turnSeconds: TURN_SECONDS }).expect(201)
    ).body;
    let first = '';
    for (const [seat, p] of players.entries()) {
      const res = await t.http.post(`/tables/${table.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
      first = res.body.currentHandId ?? first;
    }
    // The first hand follows no result: it does not wait.
    expect((await getView(t, first, players[0]!.token)).heldUntil).toBeNull();
    const ended = Date.now();
    const { nextHandId } = await playHandQuickly(t, first, players, rng(49));
    const next = await getView(t, nextHandId!, players[1]!.token);
    const heldUntil = Date.parse(next.heldUntil as string);
    expect(heldUntil).toBeGreaterThan(Date.now());
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + PAUSE_MS);
    expect(heldUntil).toBeGreaterThanOrEqual(ended);
    // The first clock starts when the wait ends, not at the deal.
    expect(Date.parse(next.deadline as string) - heldUntil).toBe(TURN_SECONDS * 1000);
    expect(next.ready).toEqual([]);

    const ready = (p: Player) => t.http.post(`/tables/${table.id}/ready`).set(bearer(p.token));
    const once = await ready(players[2]!).expect(200);
    expect(once.body).toEqual({ handId: nextHandId, heldUntil: next.heldUntil, ready: [2] });
    const twice = await ready(players[2]!).expect(200);
    expect(twice.body).toEqual(once.body);
    expect((await getView(t, nextHandId!, players[0]!.token)).ready).toEqual([2]);
    // Said through another instance: this one's copy of the hand learns of it.
    await u.http.post(`/tables/${table.id}/ready`).set(bearer(players[0]!.token)).expect(200);
    expect((await getView(t, nextHandId!, players[3]!.token)).ready).toEqual([2, 0]);
    await ready(players[3]!).expect(200);
    const last = await ready(players[1]!).expect(200);
    const readyAt = Date.now();
    expect(last.body).toEqual({ handId: nextHandId, heldUntil: null, ready: [2, 0, 3, 1] });
    const now = await getView(t, nextHandId!, players[1]!.token);
    expect(now.heldUntil).toBeNull();
    // The clock runs from the moment all were ready: the wait it no longer has is taken off it.
    const deadline = Date.parse(now.deadline as string);
    expect(deadline).toBeLessThanOrEqual(readyAt + TURN_SECONDS * 1000);
    expect(deadline).toBeGreaterThan(readyAt + TURN_SECONDS * 1000 - 2000);
    expect(deadline).toBeLessThan(Date.parse(next.deadline as string) - 1000);
    // Once the hand no longer waits, "next" changes nothing.
    expect((await ready(players[1]!).expect(200)).body).toEqual({ handId: nextHandId, heldUntil: null, ready: [2, 0, 3, 1] });
  });

  it('a hand that waited and is replaced by the session end keeps the wait and who is ready', async () => {
    const players = await newPlayers(t, 4, 'Ersatz');
    const { tableId, handId } = await openTable(t, 'dobbm', { players: 4 }, players);
    const { nextHandId } = await playHandQuickly(t, handId, players, rng(11));
    await t.http.post(`/tables/${tableId}/ready`).set(bearer(players[1]!.token)).expect(200);
    const waiting = await getView(t, nextHandId!, players[0]!.token);
    // Nobody has acted: the host's end replaces the hand by the first Mußrunde deal (docs/rules/dobbm.md#mussrunde).
    const asked = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    expect(asked.body.currentHandId).not.toBe(nextHandId);
    const replacement = await getView(t, asked.body.currentHandId, players[0]!.token);
    expect(replacement.ready).toEqual([1]);
    expect(Math.abs(Date.parse(replacement.heldUntil as string) - Date.parse(waiting.heldUntil as string))).toBeLessThan(1000);
  });

  it('"next" refuses bad callers with problem+json and changes nothing', async () => {
    const [host, stranger] = await newPlayers(t, 2, 'Weiter falsch');
    const waiting = (await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201)).body;
    await t.http.post(`/tables/${waiting.id}/seats`).set(bearer(host!.token)).send({}).expect(201);
    const cases: [string, Player | null, number, string][] = [
      ['not-a-table', host!, 404, 'TABLE_NOT_FOUND'],
      ['00000000-0000-4000-8000-000000000000', host!, 404, 'TABLE_NOT_FOUND'],
      [waiting.id, stranger!, 403, 'NOT_SEATED'],
      [waiting.id, host!, 409, 'TABLE_NOT_PLAYING'],
      [waiting.id, null, 401, 'TOKEN_MISSING'],
    ];
    for (const [id, who, status, code] of cases) {
      const req = t.http.post(`/tables/${id}/ready`);
      const res = await (who ? req.set(bearer(who.token)) : req);
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await t.http.get(`/tables/${waiting.id}`).expect(200)).body.status).toBe('waiting');
  });

  it('bots wait for the person to read the result, and play at once when he says "next" on another instance', async () => {
    const [person] = await newPlayers(t, 1, 'Allein');
    const { tableId, handId } = await tableWithBots(t, person!, 'doppelkopf', {}, 4);
    const random = rng(7);
    let hand = handId;
    // Until a hand whose first move is a bot's: the person's own first move would end the wait.
    for (let n = 0; n < 6; n++) {
      const ended = await playAsPerson(t, hand, person!, random);
      hand = ended.nextHandId as string;
      const next = await getView(t, hand, person!.token);
      expect(next.heldUntil).not.toBeNull();
      if (next.toAct.includes(0)) continue;
      await sleep(1500);
      expect((await getView(t, hand, person!.token)).seq).toBe(0);
      await u.http.post(`/tables/${tableId}/ready`).set(bearer(person!.token)).expect(200);
      const said = Date.now();
      let moved = await getView(t, hand, person!.token);
      while (moved.seq === 0 && Date.now() - said < 2500) {
        await sleep(100);
        moved = await getView(t, hand, person!.token);
      }
      expect(moved.seq).toBeGreaterThan(0);
      expect(Date.now() - said).toBeLessThan(PAUSE_MS - 1500);
      return;
    }
    throw new Error('no hand began with a bot to act');
  });

  it('the session end says the hands left; the ended table has its standings; a rematch seats the players again, once', async () => {
    const players = await newPlayers(t, 4, 'Endstand');
    const { tableId, handId } = await openTable(t, 'dobbm', { players: 4 }, players);
    const stranger = (await newPlayers(t, 1, 'Fremd'))[0]!;
    const tableOf = async () => (await t.http.get(`/tables/${tableId}`).expect(200)).body;
    expect((await tableOf()).handsLeft).toBeNull();
    // A running table: no rematch yet.
    const early = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(players[1]!.token));
    expect([early.status, early.body.code]).toEqual([409, 'TABLE_NOT_ENDED']);

    // Between deals the host calls the Mußrunde: the pending deal is its first of four, one per seat (docs/rules/dobbm.md#mussrunde).
    const asked = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    let hand = asked.body.currentHandId as string;
    expect(hand).not.toBe(handId);
    for (let left = 4; left > 0; left--) {
      const table = await tableOf();
      expect([table.status, table.handsLeft]).toEqual(['playing', left]);
      hand = (await playHandQuickly(t, hand, players, rng(left))).nextHandId!;
    }
    expect(hand).toBeNull();
    const ended = await tableOf();
    expect([ended.status, ended.handsLeft]).toEqual(['ended', null]);

    // Standings: every player by name with his total as the ledger booked it, highest first.
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    const standings = ended.standings as { rank: number; seat: number; playerId: string; name: string; total: number }[];
    expect(standings.map((s) => s.name).sort()).toEqual(players.map((p) => p.name).sort());
    for (const s of standings) {
      expect(s.name).toBe(players[s.seat]!.name);
      expect(s.total).toBe(ledger.balances.find((b: { playerId: string }) => b.playerId === s.playerId).amount);
    }
    for (let i = 1; i < standings.length; i++) {
      expect(standings[i - 1]!.total).toBeGreaterThanOrEqual(standings[i]!.total);
      expect(standings[i]!.rank).toBe(standings[i - 1]!.total === standings[i]!.total ? standings[i - 1]!.rank : i + 1);
    }
    expect(standings.reduce((sum, s) => sum + s.total, 0)).toBeCloseTo(0, 6);

    // Only a player who sat here may ask for the rematch.
    const denied = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(stranger.token));
    expect([denied.status, denied.body.code]).toEqual([403, 'NOT_SEATED']);
    expect((await tableOf()).rematchTableId).toBeNull();

    // Two players ask at once: one new table between them, each in his old seat.
    const [first, rival] = await Promise.all(
      [2, 0].map((seat) => t.http.post(`/tables/${tableId}/rematch`).set(bearer(players[seat]!.token)).expect(200)),
    );
    const rematch = first!.body.table;
    expect([first!.body.seat, rival!.body.seat, rival!.body.table.id]).toEqual([2, 0, rematch.id]);
    // Whoever came first hosts it.
    expect([players[2]!.id, players[0]!.id]).toContain(rematch.hostPlayerId);
    expect(rematch).toMatchObject({
      game: 'dobbm',
      rules: ended.rules,
      rated: ended.rated,
      turnSeconds: ended.turnSeconds,
    });
    expect([rematch.id === tableId, rematch.status]).toEqual([false, 'waiting']);
    expect((await tableOf()).rematchTableId).toBe(rematch.id);
    // Asked again, by the same player or another from the table: the same new table, never a second.
    const again = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(players[2]!.token)).expect(200);
    expect([again.body.table.id, again.body.seat]).toEqual([rematch.id, 2]);
    for (const seat of [0, 1]) {
      // Player 0 is seated already: asking again changes nothing.
      const joined = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(players[seat]!.token)).expect(200);
      expect([joined.body.table.id, joined.body.seat]).toEqual([rematch.id, seat]);
    }
    const lastSeat = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(players[3]!.token)).expect(200);
    expect(lastSeat.body.table).toMatchObject({ id: rematch.id, status: 'playing', freeSeats: 0 });
    expect(lastSeat.body.table.seats.map((s: { playerId: string }) => s.playerId)).toEqual(players.map((p) => p.id));
    const played = await t.http.get('/tables').query({ status: 'playing', game: 'dobbm' }).expect(200);
    expect(played.body.items.filter((x: { id: string }) => x.id === rematch.id)).toHaveLength(1);
  });

  it("a rematch seats the table's bots as before", async () => {
    const [person] = await newPlayers(t, 1, 'Revanche');
    const { tableId } = await tableWithBots(t, person!, 'doppelkopf', {}, 4);
    // A Doppelkopf session ends at once between deals, else after the hand under way (the bots may have begun it).
    const asked = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(person!.token)).expect(200);
    if (asked.body.status === 'playing') await playAsPerson(t, asked.body.currentHandId, person!, rng(3));
    const old = (await t.http.get(`/tables/${tableId}`).expect(200)).body;
    expect(old.status).toBe('ended');
    expect(old.standings.map((s: { name: string }) => s.name).sort()).toEqual(old.seats.map((s: { name: string }) => s.name).sort());
    const res = await t.http.post(`/tables/${tableId}/rematch`).set(bearer(person!.token)).expect(200);
    const fresh = res.body.table;
    expect(fresh.status).toBe('playing');
    expect(fresh.seats.map((s: { bot: string | null }) => s.bot)).toEqual(old.seats.map((s: { bot: string | null }) => s.bot));
    expect(fresh.seats[0].playerId).toBe(person!.id);
    // Each bot is one of the new table's own.
    for (const seat of [1, 2, 3]) expect(fresh.seats[seat].playerId).not.toBe(old.seats[seat].playerId);
  });
});
