/**
 * `npm run worker`: a worker of the collusion audit and the hand reviews as its own process, against DATABASE_URL
 * (this machine's or another's): takes hands' evidence jobs and audit steps from the queue and
 * sweeps finished hands into it (docs/scaling.md). AUDIT_WORKERS evidence threads (default 1),
 * AUDIT_SAMPLES for the sweep's estimator. SIGTERM or SIGINT: finishes the jobs under way (at
 * most 5 s), prints what it computed, exits 0. Killed outright, its jobs go to another worker
 * once they expire (AUDIT_JOB_EXPIRE_SECONDS).
 */
import pg from 'pg';
import { AUDIT_QUEUES, AuditWork } from '../src/collusion/audit-work.js';
import { EvidencePool } from '../src/collusion/evidence-pool.js';
import { settingsOrExit } from '../src/config/env.js';
import { CONNECTION_OPTIONS } from '../src/database/database.service.js';
import { migrate } from '../src/database/migrations.js';
import { JobQueue } from '../src/jobs/job-queue.js';
import { REVIEW_QUEUES, ReviewWork } from '../src/reviews/review-work.js';

async function main(): Promise<void> {
  const settings = settingsOrExit(process.env);
  const url = settings.databaseUrl;
  if (!url) {
    console.error("set DATABASE_URL to the service's database (npm start runs a worker in-process by itself)");
    process.exit(1);
  }
  await migrate(url);
  const db = new pg.Pool({ ...CONNECTION_OPTIONS, application_name: 'kartentisch-worker', connectionString: url, max: 4 });
  db.on('error', (err) => console.warn(`database: ${err.message}`));
  const log = { warn: (message: string) => console.warn(message) };
  const queue = new JobQueue({
    databaseUrl: url,
    expireSeconds: settings.auditJobExpireSeconds,
    supervise: true,
    queues: [...AUDIT_QUEUES, ...REVIEW_QUEUES],
    onError: (err) => log.warn(`job queue: ${err.message}`),
  });
  const pool = new EvidencePool(settings.auditWorkers, settings.auditPriority === 'normal' ? 'caller' : 'lowest');
  const work = new AuditWork(db, queue, pool, settings, log);
  const reviews = new ReviewWork(db, queue, pool, log, settings.reviewSweepSeconds);
  await Promise.all([work.start(), reviews.start()]);
  console.log(`worker ready: ${Math.max(1, settings.auditWorkers)} evidence thread(s), pid ${process.pid}`);
  const stop = async (signal: string): Promise<void> => {
    await work.stop();
    await reviews.stop();
    await queue.stop();
    await pool.close();
    await db.end();
    console.log(
      `${signal}: stopped; computed the evidence of ${work.computed.doubling} hand(s) for the doubling audit and of ${work.computed['card-sharing']} for the card-sharing audit, reviewed ${reviews.reviewed}`,
    );
    process.exit(0);
  };
  process.once('SIGTERM', (s) => void stop(s));
  process.once('SIGINT', (s) => void stop(s));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
