import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, playHand, playHandQuickly, rng, type Player } from './support/bots.testkit.js';

/** Makes the first action of a hand (a bid rather than a pass where there is one), so the hand is underway. */
async function actOnce(t: TestApp, handId: string, players: Player[]): Promise<void> {
  const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
  const view = views.find((v) => (v.legalActions ?? []).length > 0)!;
  const legal = view.legalActions!;
  const { seat: _seat, ...action } = legal.find((a) => a.type === 'bid' && a.bid !== 'pass') ?? legal[0]!;
  await t.http.post(`/hands/${handId}/actions`).set(bearer(players[view.seat!]!.token)).send({ expectedSeq: view.seq, action }).expect(200);
}

/** Droggn bots that bid when they can, so that few hands are thrown in. */
function keenBidder(random: () => number) {
  return (options: { seat: number; action: Record<string, unknown> }[]) => {
    const bids = options.filter((o) => o.action.type === 'bid' && o.action.bid !== 'pass');
    const pool = bids.length > 0 ? bids : options;
    return pool[Math.floor(random() * pool.length)]!;
  };
}

/** Sessions come from the engine: dealer rotation, Stockerl, the Mußrunde (docs/rules/dobbm.md#dealer, docs/rules/dobbm.md#stockerl, docs/rules/dobbm.md#mussrunde). */
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
    const passOnly = (options: { seat: number; action: Record<string, unknown> }[]) =>
      options.find((o) => o.action.type === 'bid' && o.action.bid === 'pass')!;
    const { result, nextHandId } = await playHand(t, handId, players, { random: rng(5), choose: passOnly });
    expect(result.status).toBe('thrownIn');
    expect(result.declarer).toBeNull();
    const newDealer = (dealer + 1) % 5;
    // St = R(10 × S / 60) = 2 at S = 12, from each of the four others (docs/rules/dobbm.md#stockerl)
    expect(result.scores).toEqual(Array.from({ length: 5 }, (_, s) => (s === newDealer ? 8 : -2)));
    const table = (await t.http.get(`/tables/${tableId}`).expect(200)).body;
    expect(table.currentHandId).toBe(nextHandId);
    // every seat's view of the thrown-in hand points to it too, not only the last actor's answer
    expect((await getView(t, handId, players[3]!.token)).nextHandId).toBe(nextHandId);
    expect(table.dealer).toBe(newDealer);
    expect((await getView(t, nextHandId!, players[0]!.token)).dealer).toBe(newDealer);
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    expect(ledger.balances.map((b: { amount: number }) => b.amount)).toEqual(result.scores);
    expect((await t.http.get(`/hands/${handId}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body.ok).toBe(true);
  });

  it("the host's session end during a deal starts a Mußrunde: after the running deal, one forced deal per seat, then the table ends", async () => {
    const players = await newPlayers(t, 4, 'Muß');
    const { tableId, handId } = await openTable(t, 'dobbm', { players: 4 }, players);
    // Someone has acted: the request falls during the deal, which is played out (docs/rules/dobbm.md#mussrunde).
    await actOnce(t, handId, players);
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
      played.push({
        handId: next,
        mussrunde: view.mussrunde as boolean,
        declarer: result.declarer as number | null,
        status: result.status as string,
      });
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

  it('a Droggn end announced during a hand: that hand, then the four closing hands that are played out (docs/rules/droggn.md#session-end)', async () => {
    const players = await newPlayers(t, 3, 'Droggn');
    const { tableId, handId } = await openTable(t, 'droggn', { players: 3 }, players);
    // "a call during a deal takes effect after it" (docs/rules/droggn.md#session-end)
    await actOnce(t, handId, players);
    const announced = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[1]!.token)).expect(200);
    expect(announced.body).toEqual({ status: 'playing', currentHandId: handId });
    const random = rng(77);
    const keen = keenBidder(random);
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

  it('a Mußrunde called between deals replaces the untouched hand: exactly 4 forced deals, each seat declarer once, the same cards (docs/rules/dobbm.md#mussrunde)', async () => {
    const players = await newPlayers(t, 4, 'Zwischen');
    const { tableId, handId: first } = await openTable(t, 'dobbm', { players: 4 }, players);
    const random = rng(41);
    const { nextHandId: pending } = await playHand(t, first, players, { random });
    expect(pending).not.toBeNull();
    const pendingDealer = (await getView(t, pending!, players[0]!.token)).dealer as number;

    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    expect(ended.body.status).toBe('playing');
    const replacement = ended.body.currentHandId as string;
    expect(replacement).not.toBe(pending);
    expect((await t.http.get(`/tables/${tableId}`).expect(200)).body.currentHandId).toBe(replacement);
    const dropped = await getView(t, pending!, players[0]!.token);
    expect(dropped.status).toBe('void');
    expect(dropped.nextHandId).toBe(replacement);

    const played: { handId: string; mussrunde: unknown; dealer: number; declarer: unknown; status: unknown }[] = [];
    let next: string | null = replacement;
    while (next && played.length < 10) {
      const view = await getView(t, next, players[0]!.token);
      const { result, nextHandId } = await playHand(t, next, players, { random });
      played.push({
        handId: next,
        mussrunde: view.mussrunde,
        dealer: view.dealer as number,
        declarer: result.declarer,
        status: result.status,
      });
      next = nextHandId;
    }
    expect(next).toBeNull();
    expect(played).toHaveLength(4);
    // the session's last hand points nowhere
    expect((await getView(t, played[3]!.handId, players[1]!.token)).nextHandId).toBeUndefined();
    // The first Mußrunde deal is dealt by the pending deal's dealer; in each the first player
    // to the dealer's left must declare and no throw-in is possible.
    expect(played[0]!.dealer).toBe(pendingDealer);
    for (const h of played) {
      expect(h.mussrunde).toBe(true);
      expect(h.status).toBe('finished');
      expect(h.declarer).toBe((h.dealer + 1) % 4);
    }
    expect(played.map((h) => h.declarer).sort()).toEqual([0, 1, 2, 3]);
    expect((await t.http.get(`/tables/${tableId}`).expect(200)).body.status).toBe('ended');

    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body;
    const booked = new Set(ledger.entries.map((e: { handId: string }) => e.handId));
    expect(booked).toEqual(new Set([first, ...played.map((h) => h.handId)]));
    // Nobody had acted in the voided hand: its cards are re-dealt, not reshuffled.
    const deckOf = async (id: string) => (await t.http.get(`/hands/${id}/record`).set(bearer(AUDIT_TOKEN)).expect(200)).body.deck;
    expect(await deckOf(replacement)).toEqual(await deckOf(pending!));
    expect((await t.http.get(`/hands/${replacement}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body.ok).toBe(true);
  });

  it('a Droggn end announced between deals: the untouched hand is replaced and is the first of exactly four completed hands (docs/rules/droggn.md#session-end)', async () => {
    const players = await newPlayers(t, 3, 'Schlussrunde');
    const { tableId, handId: first } = await openTable(t, 'droggn', { players: 3 }, players);
    const random = rng(303);
    const keen = keenBidder(random);
    const { nextHandId: pending } = await playHand(t, first, players, { random, choose: keen });
    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[2]!.token)).expect(200);
    expect(ended.body.status).toBe('playing');
    expect(ended.body.currentHandId).not.toBe(pending);
    const dropped = await getView(t, pending!, players[0]!.token);
    expect(dropped.status).toBe('void');
    expect(dropped.nextHandId).toBe(ended.body.currentHandId);
    // The void hand's deck is the replacement's, which is in play: its record stays with the auditor.
    const record = await t.http.get(`/hands/${pending}/record`).set(bearer(players[0]!.token));
    expect(record.status).toBe(403);
    expect(record.body.code).toBe('RECORD_NOT_AVAILABLE');
    let next: string | null = ended.body.currentHandId;
    const statuses: string[] = [];
    while (next && statuses.length < 30) {
      const { result, nextHandId } = await playHand(t, next, players, { random, choose: keen });
      statuses.push(result.status as string);
      next = nextHandId;
    }
    expect(next).toBeNull();
    // Thrown-in deals do not count: four completed hands, the last of them ends the session.
    expect(statuses.filter((s) => s === 'finished')).toHaveLength(4);
    expect(statuses[statuses.length - 1]).toBe('finished');
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
    expect(
      hands
        .filter((h) => h.compulsory)
        .map((h) => h.declarer)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
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
