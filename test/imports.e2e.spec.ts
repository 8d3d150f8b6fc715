import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable, playHand, rng, type Player } from './support/bots.testkit.js';

/** A hand record is stored once, whoever imports it how often: histories and the audit count each hand once. */
describe('importing the same hand record again', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;
  let exported: Record<string, unknown>;
  const auditor = bearer(AUDIT_TOKEN);
  const hands = async () => Number((await t.sql.query('SELECT count(*) FROM hands')).rows[0].count);
  const history = async (p: Player) =>
    (await t.http.get(`/players/${p.id}/hands?limit=100`).expect(200)).body.items as { id: string; imported: boolean }[];

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('imports');
    players = await newPlayers(t, 4, 'Importer');
    ({ handId } = await openTable(t, 'dobbm', {}, players));
    for (let seed = 1; ; seed++) {
      const { result, nextHandId } = await playHand(t, handId, players, { random: rng(seed) });
      if (result.status === 'finished') break;
      handId = nextHandId!;
    }
    exported = (await t.http.get(`/hands/${handId}/record`).set(auditor).expect(200)).body;
  });
  afterAll(() => t.close());

  it('answers the export of a hand dealt here with that hand (200), with or without its ids, ten times, and stores nothing', async () => {
    const before = await hands();
    const { handId: _, tableId: __, seed: ___, ...bare } = exported;
    for (let i = 0; i < 10; i++) {
      const res = await t.http
        .post('/hand-records')
        .set(auditor)
        .send(i % 2 ? exported : bare);
      expect([res.status, res.body.handId]).toEqual([200, handId]);
      expect(res.body.result).toEqual(exported.result);
    }
    expect(await hands()).toBe(before);
    expect((await history(players[0]!)).filter((h) => h.id === handId)).toHaveLength(1);
  });

  it('stores a record once however often, in whatever field order, it is imported', async () => {
    // Seated otherwise than the hand dealt from its deck: a record of its own.
    const { handId: _, tableId: __, seed: ___, result: ____, ...dealt } = exported;
    const record = { ...dealt, seating: [...(dealt.seating as string[])].reverse() };
    const before = await hands();
    const first = await t.http.post('/hand-records').set(auditor).send(record);
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    for (let i = 0; i < 9; i++) {
      const res = await t.http
        .post('/hand-records')
        .set(auditor)
        .send(i % 2 ? record : reordered);
      expect([res.status, res.body.handId]).toEqual([200, first.body.handId]);
    }
    expect(await hands()).toBe(before + 1);
    // The player's history shows the imported copy once, marked as imported.
    const mine = await history(players[0]!);
    expect(mine.filter((h) => h.id === first.body.handId)).toEqual([expect.objectContaining({ imported: true })]);
    expect(mine.find((h) => h.id === handId)?.imported).toBe(false);
    // Another record (another seating) is another hand.
    const other = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, seating: [null, null, null, null] });
    expect(other.status).toBe(201);
    expect(other.body.handId).not.toBe(first.body.handId);
  });

  it('refuses a context larger than a deal needs, and stores nothing', async () => {
    const { handId: _, ...record } = exported;
    const before = await hands();
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, context: { note: 'x'.repeat(50_000) } });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await hands()).toBe(before);
  });

  /**
   * The record's deal as hands and Dobb, by docs/rules/dobbm.md#deal (four players: a0 is the
   * dealer's left, two rounds of four cards, the Dobb from 32 to 35), each hand in another order.
   */
  function handsAndDobb(deck: string[], dealer: number): { hands: string[][]; talon: string[] } {
    const hands: string[][] = [[], [], [], []];
    for (let i = 0; i < 4; i++)
      hands[(dealer + 1 + i) % 4] = [...deck.slice(4 * i, 4 * i + 4), ...deck.slice(16 + 4 * i, 20 + 4 * i)].reverse();
    return { hands, talon: deck.slice(32, 36).reverse() };
  }

  it("answers a table hand's record with `context: {}` as that hand (200), and stores nothing", async () => {
    const { handId: _, tableId: __, seed: ___, ...bare } = exported;
    const before = await hands();
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...bare, context: {} });
    expect([res.status, res.body.handId]).toEqual([200, handId]);
    expect(await hands()).toBe(before);
  });

  it('stores every spelling of one record once: no context or `context: {}`, a deck or hands and talon, cards in any order', async () => {
    const { handId: _, tableId: __, seed: ___, result: ____, deck, ...dealt } = exported;
    // Seated otherwise than the hand dealt here: a record of its own.
    const record = { ...dealt, seating: [players[2]!.id, null, null, players[1]!.id] };
    const split = handsAndDobb(deck as string[], exported.dealer as number);
    const before = await hands();
    const first = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, deck });
    expect(first.status).toBe(201);
    const spellings = [
      { ...record, deck, context: {} },
      { ...record, ...split },
      { ...record, ...split, context: {} },
      { ...record, deck, context: { note: null, flags: {} } },
    ];
    for (const spelling of spellings) {
      const res = await t.http.post('/hand-records').set(auditor).send(spelling);
      expect([res.status, res.body.handId]).toEqual([200, first.body.handId]);
    }
    expect(await hands()).toBe(before + 1);
  });
});
