import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import pg from 'pg';
import { createApp } from '../../src/app.js';
import { validateEnv } from '../../src/config/env.js';

export const AUDIT_TOKEN = 'test-auditor-token-0123456789abcdef';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  sql: pg.Pool;
  close(): Promise<void>;
}

/** The real app, in process, against the run's PostgreSQL (test/global-setup.ts). */
export async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const settings = validateEnv({
    ...process.env,
    AUDIT_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createApp(settings);
  await app.init();
  const sql = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
  return {
    app,
    http: request(app.getHttpServer()),
    sql,
    close: async () => {
      await sql.end();
      await app.close();
    },
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
