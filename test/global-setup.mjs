// Plain ESM (Jest loads globalSetup outside its module system); TypeScript sources via tsx.
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsDir = path.join(root, '.data', 'postgres-test');

/**
 * The e2e tests speak HTTP to a real PostgreSQL: DATABASE_URL when set (CI creates a fresh
 * database), else an embedded server of this run's own (several people run jest in one tree
 * at once), in .data/postgres-test/<pid>, removed again by the teardown.
 * A run of only src/ tests (the engine's) needs no database and starts none.
 */
export default async function globalSetup(globalConfig) {
  const patterns = globalConfig.testPathPatterns?.patterns ?? globalConfig.testPathPattern ?? [];
  const list = (Array.isArray(patterns) ? patterns : [patterns]).map(String).filter(Boolean);
  if (list.length > 0 && list.every((p) => p.replace(/^\.\//, '').startsWith('src/'))) return;

  const { startEmbeddedPostgres } = await tsImport('../src/database/embedded.ts', import.meta.url);
  const { migrate } = await tsImport('../src/database/migrations.ts', import.meta.url);
  // A run beside another on the same server (scripts/test.sh: the browser tests beside the other
  // e2e tests) takes a scratch database of its own, so that neither sees the other's rows.
  const own = process.env.TEST_OWN_DATABASE;
  if (own && process.env.DATABASE_URL) {
    const { createScratchDatabase } = await tsImport('../scripts/lib/scratch-database.ts', import.meta.url);
    const db = await createScratchDatabase(process.env.DATABASE_URL, own);
    process.env.DATABASE_URL = db.url;
    globalThis.__KARTENTISCH_SCRATCH__ = db;
  }
  if (!process.env.DATABASE_URL) {
    await removeAbandonedRuns();
    const dataDir = path.join(runsDir, String(process.pid));
    const db = await startEmbeddedPostgres({ dataDir, database: 'kartentisch_test' });
    process.env.DATABASE_URL = db.url;
    globalThis.__KARTENTISCH_EMBEDDED__ = { db, dataDir };
  }
  await migrate(process.env.DATABASE_URL);
}

/** Folders of runs whose jest process is gone (killed): their server is stopped, the folder removed. */
async function removeAbandonedRuns() {
  if (!existsSync(runsDir)) return;
  for (const name of await readdir(runsDir)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || isAlive(pid)) continue;
    const pidFile = path.join(runsDir, name, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const { readFile } = await import('node:fs/promises');
      const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      if (postmaster > 0 && isAlive(postmaster)) {
        process.kill(postmaster, 'SIGQUIT');
        for (let i = 0; i < 50 && isAlive(postmaster); i++) await new Promise((r) => setTimeout(r, 100));
      }
    }
    await rm(path.join(runsDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
