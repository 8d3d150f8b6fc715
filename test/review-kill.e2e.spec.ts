import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, passWhereOneMay, playHand, playHandQuickly, rng, seatedTable } from './support/bots.testkit.js';

/**
 * A review worker killed mid-review (docs/review.md#jobs): an API-only instance on a database of
 * this file's own and workers as their own processes (`npm run worker`). A worker SIGKILLed while
 * it reviews a hand loses that hand's work only: the job expires, the next worker reviews the hand
 * from the start, and the review is the one an undisturbed run stored; another hand's stored
 * review is untouched.
 */
/** Short, so that the killed worker's job comes back in seconds. */
const EXPIRE = '10';

interface Worker {
  child: ChildProcess;
  output: string;
}

function startWorker(url: string): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      AUDIT_WORKERS: '1',
      AUDIT_PRIORITY: 'normal',
      AUDIT_JOB_EXPIRE_SECONDS: EXPIRE,
      AUDIT_SWEEP_SECONDS: '0',
      REVIEW_SWEEP_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: Worker = { child, output: '' };
  child.stdout!.on('data', (d: Buffer) => (w.output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (w.output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => w.output.includes('worker ready') && (clearInterval(timer), resolve(w)), 50);
    child.once('exit', (code) => (clearInterval(timer), reject(new Error(`the worker exited (${code}): ${w.output}`))));
  });
}

describe('a review worker killed mid-review', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;
  const workers: Worker[] = [];

  beforeAll(async () => {
    db = await ownDatabase('reviewkill');
    t = await startApp({ DATABASE_URL: db.url, AUDIT_JOBS: 'off', AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
  });
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await t?.close();
    await db?.drop();
  });

  type Row = { status: string; done: number; total: number; seats: unknown; updated_at: Date };
  const row = async (handId: string): Promise<Row | undefined> =>
    (await t.sql.query<Row>('SELECT status, done, total, seats, updated_at FROM hand_reviews WHERE hand_id = $1', [handId])).rows[0];
  const ask = (handId: string) => t.http.get(`/hands/${handId}/review`).set(bearer(AUDIT_TOKEN));
  const until = async <T>(what: () => Promise<T>, ok: (x: T) => boolean, ms = 90_000): Promise<T> => {
    for (const end = Date.now() + ms; ;) {
      const x = await what();
      if (ok(x) || Date.now() > end) return x;
      await new Promise((r) => setTimeout(r, 30));
    }
  };
  const reviewed = async (handId: string) => {
    const res = await until(
      () => ask(handId),
      (r) => r.status !== 202,
    );
    expect(res.status).toBe(200);
    return res.body as unknown;
  };

  it('loses only that hand’s work: the next worker stores the undisturbed review, and another hand’s stays as it was', async () => {
    const players = await newPlayers(t, 4, 'Killed');
    const { handId: other } = await seatedTable(t, players, { game: 'dobbm', rules: { players: 4 } });
    // The other hand: thrown in (everyone passes), four decisions. This one: played out.
    const { nextHandId: handId } = await playHand(t, other, players, { random: rng(21), choose: passWhereOneMay });
    await playHandQuickly(t, handId!, players, rng(22));

    // The undisturbed run: one worker reviews both hands.
    const first = await startWorker(db.url);
    workers.push(first);
    const otherReview = await reviewed(other);
    const undisturbed = await reviewed(handId!);
    const otherRow = await row(other);

    // The same hand again, the worker killed once it has stored a seat's progress.
    await t.sql.query('DELETE FROM hand_reviews WHERE hand_id = $1', [handId]);
    expect((await ask(handId!)).status).toBe(202);
    // Asked again while it waits, as a client does: the first review's job may still be finishing
    // when its row is deleted, and an ask then finds it live and queues nothing.
    const partway = await until(
      async () => {
        await ask(handId!);
        return row(handId!);
      },
      (r) => r !== undefined && r.done >= 1,
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(partway).toMatchObject({ status: 'running' });
    expect(partway!.done).toBeLessThan(partway!.total);
    expect((await row(handId!))!.status).toBe('running');

    workers.push(await startWorker(db.url));
    expect(await reviewed(handId!)).toEqual(undisturbed);
    expect(await reviewed(other)).toEqual(otherReview);
    expect(await row(other)).toEqual(otherRow);
  }, 180_000);
});
