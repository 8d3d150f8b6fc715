/**
 * `npm run fuzz [-- --requests 50000 --seed 1 --concurrency 8 --minutes 20]`: builds the
 * service, starts it (as `npm start` does) on a database of its own — a fresh one on
 * DATABASE_URL's server, else an embedded PostgreSQL in a temporary folder — and fuzzes it from
 * its OpenAPI document (scripts/lib/fuzz.ts). Prints one summary line; exits 1 on any 5xx,
 * time-out, 4xx without a problem code, changed or unexplained event, unknown field in a log,
 * failed verify, or RSS beyond twice its start.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded.js';
import { fuzz, summary } from './lib/fuzz.js';
import { buildService, Cleanup, PROJECT_ROOT, startService } from './lib/service-process.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '50000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '8' },
    minutes: { type: 'string', default: '20' },
  },
});

async function main(): Promise<boolean> {
  const cleanup = new Cleanup();
  try {
    const log = (m: string) => console.error(`[fuzz] ${m}`);
    log('building');
    buildService();
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const admin = process.env.DATABASE_URL;
      const name = `kartentisch_fuzz_${process.pid}_${Date.now()}`;
      await adminQuery(admin, `CREATE DATABASE "${name}"`);
      cleanup.add('drop the fuzz database', () => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
    } else {
      const dataDir = path.join(PROJECT_ROOT, '.data', 'postgres-fuzz', String(process.pid));
      const db = await startEmbeddedPostgres({ dataDir, database: 'kartentisch_fuzz' });
      cleanup.add('stop the embedded PostgreSQL', async () => {
        await db.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      databaseUrl = db.url;
    }
    const auditToken = randomBytes(32).toString('hex');
    const logFile = path.join(os.tmpdir(), `kartentisch-fuzz-${process.pid}.log`);
    const service = await startService({
      logFile,
      env: { DATABASE_URL: databaseUrl, AUDIT_TOKEN: auditToken, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error' },
    });
    cleanup.add('stop the service', () => service.stop());
    const requests = Number(args.requests);
    log(`service ${service.url} (log: ${logFile}); ${requests} requests, seed ${args.seed}, concurrency ${args.concurrency}`);
    const report = await fuzz({
      url: service.url,
      databaseUrl,
      auditToken,
      requests,
      seed: Number(args.seed),
      concurrency: Number(args.concurrency),
      timeLimitMs: Number(args.minutes) * 60_000,
      rss: () => (service.memory()?.rssKiB ?? NaN) * 1024,
      progress: (done) => process.stderr.write(`\r[fuzz] ${done}/${requests}`),
    });
    process.stderr.write('\n');
    console.log(
      JSON.stringify({ byStatus: report.byStatus, failures: report.failures, unknownFieldExamples: report.unknownFieldExamples }, null, 1),
    );
    console.log(summary(report));
    return (
      report.failureCount === 0 &&
      report.eventsChanged === 0 &&
      report.eventsUnexplained === 0 &&
      report.unknownFieldsInLogs === 0 &&
      report.handsFailingVerify === 0 &&
      report.rssEndMiB < 2 * report.rssStartMiB &&
      report.requests >= requests
    );
  } finally {
    await cleanup.run();
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Exit explicitly: with only process.exitCode set, a failed run was seen to end with status 0.
main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
