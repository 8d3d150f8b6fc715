import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CollusionService } from '../src/collusion/collusion.service.js';
import { AUDIT_TOKEN, bearer, startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { importSimulatedLog, type Job } from './support/audit.testkit.js';
import { startAuditProcess, type AuditProcess } from './support/worker-process.testkit.js';

/**
 * The card-sharing audit on the audit's job queue (docs/audit-card-sharing.md#service): an
 * API-only instance and workers as their own processes. Its evidence is stored per hand and
 * estimator in a table of its own, beside the doubling's; a worker killed with SIGKILL mid-job
 * loses only the hands it was computing (the next worker computes exactly the rest); the job
 * ends with ordered (seer, seen) pairs; a hand's moments are served from the store; an unknown
 * kind is refused.
 */
const WORLDS = '2';
/** Short, so that the killed worker's hands come back in seconds. */
const EXPIRE = '5';
const auditor = bearer(AUDIT_TOKEN);

type Worker = AuditProcess;

/** `npm run worker` against the database; resolves once it is ready. */
const startWorker = (url: string): Promise<Worker> =>
  startAuditProcess(
    ['--import', 'tsx', 'scripts/worker.ts'],
    {
      DATABASE_URL: url,
      AUDIT_SHARING_WORLDS: WORLDS,
      AUDIT_WORKERS: '1',
      AUDIT_JOB_EXPIRE_SECONDS: EXPIRE,
      AUDIT_SWEEP_SECONDS: '0',
      REVIEW_SWEEP_SECONDS: '0',
    },
    'worker ready',
  );

interface SharingPair {
  seer: string;
  seen: string;
  hands: number;
  moments: number;
  informed: number;
  p: number;
  q: number;
  method: string;
}

describe('the card-sharing audit on the job queue', () => {
  let t: TestApp;
  let url: string;
  const workers: Worker[] = [];
  const count = async (table: string): Promise<number> =>
    (await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  const poll = async (jobId: string, until: (job: Job) => boolean): Promise<Job> => {
    for (const deadline = Date.now() + 60_000; ;) {
      const job = (await t.http.get(`/audit/collusion/jobs/${jobId}`).set(auditor).expect(200)).body as Job;
      if (until(job) || Date.now() > deadline) {
        if (!until(job)) console.log(JSON.stringify(job), workers.map((w) => w.output).join('\n----\n'));
        return job;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('auditsharing', { AUDIT_JOBS: 'off', AUDIT_SHARING_WORLDS: WORLDS, AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    url = (t.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    await importSimulatedLog(t, { players: 5, hands: 8, colludingPairs: 1, rate: 1, seed: 5 }, 'Sharing');
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await t?.close();
  });

  it('refuses an unknown kind with a problem, and changes nothing', async () => {
    const res = await t.http.get('/audit/collusion').query({ kind: 'card-counting' }).set(auditor).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await count('collusion_jobs')).toBe(0);
  });

  it('stores each hand once in its own table; a worker killed mid-job loses only the hands it was computing', async () => {
    const started = (await t.http.get('/audit/collusion').query({ kind: 'card-sharing' }).set(auditor).expect(202)).body as Job;

    const first = await startWorker(url);
    workers.push(first);
    const partway = await poll(started.jobId, (j) => j.done >= 2);
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    expect(partway.status).toBe('running');
    const storedBeforeKill = await count('hand_sharing_evidence');
    expect(storedBeforeKill).toBeGreaterThanOrEqual(2);

    // The next worker: an instance's own (it starts faster than another process on a busy machine).
    const second = await startApp({ DATABASE_URL: url, AUDIT_SHARING_WORLDS: WORLDS, AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    const done = await poll(started.jobId, (j) => j.status !== 'running');
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(storedBeforeKill).toBeLessThan(done.total);
    const evaluated = done.total - done.unevaluated!.length;
    expect(await count('hand_sharing_evidence')).toBe(evaluated);

    // The second worker computed the hands the first had not stored, no more.
    const computed = second.app.get(CollusionService).work!.computed['card-sharing'];
    await second.close();
    expect(computed).toBe(evaluated - storedBeforeKill);
    expect(await count('hand_evidence')).toBe(0);

    const pairs = done.pairs as unknown as SharingPair[];
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) {
      expect(p.seer).not.toBe(p.seen);
      expect(p.informed).toBeLessThanOrEqual(p.moments);
      expect(p.method).not.toBe('untested');
    }
    expect(pairs.map((p) => p.p)).toEqual([...pairs.map((p) => p.p)].sort((a, b) => a - b));
    expect((done as unknown as { filters: { kind: string } }).filters.kind).toBe('card-sharing');
  }, 120_000);

  it("serves a hand's moments from the store, and refuses an unknown kind there too", async () => {
    const { rows } = await t.sql.query<{ hand_id: string; n: number }>(
      `SELECT hand_id, jsonb_array_length(evidence->'moments') AS n FROM hand_sharing_evidence ORDER BY 2 DESC LIMIT 1`,
    );
    const res = await t.http
      .get(`/hands/${rows[0]!.hand_id}/audit`)
      .query({ kind: 'card-sharing' })
      .set(auditor)
      .set('Prefer', 'wait=0')
      .expect(200);
    expect(res.body.evidence.moments).toHaveLength(rows[0]!.n);
    expect(res.body.evidence.estimator).toBe(`card-sharing-v1-w${WORLDS}-e3`);
    await t.http.get(`/hands/${rows[0]!.hand_id}/audit`).query({ kind: 'peeking' }).set(auditor).expect(400);
    // The doubling audit of the same hands is another job, on evidence of its own (none computed yet: no worker runs).
    const sharing = (await t.http.get('/audit/collusion').query({ kind: 'card-sharing' }).set(auditor).expect(200)).body as Job;
    const doubling = (await t.http.get('/audit/collusion').set(auditor).expect(202)).body as Job;
    expect(doubling.jobId).not.toBe(sharing.jobId);
    expect(await count('hand_evidence')).toBe(0);
  });
});
