import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.js';
import { getView, newPlayers, openTable, playHand, playHandQuickly, rng } from './support/bots.js';

/** Sessions come from the engine: dealer rotation, Stockerl, the Mußrunde (RULES.md §1.4, §1.11, §1.12). */
describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('a five-player Dobbm hand everybody passes is thrown in: the deal moves left and the new dealer gets a Stockerl', async () => {
    const players = await newPlayers(t, 5, 'Fünf');
    const { tableId, handId } = await openTable(t, 'dobbm', { players: 5, stake: 12 }, players);
    const dealer = (await getView(t, handId, players[0]!.token)).dealer as number;
    const passOnly = (options: { seat: number; action: Record<string, unknown> }[]) => options.find((o) => o.action.type === 'bid' && o.action.bid === 'pass')!;
    const { result, nextHandId } = await playHand(t, handId, players, { random: rng(5), choose: passOnly });
    expect(result.status).toBe('thrownIn');
    expect(result.declarer).toBeNull();
    const newDealer = (dealer + 1) % 5;
    // St = R(10 × S / 60) = 2 at S = 12, from each of the four others (RULES.md §1.11)
    expect(result.scores).toEqual(Array.from({ length: 5 }, (_, s) => (s === newDealer ? 8 : -2)));
    const table = (await t.http.get(`/tables/${tableId}`).expect(200)).body;
    expect(table.currentHandId).toBe(nextHandId);
    expect(table.dealer).toBe(newDealer);
    expect((await getView(t, nextHandId!, players[0]!.token)).dealer).toBe(newDealer);
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    expect(ledger.balances.map((b: { amount: number }) => b.amount)).toEqual(result.scores);
    expect((await t.http.get(`/hands/${handId}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body.ok).toBe(true);
  });

  it('the host\'s session end starts a Mußrunde: after the running deal, one forced deal per seat, then the table ends', async () => {
    const players = await newPlayers(t, 4, 'Muß');
    const { tableId, handId } = await openTable(t, 'dobbm', { players: 4 }, players);
    // whoMayCall = host: a seat that is not the host may not end the session
    const denied = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[1]!.token));
    expect(denied.status).toBe(422);
    expect(denied.body.code).toBe('CALL_NOT_ALLOWED');
    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    expect(ended.body).toEqual({ status: 'playing', currentHandId: handId });
    const again = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token));
    expect(again.body.code).toBe('SESSION_ALREADY_ENDING');

    const random = rng(12);
    let next: string | null = handId;
    const played: { handId: string; mussrunde: boolean; declarer: number | null; status: string }[] = [];
    while (next) {
      const view = await getView(t, next, players[0]!.token);
      const { result, nextHandId } = await playHand(t, next, players, { random });
      played.push({ handId: next, mussrunde: view.mussrunde as boolean, declarer: result.declarer as number | null, status: result.status as string });
      next = nextHandId;
    }
    const mussrunde = played.filter((h) => h.mussrunde);
    expect(played[0]!.mussrunde).toBe(false);
    expect(mussrunde).toHaveLength(4);
    expect(mussrunde.every((h) => h.status === 'finished')).toBe(true);
    expect(mussrunde.map((h) => h.declarer).sort()).toEqual([0, 1, 2, 3]);
    const table = (await t.http.get(`/tables/${tableId}`).expect(200)).body;
    expect(table.status).toBe('ended');
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    expect(ledger.entries).toHaveLength(played.length);
    expect(ledger.balances.reduce((a: number, b: { amount: number }) => a + b.amount, 0)).toBe(0);
    const over = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token));
    expect(over.body.code).toBe('TABLE_NOT_PLAYING');
  });

  it('a Droggn session ends after the running hand and the four closing hands that are played out (RULES.md §3.14)', async () => {
    const players = await newPlayers(t, 3, 'Droggn');
    const { tableId, handId } = await openTable(t, 'droggn', { players: 3 }, players);
    await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[1]!.token)).expect(200);
    const random = rng(77);
    const keen = (options: { seat: number; action: Record<string, unknown> }[]) => {
      const bids = options.filter((o) => o.action.type === 'bid' && o.action.bid !== 'pass');
      const pool = bids.length > 0 ? bids : options;
      return pool[Math.floor(random() * pool.length)]!;
    };
    let next: string | null = handId;
    const statuses: string[] = [];
    while (next && statuses.length < 30) {
      const { result, nextHandId } = await playHand(t, next, players, { random, choose: keen });
      statuses.push(result.status as string);
      next = nextHandId;
    }
    expect(next).toBeNull();
    expect(statuses.slice(1).filter((s) => s === 'finished')).toHaveLength(4);
    expect((await t.http.get(`/tables/${tableId}`).expect(200)).body.status).toBe('ended');
  });

  it('a Doppelkopf tournament runs 20 counted deals and every seat plays its compulsory solo, then ends', async () => {
    const players = await newPlayers(t, 4, 'Turnier');
    const { tableId, handId } = await openTable(t, 'doppelkopf', { mode: 'tournament' }, players);
    const random = rng(2026);
    const hands: { compulsory: boolean; declarer: unknown; status: unknown }[] = [];
    let next: string | null = handId;
    while (next && hands.length < 60) {
      const { result, nextHandId, view } = await playHandQuickly(t, next, players, random);
      const after = await getView(t, next, players[0]!.token);
      hands.push({ compulsory: after.compulsory === true, declarer: result.declarer, status: result.status });
      expect(view.id).toBe(next);
      next = nextHandId;
    }
    expect(next).toBeNull();
    expect((await t.http.get(`/tables/${tableId}`).expect(200)).body.status).toBe('ended');
    expect(hands.filter((h) => h.compulsory).map((h) => h.declarer).sort()).toEqual([0, 1, 2, 3]);
    expect(hands.filter((h) => !h.compulsory && h.status === 'finished').length).toBeGreaterThanOrEqual(20);
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    expect(ledger.entries).toHaveLength(hands.length);
    expect(ledger.balances.reduce((a: number, b: { amount: number }) => a + b.amount, 0)).toBe(0);
  }, 240_000);

  it('ending an informal Doppelkopf session before anyone acted drops the unplayed hand (void) and closes the table', async () => {
    const players = await newPlayers(t, 4, 'Schluss');
    const { tableId, handId } = await openTable(t, 'doppelkopf', {}, players);
    const view = await getView(t, handId, players[0]!.token);
    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[2]!.token)).expect(200);
    expect(ended.body).toEqual({ status: 'ended', currentHandId: handId });
    const actor = players[view.toAct[0]!]!;
    const actorView = await getView(t, handId, actor.token);
    const { seat: _s, ...action } = actorView.legalActions![0]!;
    const res = await t.http.post(`/hands/${handId}/actions`).set(bearer(actor.token)).send({ expectedSeq: 0, action });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('HAND_CLOSED');
    expect((await getView(t, handId, actor.token)).status).toBe('void');
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    expect(ledger.entries).toEqual([]);
  });
});
