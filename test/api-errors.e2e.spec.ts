import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, type Player } from './support/bots.testkit.js';

/** docs/contract.md#errors: every 4xx is problem+json with a stable code, and changes nothing. */
describe('errors', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;
  let tableId: string;

  const logOf = async (id: string) => (await t.sql.query('SELECT seq, hash FROM events WHERE hand_id = $1 ORDER BY seq', [id])).rows;
  const expectProblem = (
    res: { status: number; headers: Record<string, string>; body: Record<string, unknown> },
    status: number,
    code: string,
  ) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual(
      expect.objectContaining({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String), code }),
    );
  };

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4);
    ({ tableId, handId } = await openTable(t, 'dobbm', {}, players));
  });
  afterAll(() => t.close());

  it('an unknown route is 404 ROUTE_NOT_FOUND', async () => {
    expectProblem(await t.http.get('/no/such/route'), 404, 'ROUTE_NOT_FOUND');
  });

  it('a body of the wrong shape is 400 VALIDATION_FAILED, malformed JSON too', async () => {
    expectProblem(await t.http.post('/players').send({ name: 42 }), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.post('/players').send({ name: 'x', extra: 1 }), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.post('/players').set('Content-Type', 'application/json').send('{"name": '), 400, 'VALIDATION_FAILED');
  });

  it('unknown ids are 404 with their own codes', async () => {
    expectProblem(await t.http.get('/tables/00000000-0000-4000-8000-000000000000'), 404, 'TABLE_NOT_FOUND');
    expectProblem(await t.http.get('/tables/not-a-uuid'), 404, 'TABLE_NOT_FOUND');
    expectProblem(await t.http.get('/hands/00000000-0000-4000-8000-000000000000').set(bearer(players[0]!.token)), 404, 'HAND_NOT_FOUND');
  });

  it("an unknown rule option or value is 400 with the engine's code", async () => {
    const tok = bearer(players[0]!.token);
    expectProblem(
      await t.http
        .post('/tables')
        .set(tok)
        .send({ game: 'dobbm', rules: { nonsense: 1 } }),
      400,
      'UNKNOWN_OPTION',
    );
    expectProblem(
      await t.http
        .post('/tables')
        .set(tok)
        .send({ game: 'dobbm', rules: { players: 6 } }),
      400,
      'INVALID_OPTION',
    );
    expectProblem(await t.http.post('/tables').set(tok).send({ game: 'skat' }), 400, 'VALIDATION_FAILED');
  });

  it('a table echoes its complete, nested rule profile; the flat dotted form is accepted too', async () => {
    const res = await t.http
      .post('/tables')
      .set(bearer(players[0]!.token))
      .send({ game: 'dobbm', rules: { players: 5, 'doubling.firstSpeaker': 'dealerLeft' } })
      .expect(201);
    expect(res.body.rules).toEqual(
      expect.objectContaining({
        players: 5,
        stake: 12,
        rounding: 'ceil',
        doubling: expect.objectContaining({ firstSpeaker: 'dealerLeft' }),
      }),
    );
    expect(res.body.seats).toHaveLength(5);
  });

  it('missing or wrong tokens are 401, a token of the wrong kind 403 — and the log is unchanged', async () => {
    const before = await logOf(handId);
    const view = await getView(t, handId, players[0]!.token);
    const body = { expectedSeq: view.seq, action: { type: 'bid', bid: 'pass' } };
    expectProblem(await t.http.post(`/hands/${handId}/actions`).send(body), 401, 'TOKEN_MISSING');
    expectProblem(await t.http.post(`/hands/${handId}/actions`).set(bearer('wrong')).send(body), 401, 'TOKEN_INVALID');
    expectProblem(await t.http.post(`/hands/${handId}/actions`).set(bearer(AUDIT_TOKEN)).send(body), 403, 'PLAYER_ONLY');
    const [stranger] = await newPlayers(t, 1, 'Stranger');
    expectProblem(await t.http.post(`/hands/${handId}/actions`).set(bearer(stranger!.token)).send(body), 403, 'NOT_SEATED');
    expectProblem(await t.http.get(`/hands/${handId}/verify`).set(bearer(players[0]!.token)), 403, 'AUDITOR_ONLY');
    expect(await logOf(handId)).toEqual(before);
  });

  it("a malformed action is 400, an illegal one 422 with the engine's code, a stale seq 409 — and the log is unchanged", async () => {
    const before = await logOf(handId);
    const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
    const actor = views.find((v) => v.toAct.includes(v.seat!))!;
    const idle = views.find((v) => !v.toAct.includes(v.seat!))!;
    const post = (v: typeof actor, body: unknown) =>
      t.http
        .post(`/hands/${handId}/actions`)
        .set(bearer(players[v.seat!]!.token))
        .send(body as object);

    expectProblem(await post(actor, { expectedSeq: actor.seq, action: { type: 'bid' } }), 400, 'BAD_ACTION');
    expectProblem(await post(actor, { expectedSeq: actor.seq, action: { type: 'teleport' } }), 400, 'BAD_ACTION');
    expectProblem(await post(actor, { expectedSeq: actor.seq }), 400, 'VALIDATION_FAILED');
    expectProblem(await post(actor, { expectedSeq: 'one', action: { type: 'bid', bid: 'pass' } }), 400, 'VALIDATION_FAILED');
    expectProblem(await post(idle, { expectedSeq: idle.seq, action: { type: 'bid', bid: 'pass' } }), 422, 'NOT_YOUR_TURN');
    expectProblem(
      await post(actor, { expectedSeq: actor.seq, action: { type: 'play', card: (actor.hand as string[])[0] } }),
      422,
      expect.any(String) as unknown as string,
    );
    const stale = await post(actor, { expectedSeq: actor.seq + 1, action: { type: 'bid', bid: 'pass' } });
    expectProblem(stale, 409, 'STALE_SEQ');
    expect(await logOf(handId)).toEqual(before);
    expect((await getView(t, handId, players[actor.seat!]!.token)).seq).toBe(actor.seq);
  });

  it('seats: a taken seat, a full table and a second seat for the same player are 409', async () => {
    const [a, b] = await newPlayers(t, 2, 'Seat');
    const table = await t.http.post('/tables').set(bearer(a!.token)).send({ game: 'dobbm' }).expect(201);
    await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(a!.token)).send({ seat: 1 }).expect(201);
    expectProblem(await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(a!.token)).send({}), 409, 'ALREADY_SEATED');
    expectProblem(await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(b!.token)).send({ seat: 1 }), 409, 'SEAT_TAKEN');
    expectProblem(await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(b!.token)).send({ seat: 9 }), 400, 'VALIDATION_FAILED');
    expectProblem(await t.http.post(`/tables/${tableId}/seats`).set(bearer(b!.token)).send({}), 409, 'TABLE_FULL');
  });

  it('past RATE_LIMIT_PER_ADDRESS_PER_MINUTE a client address gets 429 RATE_LIMITED, /health included', async () => {
    const limited = await startApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) await limited.http.get('/tables/not-a-uuid').expect(404);
      const res = await limited.http.get('/tables/not-a-uuid');
      expectProblem(res, 429, 'RATE_LIMITED');
      expect(res.headers['retry-after']).toEqual(expect.any(String));
      expectProblem(await limited.http.get('/health'), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
