import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SimConfig } from '../src/collusion/sim/simulate.js';
import { CollusionService } from '../src/collusion/collusion.service.js';
import { freePort } from '../src/database/embedded.js';
import { AUDIT_TOKEN, bearer, startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { importSimulatedLog, type Job } from './support/audit.testkit.js';
import { startAuditProcess, type AuditProcess } from './support/worker-process.testkit.js';

/**
 * The audit as durable jobs (docs/scaling.md): two API-only instances on one database, and
 * workers as their own processes (`scripts/worker.ts`). A job started on one instance is read
 * and joined on the other; a worker killed with SIGKILL mid-job leaves it to the next worker,
 * which completes it with the pairs of an uninterrupted run; two workers compute each hand once;
 * a second audit of the same log computes nothing; the API instance that started a job, killed
 * with SIGKILL mid-job, is restarted and completes it with the same pairs.
 */
const SAMPLES = '4';
/** A job's expiry is stamped by whoever queues it (an API instance or a worker): the same everywhere, short here so that a killed worker's jobs come back in seconds. */
const EXPIRE = '10';
const auditor = bearer(AUDIT_TOKEN);

type Worker = AuditProcess;

/**
 * A process of the audit against the database, with a short expiry so that a killed process's
 * jobs come back in seconds (long enough for a batch of hands on a loaded machine); resolves once
 * it prints `ready`.
 */
const startProcess = (args: string[], env: Record<string, string>, ready: string): Promise<Worker> =>
  startAuditProcess(
    args,
    { AUDIT_SAMPLES: SAMPLES, AUDIT_WORKERS: '1', AUDIT_JOB_EXPIRE_SECONDS: EXPIRE, AUDIT_SWEEP_SECONDS: '0', ...env },
    ready,
  );

/** `npm run worker`. */
const startWorker = (url: string): Promise<Worker> =>
  startProcess(['--import', 'tsx', 'scripts/worker.ts'], { DATABASE_URL: url }, 'worker ready');

/** The service as its own process, with its in-process worker of the audit: `src/main.ts`, compiled as jest compiles it (test/support/swc-hooks.mjs). */
const startInstance = (url: string, port: number): Promise<Worker> =>
  startProcess(
    ['--import', './test/support/swc-register.mjs', 'src/main.ts'],
    { DATABASE_URL: url, PORT: String(port), AUDIT_TOKEN, RATE_LIMIT_PER_MINUTE: '0' },
    'kartentisch is ready',
  );

/** SIGTERM, and what it says it computed. */
async function stopWorker(w: Worker): Promise<number> {
  const exited = new Promise((r) => w.child.once('exit', r));
  w.child.kill('SIGTERM');
  await exited;
  const m = /computed the evidence of (\d+) hand/.exec(w.output);
  if (!m) throw new Error(`no count from the worker: ${w.output}`);
  return Number(m[1]);
}

async function poll(t: TestApp, jobId: string, until: (job: Job) => boolean): Promise<Job> {
  for (const deadline = Date.now() + 90_000; ;) {
    const job = (await t.http.get(`/audit/collusion/jobs/${jobId}`).set(auditor).expect(200)).body as Job;
    if (until(job) || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the audit as durable jobs, with workers as processes', () => {
  const config: SimConfig = { players: 6, hands: 48, colludingPairs: 1, rate: 1, seed: 11 };
  let a: TestApp;
  let b: TestApp;
  let url: string;
  const workers: Worker[] = [];
  /** The pairs of the uninterrupted run of the first test: any complete audit of the log gives them. */
  let reference: Job['pairs'] = null;
  const stored = async (): Promise<number> => (await a.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM hand_evidence')).rows[0]!.n;

  beforeAll(async () => {
    a = await startAppOnOwnDatabase('auditjobs', { AUDIT_SAMPLES: SAMPLES, AUDIT_JOBS: 'off', AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    url = (a.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    b = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: SAMPLES, AUDIT_JOBS: 'off', AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    await importSimulatedLog(a, config, 'Jobs');
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await b?.close();
    await a?.close();
  });

  it('is read and joined on another instance; a worker killed mid-job is replaced and the job completes as an uninterrupted run would', async () => {
    const started = await a.http.get('/audit/collusion').set(auditor).expect(202);
    const jobId = (started.body as Job).jobId;
    // No worker yet: the job waits, and instance B knows it.
    expect((await b.http.get(`/audit/collusion/jobs/${jobId}`).set(auditor).expect(200)).body).toMatchObject({ jobId, status: 'running' });
    expect((await b.http.get('/audit/collusion').set(auditor).expect(202)).body).toMatchObject({ jobId });

    const first = await startWorker(url);
    workers.push(first);
    const partway = await poll(b, jobId, (j) => j.done >= 8);
    first.child.kill('SIGKILL');
    expect(partway.status).toBe('running');
    const computedBeforeKill = await stored();
    expect(computedBeforeKill).toBeLessThan(partway.total);

    workers.push(await startWorker(url));
    const done = await poll(b, jobId, (j) => j.status !== 'running');
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.total).toBeGreaterThan(config.hands / 2);
    expect(await stored()).toBe(done.total - done.unevaluated!.length);

    // The uninterrupted run: every hand's evidence computed anew, by one worker, for the same hands.
    await a.sql.query('DELETE FROM hand_evidence');
    const again = await a.http.get('/audit/collusion').query({ from: '2000-01-01T00:00:00Z' }).set(auditor).expect(202);
    const uninterrupted = await poll(a, (again.body as Job).jobId, (j) => j.status !== 'running');
    expect(uninterrupted.status).toBe('done');
    expect(done.pairs!.length).toBeGreaterThan(0);
    expect(done.pairs).toEqual(uninterrupted.pairs);
    reference = uninterrupted.pairs;
    await stopWorker(workers.pop()!);
  }, 180_000);

  it('two workers compute each hand once between them; a second audit of the same log computes nothing', async () => {
    await a.sql.query('DELETE FROM hand_evidence');
    const two = [await startWorker(url), await startWorker(url)];
    workers.push(...two);
    const first = await a.http.get('/audit/collusion').query({ to: '2100-01-01T00:00:00Z' }).set(auditor).expect(202);
    const job = await poll(b, (first.body as Job).jobId, (j) => j.status !== 'running');
    expect(job.status).toBe('done');
    const evaluated = job.total - job.unevaluated!.length;
    expect(await stored()).toBe(evaluated);

    const second = await b.http.get('/audit/collusion').query({ minHands: 2 }).set(auditor);
    const rerun = await poll(a, (second.body as Job).jobId, (j) => j.status !== 'running');
    expect(rerun).toMatchObject({ status: 'done', total: job.total });

    const counts = [await stopWorker(two[0]!), await stopWorker(two[1]!)];
    expect(counts[0]! + counts[1]!).toBe(evaluated);
    expect(await stored()).toBe(evaluated);
  }, 180_000);

  it('the API instance that started a job, killed with SIGKILL mid-job and restarted, completes it with the pairs of an uninterrupted run', async () => {
    expect(reference?.length).toBeGreaterThan(0);
    await a.sql.query('DELETE FROM hand_evidence');
    const port = await freePort();
    const instance = await startInstance(url, port);
    workers.push(instance);
    const base = `http://127.0.0.1:${port}`;
    const started = await fetch(`${base}/audit/collusion?from=1999-01-01T00:00:00Z`, { headers: auditor });
    expect(started.status).toBe(202);
    const jobId = ((await started.json()) as Job).jobId;
    const partway = await poll(b, jobId, (j) => j.done >= 8);
    const killed = new Promise((r) => instance.child.once('exit', r));
    instance.child.kill('SIGKILL');
    await killed;
    expect(partway.status).toBe('running');
    expect((await poll(b, jobId, () => true)).status).toBe('running');

    // The same instance again: its worker takes the step and the hands the killed one held once they expire.
    const again = await startInstance(url, port);
    workers.push(again);
    const done = await poll(b, jobId, (j) => j.status !== 'running');
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.pairs).toEqual(reference);
    again.child.kill('SIGTERM');
  }, 180_000);
});

describe('evidence computed ahead of any audit', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('the sweep stores finished hands’ evidence of both kinds at low priority; the audits after it compute nothing', async () => {
    t = await startAppOnOwnDatabase('auditsweep', { AUDIT_SAMPLES: SAMPLES, AUDIT_SHARING_WORLDS: '1', AUDIT_SWEEP_SECONDS: '1' });
    await importSimulatedLog(t, { players: 6, hands: 24, colludingPairs: 1, rate: 1, seed: 12 }, 'Sweep');
    const work = t.app.get(CollusionService).work!;
    // Hands settled per kind: evidence stored, or a problem under that kind's estimator.
    const settled = async (): Promise<{ doubling: number; sharing: number }> =>
      (
        await t.sql.query<{ doubling: number; sharing: number }>(
          `SELECT (SELECT count(*) FROM hand_evidence)
                + (SELECT count(*) FROM hand_evidence_problems WHERE estimator NOT LIKE 'card-sharing-%') AS doubling,
                  (SELECT count(*) FROM hand_sharing_evidence)
                + (SELECT count(*) FROM hand_evidence_problems WHERE estimator LIKE 'card-sharing-%') AS sharing`,
        )
      ).rows[0]!;
    const { rows } = await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM hands WHERE status = 'finished'`);
    const n = rows[0]!.n;
    const done = (s: { doubling: number; sharing: number }): boolean => Number(s.doubling) === n && Number(s.sharing) === n;
    for (const deadline = Date.now() + 90_000; !done(await settled()) && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 200));
    const counts = await settled();
    expect([Number(counts.doubling), Number(counts.sharing)]).toEqual([n, n]);
    const before = { ...work.computed };
    expect(before.doubling).toBeGreaterThan(0);
    expect(before['card-sharing']).toBeGreaterThan(0);
    for (const kind of ['doubling', 'card-sharing']) {
      const started = await t.http.get('/audit/collusion').query({ kind }).set(auditor);
      const job = await poll(t, (started.body as Job).jobId, (j) => j.status !== 'running');
      expect(job).toMatchObject({ status: 'done', total: n });
    }
    expect(work.computed).toEqual(before);
  }, 150_000);
});
