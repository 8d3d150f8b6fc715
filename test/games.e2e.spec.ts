import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable, playHand, rng } from './support/bots.testkit.js';

type Option = { seat: number; action: Record<string, unknown> };

/** Random, but keen to bid, so that most hands are played out rather than thrown in. */
const keenBidder =
  (random: () => number) =>
  (options: Option[]): Option => {
    const bids = options.filter((o) => o.action.type === 'bid' && o.action.bid !== 'pass');
    const pool = bids.length > 0 && random() < 0.7 ? bids : options;
    return pool[Math.floor(random() * pool.length)]!;
  };

/**
 * Whole hands of every game and player count, played through HTTP by bots choosing from their
 * own views' legalActions; every view checked against the hidden-information oracle; then the
 * ledger, verify and the hand record of each hand.
 */
const tables: { game: string; rules: Record<string, unknown>; seats: number; hands: number }[] = [
  { game: 'dobbm', rules: { players: 4 }, seats: 4, hands: 3 },
  { game: 'dobbm', rules: { players: 5 }, seats: 5, hands: 3 },
  { game: 'dobbm', rules: { players: 4, rounding: 'exact', stake: 7 }, seats: 4, hands: 2 },
  { game: 'droggn', rules: { players: 3 }, seats: 3, hands: 2 },
  { game: 'droggn', rules: { players: 4 }, seats: 4, hands: 2 },
  { game: 'doppelkopf', rules: { players: 4 }, seats: 4, hands: 2 },
  { game: 'doppelkopf', rules: { players: 5, deck: 40 }, seats: 5, hands: 2 },
];

describe.each(tables)('$game with $seats seats ($rules)', ({ game, rules, seats, hands }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it(`plays ${hands} hands; ledger, verify and hand records agree with the results`, async () => {
    const players = await newPlayers(t, seats, game);
    const [spectator] = await newPlayers(t, 1, 'Kibitz');
    const opened = await openTable(t, game, rules, players);
    const random = rng(seats * 1000 + hands);
    let handId: string | null = opened.handId;
    const results: { handId: string; scores: number[]; status: unknown }[] = [];
    for (let i = 0; i < hands && handId; i++) {
      const played = await playHand(t, handId, players, { random, oracle: true, spectator, choose: keenBidder(random) });
      const scores = played.result.scores as number[];
      expect(scores).toHaveLength(seats);
      expect(scores.reduce((a, b) => a + Math.round(b * 100), 0)).toBe(0);
      results.push({ handId, scores, status: played.result.status });
      handId = played.nextHandId;
    }

    expect(results.some((r) => r.status === 'finished')).toBe(true);

    // The ledger: one entry per hand, balances = sums of the hands' scores, zero-sum.
    const ledger = (await t.http.get(`/tables/${opened.tableId}/ledger`).expect(200)).body;
    expect(ledger.entries.map((e: { handId: string }) => e.handId)).toEqual(results.map((r) => r.handId));
    expect(ledger.entries.map((e: { scores: number[] }) => e.scores)).toEqual(results.map((r) => r.scores));
    const cents = Array.from({ length: seats }, (_, s) => results.reduce((a, r) => a + Math.round(r.scores[s]! * 100), 0));
    expect(ledger.balances.map((b: { amount: number }) => Math.round(b.amount * 100))).toEqual(cents);
    expect(cents.reduce((a, b) => a + b, 0)).toBe(0);
    expect(ledger.balances.map((b: { playerId: string }) => b.playerId)).toEqual(players.map((p) => p.id));

    for (const { handId: id } of results) {
      // verify replays the log with the engine
      const verdict = (await t.http.get(`/hands/${id}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body;
      expect(verdict).toEqual(expect.objectContaining({ ok: true, problems: [] }));
      // a finished hand's record is open to its players; imported, it answers that hand (200) …
      const record = (await t.http.get(`/hands/${id}/record`).set(bearer(players[0]!.token)).expect(200)).body;
      expect(record.deck ?? record.hands).toBeDefined();
      expect((await t.http.post('/hand-records').set(bearer(AUDIT_TOKEN)).send(record).expect(200)).body.handId).toBe(id);
      // … and seated by nobody it is a record of its own, which imports to the identical result, once
      const { handId: _, seating: __, ...content } = record;
      const first = (await t.http.post('/hand-records').set(bearer(AUDIT_TOKEN)).send(content).expect(201)).body;
      expect(first.result).toEqual(record.result);
      const exported = (await t.http.get(`/hands/${first.handId}/record`).set(bearer(AUDIT_TOKEN)).expect(200)).body;
      const second = (await t.http.post('/hand-records').set(bearer(AUDIT_TOKEN)).send(exported).expect(200)).body;
      expect([second.handId, second.result]).toEqual([first.handId, first.result]);
      expect((await t.http.get(`/hands/${first.handId}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body.ok).toBe(true);
    }

    // hand history, newest first
    const history = (await t.http.get(`/tables/${opened.tableId}/hands?limit=100`).expect(200)).body;
    expect(history.items[0].number).toBeGreaterThanOrEqual(history.items[history.items.length - 1].number);
  });
});
