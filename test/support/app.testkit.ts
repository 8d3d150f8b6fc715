import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import pg from 'pg';
import { createApp } from '../../src/app.js';
import { validateEnv } from '../../src/config/env.js';
import { migrate } from '../../src/database/migrations.js';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/lib/scratch-database.js';

export const AUDIT_TOKEN = 'test-auditor-token-0123456789abcdef';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  sql: pg.Pool;
  close(): Promise<void>;
}

/** The real app, in process, against the run's PostgreSQL (test/global-setup.mjs). */
export async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const settings = validateEnv({
    ...process.env,
    AUDIT_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    // Bots at full speed, unless a test is about their pace.
    BOT_PACE_MS: '0',
    RESULT_PAUSE_MS: '0',
    // The audit's threads at the test's own priority: niced, the suite's parallel lanes starve a
    // review past its test's time. The bots stay at the lowest: at the test's priority their search
    // takes the CPU the browser lane's Chromium needs (pages then miss their waits).
    AUDIT_PRIORITY: 'normal',
    // Tests that want a clock ask their table for one; the others must not see a substitute act.
    DEFAULT_TURN_CLOCK: 'off',
    // No evidence computed ahead in the background, unless a test is about the sweep.
    AUDIT_SWEEP_SECONDS: '0',
    // No hand reviewed unless asked for: every finished hand's review would load the whole suite.
    REVIEW_SWEEP_SECONDS: '0',
    // No presence beat: views say `present: []` and stay what GET answers, unless a test is about presence.
    PRESENCE_SECONDS: '0',
    ...env,
  });
  const app = await createApp(settings);
  await app.init();
  // Fastify loads its plugins and routes on ready(), which supertest does not wait for.
  await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  const sql = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
  // The tests' own side channel: an idle connection terminated from outside (seen when runs share
  // one PostgreSQL server) must not fail whichever test is running; the next query reconnects.
  sql.on('error', () => undefined);
  return {
    app,
    http: onItsOwnPort(app.getHttpServer() as Server),
    sql,
    close: async () => {
      await sql.end();
      await app.close();
    },
  };
}

/**
 * supertest on a port the app keeps: handed a server that does not listen, supertest binds a new
 * port and closes it for every request, which took a tenth of an e2e file's time. The port is
 * taken at the first request, so a test that listens where it wants (IPv6, say) does so first.
 */
function onItsOwnPort(server: Server): TestApp['http'] {
  const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
  const agent = {} as Record<(typeof methods)[number], unknown>;
  for (const m of methods)
    agent[m] = (url: string) => {
      // Without a host, listen binds at once, so supertest reads the port straight after.
      if (!server.listening) server.listen(0);
      return request(server)[m](url);
    };
  return agent as unknown as TestApp['http'];
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The app on a database of its own, created and migrated here and dropped by `close`: for
 * files that read every hand of their database (the collusion audit), which the hands other
 * e2e files play at the same time would otherwise join.
 */
export async function startAppOnOwnDatabase(prefix: string, env: Record<string, string> = {}): Promise<TestApp> {
  const db = await ownDatabase(prefix);
  const t = await startApp({ ...env, DATABASE_URL: db.url });
  return {
    ...t,
    close: async () => {
      await t.close();
      await db.drop();
    },
  };
}

/** A database of the caller's own, created and migrated here, for apps started and stopped on it in turn. */
export async function ownDatabase(prefix: string): Promise<ScratchDatabase> {
  const db = await createScratchDatabase(process.env.DATABASE_URL!, prefix);
  await migrate(db.url);
  return db;
}
