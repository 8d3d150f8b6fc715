import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { JobQueue } from '../src/jobs/job-queue.js';
import { ownDatabase } from './support/app.testkit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/**
 * A start of the job queue that fails after pg-boss itself has started (a queue it cannot make,
 * the database going away between the steps) must leave nothing running: pg-boss's maintenance
 * timer and its connections would otherwise go on for the life of the process, and keep a test
 * run or a stopping instance from ending.
 */
describe('the job queue, when its start fails half-way', () => {
  let db: Awaited<ReturnType<typeof ownDatabase>>;
  let sql: pg.Pool;
  beforeAll(async () => {
    db = await ownDatabase('jobqueue');
    sql = new pg.Pool({ connectionString: db.url, max: 1 });
  });
  afterAll(async () => {
    await sql?.end();
    await db?.drop();
  });

  it('stops pg-boss again: no timer and no connection of it is left', async () => {
    const before = timers();
    const queue = new JobQueue({
      databaseUrl: db.url,
      expireSeconds: 60,
      supervise: true,
      // pg-boss refuses to make this queue, once it has started.
      queues: [{ name: 'refused', retryLimit: -1 }],
      onError: () => undefined,
    });
    await expect(queue.boss()).rejects.toThrow();
    await sleep(200);
    expect(timers()).toBe(before);
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'kartentisch-jobs'`,
    );
    expect(rows[0]!.n).toBe(0);
    await queue.stop();
  });
});
