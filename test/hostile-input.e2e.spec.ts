import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, type Player } from './support/bots.testkit.js';

/**
 * No input reaches a 5xx: each malformed request found by the outside check is a
 * 4xx problem with a code, and changes nothing.
 */
describe('hostile input', () => {
  let t: TestApp;
  let players: Player[];
  let tableId: string;
  let handId: string;

  const expectProblem = (
    res: { status: number; headers: Record<string, string>; body: Record<string, unknown> },
    status: number,
    code: string,
  ) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  };
  const logOf = async (id: string) =>
    (await t.sql.query('SELECT seq, hash, payload FROM events WHERE hand_id = $1 ORDER BY seq', [id])).rows;
  const json = (path: string, body: string, token?: string) => {
    const req = t.http.post(path).set('Content-Type', 'application/json');
    return (token ? req.set(bearer(token)) : req).send(body);
  };

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4, 'Hostile');
    ({ tableId, handId } = await openTable(t, 'dobbm', {}, players));
  });
  afterAll(() => t.close());

  it('deeply nested JSON (1,500 arrays, 3,000 objects) is 400 on every body, before any parsing into classes', async () => {
    const arrays = `{"name":${'['.repeat(1500)}${']'.repeat(1500)}}`;
    const objects = `{"name":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
    const token = players[0]!.token;
    for (const body of [arrays, objects]) {
      expectProblem(await json('/players', body), 400, 'VALIDATION_FAILED');
      expectProblem(await json('/tables', body, token), 400, 'VALIDATION_FAILED');
      expectProblem(await json(`/tables/${tableId}/seats`, body, token), 400, 'VALIDATION_FAILED');
      expectProblem(await json(`/hands/${handId}/actions`, body, token), 400, 'VALIDATION_FAILED');
    }
    const wide = JSON.stringify({ game: 'dobbm', rules: { x: Array.from({ length: 5000 }, () => 0) } });
    expectProblem(await json('/tables', wide, token), 400, 'VALIDATION_FAILED');
  });

  it('a NUL character or an unpaired surrogate in any string is 400', async () => {
    const before = await logOf(handId);
    for (const s of ['\\u0000', 'a\\u0000b', '\\ud800', 'x\\udc00y']) {
      expectProblem(await json('/players', `{"name":"${s}"}`), 400, 'VALIDATION_FAILED');
      const view = await getView(t, handId, players[0]!.token);
      const seat = view.toAct[0]!;
      expectProblem(
        await json(
          `/hands/${handId}/actions`,
          `{"expectedSeq":${view.seq},"action":{"type":"bid","bid":"pass","${s}":1}}`,
          players[seat]!.token,
        ),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectProblem(await t.http.get(`/tables/${tableId}/hands?cursor=a%00b`), 400, 'VALIDATION_FAILED');
    expect(await logOf(handId)).toEqual(before);
  });

  it('history cursors that Date.parse accepts but are no instant PostgreSQL knows are 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const at of ['0', '2020-02-30', '+275760-09-13T00:00:00.000Z', '2020-02-30T00:00:00.000Z']) {
      const cursor = Buffer.from(`${at}|${id}`).toString('base64url');
      expectProblem(await t.http.get(`/tables/${tableId}/hands?cursor=${cursor}`), 400, 'VALIDATION_FAILED');
      expectProblem(await t.http.get(`/players/${players[0]!.id}/hands?cursor=${cursor}`), 400, 'VALIDATION_FAILED');
    }
    // A cursor this API gave out still pages.
    const page = await t.http.get(`/tables/${tableId}/hands?limit=1`).expect(200);
    expect(page.body.items).toHaveLength(1);
  });

  it.each([
    ['dobbm', 4],
    ['droggn', 3],
    ['doppelkopf', 4],
  ])('%s: an action with an unknown field is 400 VALIDATION_FAILED naming it, and the log holds only contract shapes', async (game, n) => {
    const ps = await newPlayers(t, n, `Fields ${game}`);
    const { handId: id } = await openTable(t, game, {}, ps);
    const view = await getView(t, id, ps[0]!.token);
    const seat = view.toAct[0]!;
    const mine = await getView(t, id, ps[seat]!.token);
    const { seat: _seat, ...action } = mine.legalActions![0]!;
    const before = await logOf(id);
    const res = await t.http
      .post(`/hands/${id}/actions`)
      .set(bearer(ps[seat]!.token))
      .send({ expectedSeq: mine.seq, action: { ...action, note: 'hello' } });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.detail).toContain('note');
    expect(await logOf(id)).toEqual(before);
    await t.http.post(`/hands/${id}/actions`).set(bearer(ps[seat]!.token)).send({ expectedSeq: mine.seq, action }).expect(200);
    const last = (await logOf(id)).at(-1)!;
    expect(last.payload).toEqual({ ...action, seat });
  });

  it('an Idempotency-Key reused with a different body is 422 IDEMPOTENCY_KEY_REUSED; the same body gets the first answer', async () => {
    const ps = await newPlayers(t, 4, 'Idem');
    const { handId: id } = await openTable(t, 'dobbm', {}, ps);
    const view = await getView(t, id, ps[0]!.token);
    const seat = view.toAct[0]!;
    const send = (expectedSeq: number, bid: string) =>
      t.http
        .post(`/hands/${id}/actions`)
        .set(bearer(ps[seat]!.token))
        .set('Idempotency-Key', `idem-${id}`)
        .send({ expectedSeq, action: { type: 'bid', bid } });
    const first = await send(0, 'pass').expect(200);
    const again = await send(0, 'pass').expect(200);
    expect(again.body).toEqual(first.body);
    expectProblem(await send(0, 'dobbm'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // At the hand's current seq, where the rules would refuse it (not this seat's turn): the key still decides.
    expectProblem(await send(1, 'pass'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await logOf(id)).length).toBe(2);
  });
});
