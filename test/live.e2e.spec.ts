import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HandWatch } from '../src/hands/hand-watch.js';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { dobbmOnTwoInstances, getView, newPlayers, openTable, type Player, type SharedHand, type View } from './support/bots.testkit.js';

/** A long poll: the hand's view if it moves past `seq` within `wait` seconds, else 304 (sent at once: supertest sends on the first `then`). */
const longPoll = (t: TestApp, handId: string, token: string, seq: number, wait: number) =>
  t.http
    .get(`/hands/${handId}`)
    .set(bearer(token))
    .set('If-None-Match', `"${seq}"`)
    .set('Prefer', `wait=${wait}`)
    .then((r) => r);

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
    const res = await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(players[seat as number]!.token))
      .send({ expectedSeq: view.seq, action });
    expect(res.status).toBe(200);
  };

  it('answers 304 with no body at once when If-None-Match names the current view and no wait is asked', async () => {
    const view = await getView(a, handId, players[1]!.token);
    const res = await a.http.get(`/hands/${handId}`).set(bearer(players[1]!.token)).set('If-None-Match', `"${view.seq}"`);
    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers['etag']).toMatch(new RegExp(`^"${view.seq}\\.[\\w-]+"$`));
    const older = await a.http
      .get(`/hands/${handId}`)
      .set(bearer(players[1]!.token))
      .set('If-None-Match', `"${view.seq - 1}"`);
    expect(older.status).toBe(200);
    expect(older.body.seq).toBe(view.seq);
  });

  it('wakes a waiting reader on one instance when a seat acts through the other', async () => {
    const reader = players[2]!;
    const before = await getView(b, handId, reader.token);
    let answered = false;
    const polled = longPoll(b, handId, reader.token, before.seq, 30).then((res) => {
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
    expect(res.headers['etag']).toMatch(new RegExp(`^"${before.seq + 1}\\.[\\w-]+"$`));
  });

  it('keeps waiting through a late notification of the version the reader holds', async () => {
    const reader = players[0]!;
    const before = await getView(b, handId, reader.token);
    const started = Date.now();
    const polled = longPoll(b, handId, reader.token, before.seq, 2).then((res) => ({ res, after: Date.now() - started }));
    await new Promise((r) => setTimeout(r, 300));
    // What another instance's announcement of this seq looks like when it arrives after the reader
    // has read that seq from the database: nothing the reader does not hold.
    await a.sql.query(`SELECT pg_notify('hand_moved', $1)`, [`${handId}:${before.seq}:active`]);
    const { res, after } = await polled;
    expect(res.status).toBe(304);
    expect(after).toBeGreaterThanOrEqual(1_900);
  });

  it('answers 304 when the wait runs out with nothing played', async () => {
    const view = await getView(a, handId, players[3]!.token);
    const res = await longPoll(a, handId, players[3]!.token, view.seq, 1);
    expect(res.status).toBe(304);
    expect(res.headers['preference-applied']).toBe('wait=1');
  });

  it('survives a lost LISTEN connection: waiting readers look again at once, and later waits are woken again', async () => {
    const listeners = async (): Promise<number[]> =>
      (
        await a.sql.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN hand_moved'`,
        )
      ).rows.map((r) => r.pid);
    const reader = players[1]!;
    const before = await getView(b, handId, reader.token);
    const started = Date.now();
    const polled = longPoll(b, handId, reader.token, before.seq, 30);
    await new Promise((r) => setTimeout(r, 300));
    const dropped = await listeners();
    expect(dropped.length).toBeGreaterThanOrEqual(2); // one per instance
    await a.sql.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [dropped]);
    const res = await polled;
    expect(res.status).toBe(304); // nothing moved, but a notification may have been lost: look again
    expect(Date.now() - started).toBeLessThan(15_000);
    // both instances listen again (on new connections) within a few seconds
    for (let i = 0; i < 100 && (await listeners()).filter((pid) => !dropped.includes(pid)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await listeners()).filter((pid) => !dropped.includes(pid)).length).toBeGreaterThanOrEqual(2);
    const again = longPoll(b, handId, reader.token, before.seq, 30);
    await new Promise((r) => setTimeout(r, 300));
    await bid(a, await actor(a));
    const acted = Date.now();
    const woken = await again;
    expect(Date.now() - acted).toBeLessThan(15_000);
    expect(woken.status).toBe(200);
    expect(woken.body.seq).toBe(before.seq + 1);
  });

  it('does not wait when the reader is already behind: the newer view comes at once', async () => {
    const view = await getView(a, handId, players[0]!.token);
    const res = await longPoll(a, handId, players[0]!.token, view.seq - 1, 30);
    expect(res.status).toBe(200);
    expect(res.body.seq).toBe(view.seq);
    expect(res.headers['preference-applied']).toBeUndefined();
  });

  it('answers a reader holding the view’s own ETag when a seat goes away at the same seq, and then waits again', async () => {
    const people = await newPlayers(a, 4, 'Away');
    const { handId: id } = await openTable(a, 'dobbm', {}, people);
    const reader = people[0]!;
    const first = await b.http.get(`/hands/${id}`).set(bearer(reader.token)).expect(200);
    // A seat not to act: its substitute does not move the hand.
    const leaving = [1, 2, 3].find((s) => !(first.body as View).toAct.includes(s))!;
    const started = Date.now();
    const poll = (etag: string, wait: number) =>
      b.http
        .get(`/hands/${id}`)
        .set(bearer(reader.token))
        .set('If-None-Match', etag)
        .set('Prefer', `wait=${wait}`)
        .then((r) => r);
    const polled = poll(first.headers['etag'] as string, 20);
    await new Promise((r) => setTimeout(r, 300));
    await a.http.post(`/hands/${id}/away`).set(bearer(people[leaving]!.token)).expect(200);
    const res = await polled;
    expect([res.status, res.body.seq, res.body.away]).toEqual([200, first.body.seq, [leaving]]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.headers['etag']).not.toBe(first.headers['etag']);
    // Holding that view, the reader is answered 304 again; the seq alone still names any view at that seq.
    expect((await poll(res.headers['etag'] as string, 1)).status).toBe(304);
    expect((await poll(first.headers['etag'] as string, 1)).status).toBe(200);
    expect((await poll(`"${first.body.seq as number}"`, 1)).status).toBe(304);
  });
});

describe('LONG_POLL_MAX_WAITERS: an instance holds only so many long polls', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;

  beforeAll(async () => {
    t = await startApp({ LONG_POLL_MAX_WAITERS: '1' });
    players = await newPlayers(t, 4, 'Poller');
    ({ handId } = await openTable(t, 'dobbm', {}, players));
  });
  afterAll(() => t.close());

  it('answers a long poll beyond the limit at once, as a plain conditional GET, and frees the place when a wait ends', async () => {
    const seq = (await getView(t, handId, players[0]!.token)).seq;
    const first = longPoll(t, handId, players[1]!.token, seq, 30);
    // Wait until the first poll holds the one place (a fixed sleep raced it on a loaded machine).
    const watch = t.app.get(HandWatch);
    for (const until = Date.now() + 10_000; watch.held < 1 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
    expect(watch.held).toBe(1);
    const started = Date.now();
    const second = await longPoll(t, handId, players[2]!.token, seq, 30);
    expect(second.status).toBe(304);
    expect(second.headers['preference-applied']).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);

    // The seat to act bids; the first poll wakes and gives its place back.
    const view = await Promise.all(players.map((p) => getView(t, handId, p.token))).then((vs) =>
      vs.find((v) => v.toAct.includes(v.seat!))!,
    );
    const { seat, ...action } = view.legalActions!.find((x) => x.bid !== 'pass')!;
    expect(
      (
        await t.http
          .post(`/hands/${handId}/actions`)
          .set(bearer(players[seat as number]!.token))
          .send({ expectedSeq: view.seq, action })
      ).status,
    ).toBe(200);
    const woken = await first;
    expect(woken.status).toBe(200);
    expect(woken.headers['preference-applied']).toBe('wait=30');

    const third = await longPoll(t, handId, players[3]!.token, seq + 1, 1);
    expect(third.status).toBe(304);
    expect(third.headers['preference-applied']).toBe('wait=1'); // it waited: the place was free again
  });
});
