import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BotRunner, type BotTurn } from '../src/bots/bot-runner.js';
import type { Action, SeatView } from '../src/solvers/search/strategy.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player, type View } from './support/bots.testkit.js';
import { assertNothingHidden } from './support/oracle.testkit.js';

/**
 * Bots in seats: the host seats bots; they act through the same append path as a
 * person, promptly, from their seat's view, on whichever instance sees the hand move; a table
 * with bots moves on to the next hand by itself, and a table of bots only winds itself down.
 */
describe('bots in seats', () => {
  let a: TestApp;
  let b: TestApp;
  let players: Player[];

  beforeAll(async () => {
    [a, b] = await Promise.all([startApp(), startApp()]);
    players = await newPlayers(a, 3, 'Host');
  });
  /** Tables this file leaves with bots still to play: ended here, so no later file's instances play them on. */
  const leftOver: string[] = [];
  afterAll(async () => {
    await a?.sql.query(`UPDATE tables SET status = 'ended' WHERE id = ANY($1::uuid[])`, [leftOver]);
    await a?.close();
    await b?.close();
  });

  type Choose = (turn: BotTurn, view: SeatView) => Action | Promise<Action>;
  /** Wraps both instances' bot decisions for one test; returns the restore. */
  const wrapChoice = (wrap: (original: Choose) => Choose): (() => void) => {
    const runners = [a, b].map((t) => t.app.get(BotRunner));
    const originals = runners.map((r) => r.choose);
    runners.forEach((r, i) => (r.choose = wrap(originals[i]!)));
    return () => runners.forEach((r, i) => (r.choose = originals[i]!));
  };
  const tableOf = async (t: TestApp, handId: string): Promise<string> =>
    (await t.sql.query<{ table_id: string }>('SELECT table_id FROM hands WHERE id = $1', [handId])).rows[0]!.table_id;

  const create = async (t: TestApp, game: string, host: Player, rules: Record<string, unknown> = {}) =>
    (await t.http.post('/tables').set(bearer(host.token)).send({ game, rules }).expect(201)).body as { id: string };

  /** Waits (long poll) until the hand moves past `seq`, or returns the view at once if it already has. */
  const viewAfter = async (t: TestApp, handId: string, token: string, seq: number): Promise<View> => {
    const res = await t.http.get(`/hands/${handId}`).set(bearer(token)).set('If-None-Match', `"${seq}"`).set('Prefer', 'wait=10');
    if (res.status === 304) return viewAfter(t, handId, token, seq);
    expect(res.status).toBe(200);
    return res.body as View;
  };

  it('only the host seats a bot, in a free seat, with a known strength', async () => {
    const [host, other] = players as [Player, Player];
    const table = await create(a, 'dobbm', host);
    const seated = await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({ seat: 2, strength: 'random' });
    expect(seated.status).toBe(201);
    expect(seated.body).toEqual({ seat: 2, playerId: expect.any(String), name: 'Bot 3 (random)', bot: 'random' });
    const next = await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({});
    expect(next.body).toMatchObject({ seat: 0, bot: 'heuristic' });
    expect(next.body.playerId).not.toBe(seated.body.playerId); // each bot is a player of its own
    const seats = (await a.http.get(`/tables/${table.id}`).expect(200)).body.seats as { bot: string | null; playerId: string | null }[];
    expect(seats.map((s) => s.bot)).toEqual(['heuristic', null, 'random', null]);

    const refusals = [
      [other, { seat: 1 }, 403, 'NOT_HOST'],
      [host, { seat: 2 }, 409, 'SEAT_TAKEN'],
      [host, { seat: 7 }, 400, 'VALIDATION_FAILED'],
      [host, { strength: 'grandmaster' }, 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [who, body, status, code] of refusals) {
      const res = await a.http.post(`/tables/${table.id}/bots`).set(bearer(who.token)).send(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect((await a.http.post(`/tables/${table.id}/bots`).send({})).status).toBe(401);
    // Nothing changed by the refusals.
    expect(((await a.http.get(`/tables/${table.id}`).expect(200)).body.seats as { bot: string | null }[]).map((s) => s.bot)).toEqual([
      'heuristic',
      null,
      'random',
      null,
    ]);

    // The host may take a bot out again before the deal; nobody else, and only a bot.
    for (const [who, seat, status, code] of [
      [other, '2', 403, 'NOT_HOST'],
      [host, '1', 409, 'NO_BOT_IN_SEAT'],
      [host, 'x', 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await a.http.delete(`/tables/${table.id}/bots/${seat}`).set(bearer(who.token));
      expect({ seat, status: res.status, code: res.body.code }).toEqual({ seat, status, code });
    }
    await a.http.delete(`/tables/${table.id}/bots/2`).set(bearer(host.token)).expect(204);
    expect(((await a.http.get(`/tables/${table.id}`).expect(200)).body.seats as { bot: string | null }[]).map((s) => s.bot)).toEqual([
      'heuristic',
      null,
      null,
      null,
    ]);
  });

  it('a person plays a whole Droggn hand against two bots, which move on their own turns and on to the next hand', async () => {
    const host = players[0]!;
    const table = await create(a, 'droggn', host);
    await a.http.post(`/tables/${table.id}/seats`).set(bearer(host.token)).send({ seat: 1 }).expect(201);
    await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({ strength: 'heuristic' }).expect(201);
    const last = await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({ strength: 'random' }).expect(201);
    const handId = last.body.currentHandId as string;
    expect(handId).toEqual(expect.any(String));
    const late = await a.http.delete(`/tables/${table.id}/bots/2`).set(bearer(host.token));
    expect([late.status, late.body.code]).toEqual([409, 'SEATS_FIXED']);

    let view = await viewAfter(a, handId, host.token, -1);
    let mine = 0;
    for (let step = 0; view.status === 'active'; step++) {
      expect(step).toBeLessThan(200);
      if (view.toAct.includes(1) && view.legalActions?.length) {
        const { seat: _seat, ...action } = view.legalActions[0]!;
        // Through the other instance: the bots answer on whichever instance sees the move.
        const res = await (step % 2 ? a : b).http
          .post(`/hands/${handId}/actions`)
          .set(bearer(host.token))
          .send({ expectedSeq: view.seq, action });
        expect(res.status).toBe(200);
        mine++;
        view = res.body as View;
        continue;
      }
      view = await viewAfter(a, handId, host.token, view.seq);
    }
    expect(mine).toBeGreaterThan(0);
    const events = (await a.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body as {
      seq: number;
      seat: number | null;
    }[];
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(new Set(events.slice(1).map((e) => e.seat))).toEqual(new Set([0, 1, 2]));
    const verified = await a.http.get(`/hands/${handId}/verify`).set(bearer(AUDIT_TOKEN)).expect(200);
    expect(verified.body).toMatchObject({ ok: true, problems: [] });

    // The next hand is dealt and the bots play it up to the person's turn by themselves.
    const tableNow = (await a.http.get(`/tables/${table.id}`).expect(200)).body as { currentHandId: string; handCount: number };
    expect(tableNow.handCount).toBe(2);
    const next = await viewAfter(a, tableNow.currentHandId, host.token, -1);
    for (let i = 0; !next.toAct.includes(1) && i < 20; i++)
      Object.assign(next, await viewAfter(a, tableNow.currentHandId, host.token, next.seq));
    expect(next.toAct).toContain(1);
  });

  it('a table of four bots plays on its own on two instances, winds its session down and ends, with every log intact', async () => {
    const host = players[2]!;
    const table = await create(b, 'dobbm', host);
    for (let i = 0; i < 4; i++)
      await (i % 2 ? a : b).http
        .post(`/tables/${table.id}/bots`)
        .set(bearer(host.token))
        .send({ strength: i % 2 ? 'random' : 'heuristic' })
        .expect(201);
    let status = 'playing';
    for (let i = 0; i < 240 && status !== 'ended'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await a.http.get(`/tables/${table.id}`).expect(200)).body.status;
    }
    expect(status).toBe('ended');
    const hands = (await a.http.get(`/tables/${table.id}/hands`).query({ limit: 100 }).expect(200)).body.items as {
      id: string;
      status: string;
      number: number;
    }[];
    // Three hands, then the host's end (the bots ask for it) brings the Mußrunde: four more.
    expect(hands.filter((h) => h.status !== 'void').length).toBeGreaterThanOrEqual(4);
    for (const h of hands.filter((x) => x.status !== 'void')) {
      expect(h.status).toMatch(/^(finished|thrownIn)$/);
      const verified = await a.http.get(`/hands/${h.id}/verify`).set(bearer(AUDIT_TOKEN)).expect(200);
      expect(verified.body).toMatchObject({ ok: true, problems: [] });
    }
    const ledger = (await a.http.get(`/tables/${table.id}/ledger`).expect(200)).body as { balances: { amount: number }[] };
    expect(ledger.balances.reduce((s, x) => s + x.amount, 0)).toBe(0);
  }, 90_000);

  it("a bot decides from its seat's view: it holds its own cards and nothing another seat may hide", async () => {
    const host = players[1]!;
    const table = await create(a, 'doppelkopf', host);
    leftOver.push(table.id);
    let checked = 0;
    const failures: string[] = [];
    const restore = wrapChoice((original) => async (turn, view) => {
      if ((await tableOf(a, turn.handId)) === table.id) {
        try {
          expect(view.seat).toBe(turn.seat);
          const auditor = (await a.http.get(`/hands/${turn.handId}`).set(bearer(AUDIT_TOKEN)).expect(200)).body as View;
          // What is public (the spectator's view and log) and what the seat did itself are exempt, as in the games' e2e.
          const spectator = {
            view: (await a.http.get(`/hands/${turn.handId}`).set(bearer(players[0]!.token)).expect(200)).body,
            log: (await a.http.get(`/hands/${turn.handId}/events`).set(bearer(players[0]!.token)).expect(200)).body,
          };
          const auditorLog = (await a.http.get(`/hands/${turn.handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body;
          if (auditor.seq === (view as unknown as View).seq) {
            expect([...(view.hand ?? [])].sort()).toEqual([...((auditor.hands as string[][])[turn.seat] ?? [])].sort());
            assertNothingHidden(view as unknown as View, auditor, spectator, view as unknown as View, auditorLog);
            checked++;
          }
        } catch (err) {
          failures.push(String(err));
        }
      }
      return original(turn, view);
    });
    try {
      for (let i = 0; i < 4; i++) await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({}).expect(201);
      for (let i = 0; i < 120 && checked < 80; i++) await new Promise((r) => setTimeout(r, 250));
    } finally {
      restore();
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(80);
  }, 60_000);

  it('a refused bot move is logged and not tried again: the hand waits at that seq', async () => {
    const host = players[0]!;
    const table = await create(a, 'dobbm', host);
    leftOver.push(table.id);
    let tries = 0;
    const restore = wrapChoice((original) => async (turn, view) => {
      if ((await tableOf(a, turn.handId)) !== table.id) return original(turn, view);
      tries++;
      return { type: 'play', card: 'XX' }; // never legal
    });
    try {
      await a.http.post(`/tables/${table.id}/seats`).set(bearer(host.token)).send({ seat: 0 }).expect(201);
      let handId = '';
      for (let i = 0; i < 3; i++)
        handId = (await a.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({}).expect(201)).body.currentHandId ?? handId;
      // The host bids until a bot's turn comes.
      let view = (await a.http.get(`/hands/${handId}`).set(bearer(host.token)).expect(200)).body as View;
      while (view.toAct.includes(0)) {
        const { seat: _seat, ...action } = view.legalActions![0]!;
        view = (await a.http.post(`/hands/${handId}/actions`).set(bearer(host.token)).send({ expectedSeq: view.seq, action }).expect(200))
          .body as View;
      }
      const stuckAt = view.seq;
      await new Promise((r) => setTimeout(r, 6500)); // past the 5 s sweep of both instances
      expect((await a.http.get(`/hands/${handId}`).set(bearer(host.token)).expect(200)).body.seq).toBe(stuckAt);
      expect(tries).toBeGreaterThanOrEqual(1);
      expect(tries).toBeLessThanOrEqual(2); // once per instance, then never again
    } finally {
      restore();
    }
  }, 30_000);
});
