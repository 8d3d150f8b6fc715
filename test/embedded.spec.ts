import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { projectRoot } from '../src/config/paths.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded.js';

/** The embedded default (docs/design.md#running-it): data kept across restarts, a killed owner's server cleared. */
describe('the embedded PostgreSQL', () => {
  const dataDir = path.join(projectRoot(), '.data', `embedded-spec-${process.pid}`);
  let db: EmbeddedDatabase | null = null;
  afterAll(async () => {
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts again after its owner was SIGKILLed, with the data still there', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot(), 'test/support/embedded-child.testkit.ts'), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    db = await startEmbeddedPostgres({ dataDir, database: 'survivor' });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('SELECT note FROM marker');
    await client.end();
    expect(rows).toEqual([{ note: 'kept across restarts' }]);
  }, 120_000);
});
