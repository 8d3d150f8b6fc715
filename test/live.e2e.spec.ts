import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.js';
import { dobbmOnTwoInstances, getView, type Player, type SharedHand, type View } from './support/bots.js';

/**
 * Live updates: a reader holding a view's ETag long-polls with If-None-Match and
 * `Prefer: wait=N`; an action taken through another instance wakes it (LISTEN/NOTIFY), and
 * with nothing happening it gets 304 once the wait is over.
 */
describe('GET /hands/{id} with If-None-Match and Prefer: wait', () => {
  let shared: SharedHand;
  let a: TestApp;
  let b: TestApp;
  let players: Player[];
  let handId: string;

  beforeAll(async () => {
    shared = await dobbmOnTwoInstances(startApp);
    ({ a, b, players, handId } = shared);
  });
  afterAll(() => shared.close());

  const actor = async (t: TestApp): Promise<View> => {
    const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
    return views.find((v) => v.toAct.includes(v.seat!))!;
  };
  const bid = async (t: TestApp, view: View) => {
    const { seat, ...action } = view.legalActions!.find((x) => x.bid !== 'pass')!;
    const res = await t.http.post(`/hands/${handId}/actions`).set(bearer(players[seat as number]!.token)).send({ expectedSeq: view.seq, action });
    expect(res.status).toBe(200);
  };

  it('answers 304 with no body at once when If-None-Match names the current view and no wait is asked', async () => {
    const view = await getView(a, handId, players[1]!.token);
    const res = await a.http.get(`/hands/${handId}`).set(bearer(players[1]!.token)).set('If-None-Match', `"${view.seq}"`);
    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers['etag']).toBe(`"${view.seq}"`);
    const older = await a.http.get(`/hands/${handId}`).set(bearer(players[1]!.token)).set('If-None-Match', `"${view.seq - 1}"`);
    expect(older.status).toBe(200);
    expect(older.body.seq).toBe(view.seq);
  });

  it('wakes a waiting reader on one instance when a seat acts through the other', async () => {
    const reader = players[2]!;
    const before = await getView(b, handId, reader.token);
    let answered = false;
    const polled = b.http
      .get(`/hands/${handId}`)
      .set(bearer(reader.token))
      .set('If-None-Match', `"${before.seq}"`)
      .set('Prefer', 'wait=30')
      .then((res) => {
        answered = true;
        return res;
      });
    await new Promise((r) => setTimeout(r, 400));
    expect(answered).toBe(false); // still waiting: nothing has happened yet
    await bid(a, await actor(a));
    const acted = Date.now();
    const res = await polled;
    // Woken by the notification, not by the 30 s running out (which would also show the new seq).
    expect(Date.now() - acted).toBeLessThan(15_000);
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('wait=30');
    expect(res.body.seq).toBe(before.seq + 1);
    expect(res.body.seat).toBe(2);
    expect(res.headers['etag']).toBe(`"${before.seq + 1}"`);
  });

  it('answers 304 when the wait runs out with nothing played', async () => {
    const view = await getView(a, handId, players[3]!.token);
    const res = await a.http.get(`/hands/${handId}`).set(bearer(players[3]!.token)).set('If-None-Match', `"${view.seq}"`).set('Prefer', 'wait=1');
    expect(res.status).toBe(304);
    expect(res.headers['preference-applied']).toBe('wait=1');
  });

  it('does not wait when the reader is already behind: the newer view comes at once', async () => {
    const view = await getView(a, handId, players[0]!.token);
    const res = await a.http.get(`/hands/${handId}`).set(bearer(players[0]!.token)).set('If-None-Match', `"${view.seq - 1}"`).set('Prefer', 'wait=30');
    expect(res.status).toBe(200);
    expect(res.body.seq).toBe(view.seq);
    expect(res.headers['preference-applied']).toBeUndefined();
  });
});
