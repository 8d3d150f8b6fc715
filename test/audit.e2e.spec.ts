import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, playHand, rng, type Player } from './support/bots.testkit.js';

/** docs/contract.md#hand-records: import, export, verify; and the hand history. */
describe('audit', () => {
  let t: TestApp;
  let players: Player[];
  let tableId: string;
  let handId: string;
  let record: Record<string, unknown> & { actions: Record<string, unknown>[] };
  const auditor = bearer(AUDIT_TOKEN);
  // Imported records only (an imported hand is its own table): hands other apps deal on this database must not move the count.
  const handCount = async () => Number((await t.sql.query('SELECT count(*) FROM hands WHERE table_id = id')).rows[0].count);

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4, 'Audit');
    ({ tableId, handId } = await openTable(t, 'dobbm', {}, players));
    // play until a hand is actually played out (not thrown in), so it has card plays
    for (let seed = 1; ; seed++) {
      const { result, nextHandId } = await playHand(t, handId, players, { random: rng(seed) });
      if (result.status === 'finished') break;
      handId = nextHandId!;
    }
    record = (await t.http.get(`/hands/${handId}/record`).set(auditor).expect(200)).body;
  });
  afterAll(() => t.close());

  it('verify passes on a played hand and fails once a stored event is modified', async () => {
    expect((await t.http.get(`/hands/${handId}/verify`).set(auditor).expect(200)).body).toEqual(
      expect.objectContaining({ ok: true, problems: [] }),
    );
    const seq = 3;
    const { rows } = await t.sql.query('SELECT payload FROM events WHERE hand_id = $1 AND seq = $2', [handId, seq]);
    const original = rows[0].payload;
    try {
      await t.sql.query(`UPDATE events SET payload = payload || '{"note": "edited"}'::jsonb WHERE hand_id = $1 AND seq = $2`, [
        handId,
        seq,
      ]);
      const verdict = (await t.http.get(`/hands/${handId}/verify`).set(auditor).expect(200)).body;
      expect(verdict.ok).toBe(false);
      expect(verdict.problems).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'HASH_MISMATCH', seq })]));
    } finally {
      await t.sql.query('UPDATE events SET payload = $3::jsonb WHERE hand_id = $1 AND seq = $2', [handId, seq, JSON.stringify(original)]);
    }
    expect((await t.http.get(`/hands/${handId}/verify`).set(auditor).expect(200)).body.ok).toBe(true);
  });

  it('verify notices a deck changed after the deal (the commitment no longer matches)', async () => {
    const { rows } = await t.sql.query('SELECT deck FROM hands WHERE id = $1', [handId]);
    const deck = rows[0].deck as string[];
    const swapped = [deck[1], deck[0], ...deck.slice(2)];
    try {
      await t.sql.query('UPDATE hands SET deck = $2::jsonb WHERE id = $1', [handId, JSON.stringify(swapped)]);
      const verdict = (await t.http.get(`/hands/${handId}/verify`).set(auditor).expect(200)).body;
      expect(verdict.ok).toBe(false);
      expect(verdict.problems.map((p: { code: string }) => p.code)).toEqual(
        expect.arrayContaining(['COMMITMENT_MISMATCH', 'DECK_NOT_FROM_SEED']),
      );
    } finally {
      await t.sql.query('UPDATE hands SET deck = $2::jsonb WHERE id = $1', [handId, JSON.stringify(deck)]);
    }
  });

  it('the exported record reveals deck and seed once the hand is over, and re-imports to the identical result', async () => {
    expect(record).toEqual(
      expect.objectContaining({
        game: 'dobbm',
        dealer: expect.any(Number),
        deck: expect.any(Array),
        seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    );
    expect(record.actions.every((a) => typeof a.seat === 'number')).toBe(true);
    // The export names its hand: importing it answers that hand rather than storing a copy.
    expect((await t.http.post('/hand-records').set(auditor).send(record).expect(200)).body.handId).toBe(handId);
    // So does the same record without its handId: the hand dealt from that deck is this one.
    const { handId: _, ...content } = record;
    expect((await t.http.post('/hand-records').set(auditor).send(content).expect(200)).body.handId).toBe(handId);
    // Seated otherwise it is another record: stored, with the identical result.
    const seating = [...(record.seating as string[])].reverse();
    const imported = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...content, seating })
        .expect(201)
    ).body;
    expect(imported.result).toEqual(record.result);
    // the seating comes along (the collusion audit pairs the players it names)
    expect(record.seating).toEqual(players.map((p) => p.id));
    const again = (await t.http.get(`/hands/${imported.handId}/record`).set(auditor).expect(200)).body;
    expect(again.seating).toEqual(seating);
    expect(again.tableId).toBeNull();
  });

  it("seating on import: one existing player (or null) per seat, kept, exported, and the player's own", async () => {
    const seating = [players[3]!.id.toUpperCase(), null, players[1]!.id, players[0]!.id];
    const imported = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...record, seating })
        .expect(201)
    ).body;
    const exported = (await t.http.get(`/hands/${imported.handId}/record`).set(auditor).expect(200)).body;
    // stored as PostgreSQL prints uuids, so the player history (seating @> [id]) finds it
    expect(exported.seating).toEqual([players[3]!.id, null, players[1]!.id, players[0]!.id]);
    const history = (await t.http.get(`/players/${players[3]!.id}/hands?limit=100`).expect(200)).body.items;
    expect(history.map((h: { id: string }) => h.id)).toContain(imported.handId);
    // a seated player reads the finished imported hand like one played at a table
    expect((await t.http.get(`/hands/${imported.handId}/record`).set(bearer(players[1]!.token)).expect(200)).body.seating).toEqual(
      exported.seating,
    );
    expect((await t.http.get(`/hands/${imported.handId}/record`).set(bearer(players[2]!.token))).status).toBe(403);
    // the exported record re-imports as it is (null seat included): the same content, the same hand
    const back = (await t.http.post('/hand-records').set(auditor).send(exported).expect(200)).body;
    expect(back.handId).toBe(imported.handId);
    expect((await t.http.get(`/hands/${back.handId}/record`).set(auditor).expect(200)).body.seating).toEqual(exported.seating);
    // without seating: every seat null, as before
    const plain = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...record, seating: undefined })
        .expect(201)
    ).body;
    expect((await t.http.get(`/hands/${plain.handId}/record`).set(auditor).expect(200)).body.seating).toEqual([null, null, null, null]);
  });

  it('bad seating is refused with a clear code and nothing is stored', async () => {
    const before = await handCount();
    const ids = players.map((p) => p.id);
    const shapes: unknown[] = [
      ids.slice(0, 3),
      [...ids, null],
      'everyone',
      [ids[0], ids[1], ids[2], 42],
      [ids[0], ids[1], ids[2], 'Resi'],
      [ids[0], ids[1], ids[2], ids[0]],
    ];
    for (const seating of shapes) {
      const res = await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...record, seating });
      expect({ seating, status: res.status, code: res.body.code }).toEqual({ seating, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body.detail).toMatch(/seating/);
    }
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, seating: [ids[0], ids[1], ghost, ids[3]] });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body).toEqual(expect.objectContaining({ code: 'UNKNOWN_PLAYER', seat: 2 }));
    expect(await handCount()).toBe(before);
  });

  it('the OpenAPI document describes seating in the HandRecord schema', async () => {
    const doc = (await t.http.get('/docs-json').expect(200)).body;
    const seating = doc.components.schemas.HandRecord.properties.seating;
    expect(seating).toEqual(
      expect.objectContaining({ type: 'array', items: expect.objectContaining({ type: 'string', format: 'uuid', nullable: true }) }),
    );
    expect(seating.description).toMatch(/player/);
  });

  it("an illegal action is 422 with the engine's code and its actionIndex, and nothing is stored", async () => {
    const before = await handCount();
    const index = record.actions.findIndex((a) => a.type === 'play');
    const actions = record.actions.map((a, i) => (i === index ? { ...a, seat: ((a.seat as number) + 1) % 4 } : a));
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, actions });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), actionIndex: index }));
    const malformed = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, actions: [{ seat: 0, type: 'bid', bid: 'maybe' }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(expect.objectContaining({ code: 'BAD_ACTION', actionIndex: 0 }));
    const badDeck = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...record, deck: (record.deck as string[]).slice(1) });
    expect(badDeck.status).toBe(400);
    expect(await handCount()).toBe(before);
  });

  it('only the auditor imports; players read a record only of their own, finished hands', async () => {
    expect((await t.http.post('/hand-records').send(record)).status).toBe(401);
    expect((await t.http.post('/hand-records').set(bearer(players[0]!.token)).send(record)).status).toBe(403);
    const [stranger] = await newPlayers(t, 1, 'Stranger');
    const res = await t.http.get(`/hands/${handId}/record`).set(bearer(stranger!.token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_SEATED');
  });

  it('a record that stops early is stored unfinished (result null); given as hands + talon it replays the same', async () => {
    const opening = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...record, actions: [] })
        .expect(201)
    ).body;
    expect(opening.result).toBeNull();
    const dealt = await getView(t, opening.handId, AUDIT_TOKEN);
    const asHands = {
      game: 'dobbm',
      rules: record.rules,
      dealer: record.dealer,
      hands: dealt.hands,
      talon: dealt.dobb,
      actions: record.actions,
    };
    // The same deal as the deck it was dealt from: the hand imported above without seating.
    const same = (await t.http.post('/hand-records').set(auditor).send(asHands).expect(200)).body;
    expect(same.result).toEqual(record.result);
    // Seated otherwise, another record: stored as given.
    const fromHands = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...asHands, seating: [null, players[0]!.id, null, null] })
        .expect(201)
    ).body;
    expect(fromHands.result).toEqual(record.result);
    const exported = (await t.http.get(`/hands/${fromHands.handId}/record`).set(auditor).expect(200)).body;
    expect(exported.hands).toEqual(dealt.hands);
    expect((await t.http.get(`/hands/${fromHands.handId}/verify`).set(auditor).expect(200)).body.ok).toBe(true);

    const half = (
      await t.http
        .post('/hand-records')
        .set(auditor)
        .send({ ...record, actions: record.actions.slice(0, 10) })
        .expect(201)
    ).body;
    expect(half.result).toBeNull();
    const view = await getView(t, half.handId, AUDIT_TOKEN);
    expect(view.seq).toBe(10);
    expect((await t.http.get(`/hands/${half.handId}/verify`).set(auditor).expect(200)).body.ok).toBe(true);
  });

  it("hand history lists a table's and a player's hands newest first, page by page", async () => {
    const all = (await t.http.get(`/tables/${tableId}/hands?limit=100`).expect(200)).body.items;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string; tableId: string | null }[]; nextCursor: string | null } = (
        await t.http
          .get(`/players/${players[2]!.id}/hands`)
          .query(cursor ? { limit: 1, cursor } : { limit: 1 })
          .expect(200)
      ).body;
      expect(page.items.length).toBeLessThanOrEqual(1);
      // the player's history also holds the records imported with his seat (tableId null)
      seen.push(...page.items.filter((h) => h.tableId === tableId).map((h) => h.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((h: { id: string }) => h.id));
    const created = all.map((h: { createdAt: string }) => h.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(JSON.stringify(all)).not.toMatch(/"deck"|"hand"\s*:/);
    expect((await t.http.get(`/tables/${tableId}/hands?cursor=nonsense`)).status).toBe(400);
  });
});
