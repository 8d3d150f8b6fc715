import { afterAll, describe, expect, it } from '@jest/globals';
import { AUDIT_QUEUES, queueHandEvidence } from '../src/collusion/audit-work.js';
import { evidenceKey } from '../src/collusion/evidence-of.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { AUDIT_TOKEN, bearer, startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { handAudit, importSimulatedLog } from './support/audit.testkit.js';
import { newPlayers, openTable } from './support/bots.testkit.js';

/**
 * A hand queued again while its evidence job runs (by an audit's step, the sweep or
 * `GET /hands/{id}/audit`) must not hold up the other hands. pg-boss activates a fetched batch
 * in one statement; with the queue policy that allows one queued and one running job per key, a
 * queued job whose key was running broke that statement on the unique index, and every fetch came
 * back empty until the running job ended — or expired, when its worker had stopped.
 */
describe('the evidence of a hand: queued once, computed by a worker, never by an API instance', () => {
  const SAMPLES = '2';
  const EXPIRE = '60';
  let api: TestApp;
  let worker: TestApp | undefined;
  let held: JobQueue | undefined;
  let url = '';
  let finished: { table_id: string; id: string }[] = [];
  afterAll(async () => {
    await held?.stop();
    await worker?.close();
    await api?.close();
  });

  it('holds up no other hand: they are computed while its job is still held', async () => {
    api = await startAppOnOwnDatabase('auditrequeue', { AUDIT_SAMPLES: SAMPLES, AUDIT_JOBS: 'off', AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    url = (api.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    await importSimulatedLog(api, { players: 6, hands: 12, colludingPairs: 1, rate: 1, seed: 13 }, 'Requeue');
    finished = (await api.sql.query<{ table_id: string; id: string }>(`SELECT table_id, id FROM hands WHERE status = 'finished'`)).rows;
    expect(finished.length).toBeGreaterThan(4);
    const one = { tableId: finished[0]!.table_id, handId: finished[0]!.id };

    // A worker takes the hand's job and holds it (it stopped, or the hand is a long one).
    held = new JobQueue({
      databaseUrl: url,
      expireSeconds: Number(EXPIRE),
      supervise: false,
      queues: AUDIT_QUEUES,
      onError: () => undefined,
    });
    await queueHandEvidence(held, one, 'dobbm', evidenceKey('dobbm', Number(SAMPLES)));
    const taken = await (await held.boss()).fetch<{ handId: string }>(AUDIT_QUEUES[0].name);
    expect(taken?.map((j) => j.data.handId)).toEqual([one.handId]);

    // An audit's first step queues every hand's evidence, that one's among them; another worker runs it.
    await api.http.get('/audit/collusion').set(bearer(AUDIT_TOKEN)).expect(202);
    worker = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: SAMPLES, AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    const stored = async (): Promise<string[]> =>
      (await api.sql.query<{ hand_id: string }>('SELECT hand_id FROM hand_evidence')).rows.map((r) => r.hand_id);
    for (const deadline = Date.now() + 20_000; (await stored()).length < finished.length - 1 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 200));
    expect((await stored()).sort()).toEqual(
      finished
        .slice(1)
        .map((h) => h.id)
        .sort(),
    );
  }, 120_000);

  it('GET /hands/{id}/audit on an API-only instance: 202 pending with Retry-After, then 200 once a worker stored it', async () => {
    const auditor = bearer(AUDIT_TOKEN);
    // The held hand: its job runs elsewhere, so it is pending and not queued again.
    const pending = await api.http.get(`/hands/${finished[0]!.id}/audit`).set(auditor).set('Prefer', 'wait=0').expect(202);
    expect(pending.headers['retry-after']).toBe('1');
    expect(pending.body).toEqual({ handId: finished[0]!.id, status: 'pending', finished: true });
    const queued = async (handId: string): Promise<number> =>
      (
        await api.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'hand-evidence' AND data->>'handId' = $1`,
          [handId],
        )
      ).rows[0]!.n;
    expect(await queued(finished[0]!.id)).toBe(1);

    // Another hand, its evidence gone: the API-only instance queues it and, asked to wait, answers once the worker stored it.
    const other = finished[1]!.id;
    await api.sql.query('DELETE FROM hand_evidence WHERE hand_id = $1', [other]);
    await worker!.close();
    worker = undefined;
    expect((await api.http.get(`/hands/${other}/audit`).set(auditor).set('Prefer', 'wait=1').expect(202)).body).toMatchObject({
      status: 'pending',
    });
    expect((await api.sql.query('SELECT 1 FROM hand_evidence WHERE hand_id = $1', [other])).rowCount).toBe(0);
    worker = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: SAMPLES, AUDIT_JOB_EXPIRE_SECONDS: EXPIRE });
    const done = await handAudit(api, other).expect(200);
    expect(done.body.evidence.calls).toEqual(expect.any(Array));

    // A hand in play: pending until it is over, nothing queued.
    const players = await newPlayers(api, 4, 'InPlay');
    const { handId } = await openTable(api, 'dobbm', { players: 4 }, players);
    const inPlay = await api.http.get(`/hands/${handId}/audit`).set(auditor).expect(202);
    expect(inPlay.body).toEqual({ handId, status: 'pending', finished: false });
    expect(inPlay.headers['retry-after']).toBe('30');
    expect(await queued(handId)).toBe(0);
  }, 120_000);
});
