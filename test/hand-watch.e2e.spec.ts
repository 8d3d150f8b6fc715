import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { HandWatch, type Move } from '../src/hands/hand-watch.js';
import { bearer, startApp, type TestApp } from './support/app.js';
import { getView, newPlayers, openTable } from './support/bots.js';

/**
 * The moves an instance announces (issue 13): the trigger's notification says where the hand
 * went, and the instance's own append is announced by its writer — its notification, which may
 * come first, is held back while the append is in flight and not repeated after.
 */
describe('HandWatch: moves announced once, held back while this instance writes them', () => {
  let t: TestApp;
  let watch: HandWatch;
  const seen: (Move | null)[] = [];

  beforeAll(async () => {
    t = await startApp();
    watch = t.app.get(HandWatch);
    watch.follow((move) => seen.push(move));
  });
  afterAll(() => t.close());

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

  it('a notification of the seq being appended here waits for the writer; the writer announces the move once', async () => {
    const id = randomUUID();
    const settle = watch.writing(id, 5);
    await notify(`${id}:5:active`);
    expect(movesOf(id)).toEqual([]);
    settle({ handId: id, seq: 5, status: 'active' });
    expect(movesOf(id)).toEqual([{ handId: id, seq: 5, status: 'active' }]);
    await notify(`${id}:6:active`); // the next move, someone else's, is news
    expect(movesOf(id)).toEqual([
      { handId: id, seq: 5, status: 'active' },
      { handId: id, seq: 6, status: 'active' },
    ]);
  });

  it("the writer's announcement comes at once, and its notification arriving after it is not repeated", async () => {
    const id = randomUUID();
    watch.writing(id, 3)({ handId: id, seq: 3, status: 'finished' });
    expect(movesOf(id)).toEqual([{ handId: id, seq: 3, status: 'finished' }]);
    await notify(`${id}:3:finished`);
    expect(movesOf(id)).toHaveLength(1);
    await notify(`${id}:4:finished`); // anything after it is news
    expect(movesOf(id)).toHaveLength(2);
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

  it("the trigger's notification names the hand, its new seq and status", async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    try {
      const payloads: string[] = [];
      listener.on('notification', (n) => payloads.push(n.payload ?? ''));
      await listener.query('LISTEN hand_moved');
      const players = await newPlayers(t, 4, 'Watch');
      const { handId } = await openTable(t, 'dobbm', { players: 4 }, players);
      const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
      const actor = views.find((v) => v.toAct.includes(v.seat!))!;
      const { seat, ...action } = actor.legalActions![0]!;
      await t.http
        .post(`/hands/${handId}/actions`)
        .set(bearer(players[seat as number]!.token))
        .send({ expectedSeq: actor.seq, action })
        .expect(200);
      for (const until = Date.now() + 10_000; !payloads.includes(`${handId}:${actor.seq + 1}:active`);) {
        if (Date.now() > until) throw new Error(`no notification for the action: ${JSON.stringify(payloads)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      await notify(); // the app's LISTEN connection has had that notification too
      // This instance wrote it: its followers heard it once, with the seq, from the writer.
      expect(movesOf(handId).filter((m) => m!.seq === actor.seq + 1)).toEqual([{ handId, seq: actor.seq + 1, status: 'active' }]);
    } finally {
      await listener.end();
    }
  });
});
