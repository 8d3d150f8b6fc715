import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { HandWatch, type Move } from '../src/hands/hand-watch.js';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable } from './support/bots.testkit.js';

/**
 * The moves an instance announces: the notification says where the hand went, and
 * the instance's own append is announced by its writer — its notification, if it comes first, is
 * held back while the append is in flight and not repeated after. The writer publishes it once
 * its transaction has committed: no trigger NOTIFYs inside the transaction that writes.
 */
describe('HandWatch: moves announced once, held back while this instance writes them', () => {
  let t: TestApp;
  let watch: HandWatch;
  const seen: (Move | null)[] = [];

  /** Every notification on `hand_moved`, as a listener of its own hears them. */
  const published: string[] = [];
  let listener: pg.Client;

  beforeAll(async () => {
    t = await startApp();
    watch = t.app.get(HandWatch);
    watch.follow((move) => seen.push(move));
    listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', (n) => published.push(n.payload ?? ''));
    await listener.query('LISTEN hand_moved');
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /** Sends the payloads, then a marker, and waits for the marker: the LISTEN connection delivers in order. */
  const notify = async (...payloads: string[]): Promise<void> => {
    const marker = randomUUID();
    for (const payload of [...payloads, marker]) await t.sql.query("SELECT pg_notify('hand_moved', $1)", [payload]);
    for (const until = Date.now() + 10_000; !seen.some((m) => m?.handId === marker);) {
      if (Date.now() > until) throw new Error('the marker notification never came');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const movesOf = (handId: string) => seen.filter((m) => m?.handId === handId);

  /** Waits until some notification on `hand_moved` is `payload`. */
  const heard = async (payload: string): Promise<void> => {
    for (const until = Date.now() + 10_000; !published.includes(payload);) {
      if (Date.now() > until) throw new Error(`no notification ${payload}: ${JSON.stringify(published)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("the writer's announcement comes at once; it publishes the move, and that notification coming back is not repeated", async () => {
    const id = randomUUID();
    watch.writing(id, 3)({ handId: id, seq: 3, status: 'finished' });
    expect(movesOf(id)).toEqual([{ handId: id, seq: 3, status: 'finished' }]);
    await heard(`${id}:3:finished`);
    await notify(); // committed after it: the app's LISTEN has had it by the marker
    expect(movesOf(id)).toHaveLength(1);
    await notify(`${id}:4:finished`); // anything after it is news
    expect(movesOf(id)).toHaveLength(2);
  });

  it("a notification of an older seq than this instance's own write is no news: the next action came before it did", async () => {
    const id = randomUUID();
    watch.writing(id, 3)({ handId: id, seq: 3, status: 'active' });
    const settle = watch.writing(id, 4);
    await notify(`${id}:3:active`); // while seq 4 is being written
    settle({ handId: id, seq: 4, status: 'active' });
    await heard(`${id}:4:active`); // the published 3 came back before it, during the write or after
    await notify();
    expect(movesOf(id)).toEqual([
      { handId: id, seq: 3, status: 'active' },
      { handId: id, seq: 4, status: 'active' },
    ]);
  });

  it('a held notification is given out, without a seq, when this append did not write (another writer won)', async () => {
    const id = randomUUID();
    const settle = watch.writing(id, 8);
    await notify(`${id}:8:active`);
    expect(movesOf(id)).toEqual([]);
    settle(null);
    expect(movesOf(id)).toEqual([{ handId: id }]);
  });

  it('notifications of other seqs and of other hands pass while this instance writes', async () => {
    const id = randomUUID();
    const settle = watch.writing(id, 2);
    await notify(`${id}:7:void`, `${id}`);
    expect(movesOf(id)).toEqual([{ handId: id, seq: 7, status: 'void' }, { handId: id }]);
    settle(null);
    expect(movesOf(id)).toHaveLength(2);
  });

  it('a long poll woken by a move learns where the hand went; one woken by the clock, nothing', async () => {
    const id = randomUUID();
    const woken = watch.arm(id)!;
    const waited = woken.until(10_000);
    watch.writing(id, 4)({ handId: id, seq: 4, status: 'active' });
    expect(await waited).toEqual({ handId: id, seq: 4, status: 'active' });
    expect(await watch.arm(id)!.until(10)).toBeUndefined();
  });

  it('publishes every move of a burst, however many batches it takes', async () => {
    const id = randomUUID();
    const count = 300;
    for (let seq = 1; seq <= count; seq++) {
      watch.committed({ handId: `${id}-${seq}`, seq, status: 'active' });
      // Moves come from other turns of the event loop, most of them while a batch is out.
      await new Promise((r) => setImmediate(r));
      for (let tick = seq % 7; tick > 0; tick--) await Promise.resolve();
    }
    for (const until = Date.now() + 10_000; published.filter((p) => p.startsWith(id)).length < count;) {
      if (Date.now() > until) throw new Error(`${published.filter((p) => p.startsWith(id)).length} of ${count} moves published`);
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it('no trigger on the hands notifies: a NOTIFY in the writing transaction would serialise every commit', async () => {
    // PostgreSQL takes one lock for every transaction that notifies and holds it through its
    // commit's WAL flush (async.c, PreCommit_Notify): the writers would commit one at a time.
    const { rows } = await t.sql.query<{ tgname: string }>(
      "SELECT tgname FROM pg_trigger WHERE tgrelid = 'hands'::regclass AND NOT tgisinternal ORDER BY tgname",
    );
    expect(rows.map((r) => r.tgname)).toEqual([]);
  });

  it("the writer's notification names the hand, its new seq and status; a deal and a dropped hand are announced too", async () => {
    const players = await newPlayers(t, 4, 'Watch');
    const { handId } = await openTable(t, 'dobbm', { players: 4 }, players);
    await heard(`${handId}:0:active`);
    const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
    const actor = views.find((v) => v.toAct.includes(v.seat!))!;
    const { seat, ...action } = actor.legalActions![0]!;
    await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(players[seat as number]!.token))
      .send({ expectedSeq: actor.seq, action })
      .expect(200);
    await heard(`${handId}:${actor.seq + 1}:active`);
    await notify(); // the app's LISTEN connection has had that notification too
    // This instance wrote it: its followers heard it once, with the seq, from the writer.
    expect(movesOf(handId).filter((m) => m!.seq === actor.seq + 1)).toEqual([{ handId, seq: actor.seq + 1, status: 'active' }]);

    // Between deals (nobody has acted in the hand) the host's session end drops it: `void`.
    const untouched = await openTable(t, 'dobbm', { players: 4 }, players);
    await heard(`${untouched.handId}:0:active`);
    const replaced = await t.http.post(`/tables/${untouched.tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    await heard(`${untouched.handId}:0:void`);
    // its replacement (the Mußrunde's first deal) is a deal like any other
    await heard(`${(replaced.body as { currentHandId: string }).currentHandId}:0:active`);
  });
});
