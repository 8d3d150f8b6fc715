import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database-only baseline of the API benchmark: PostgreSQL's own `pgbench` running an
 * action-shaped transaction (action.sql: lock the hand row, update it, append one jsonb event)
 * against tables of the same shape (schema.sql) in the bench database. What the service adds
 * on top of this — HTTP, NestJS, the engine, JSON, the ORM — is what the ratio measures.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface PgTarget {
  host: string;
  port: string;
  user: string;
  password?: string;
  database: string;
}

export function pgTarget(url: string): PgTarget {
  const u = new URL(url);
  return {
    // libpq's ?host=/var/run/postgresql (a Unix socket) wins over the URL's host, as for node-postgres.
    host: u.searchParams.get('host') || u.hostname || '127.0.0.1',
    port: u.port || '5432',
    user: decodeURIComponent(u.username || 'postgres'),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '') || 'postgres'),
  };
}

export interface PgbenchResult {
  clients: number;
  seconds: number;
  transactions: number;
  failed: number;
  tps: number;
  latencyAvgMs: number;
}

/** Creates and fills the baseline's tables (schema.sql) with `hands` hand rows. */
export async function initPgbench(db: PgTarget, hands: number): Promise<void> {
  await run(
    'psql',
    [...connArgs(db), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-v', `hands=${hands}`, '-f', path.join(HERE, 'schema.sql'), db.database],
    db,
  );
}

/** `pgbench -f action.sql` at `clients` connections for `seconds`, random hand ids in 1..hands. */
export async function runPgbench(db: PgTarget, opts: { clients: number; seconds: number; hands: number }): Promise<PgbenchResult> {
  const threads = Math.min(opts.clients, 2);
  const out = await run(
    'pgbench',
    [
      ...connArgs(db),
      '-n',
      '-M',
      'prepared',
      '-c',
      String(opts.clients),
      '-j',
      String(threads),
      '-T',
      String(opts.seconds),
      '-D',
      `hands=${opts.hands}`,
      '-f',
      path.join(HERE, 'action.sql'),
      db.database,
    ],
    db,
  );
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const result = {
    clients: opts.clients,
    seconds: opts.seconds,
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    tps: num(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyAvgMs: num(/latency average = ([\d.]+) ms/),
  };
  if (!Number.isFinite(result.tps)) throw new Error(`could not read pgbench's output:\n${out}`);
  return result;
}

function connArgs(db: PgTarget): string[] {
  return ['-h', db.host, '-p', db.port, '-U', db.user];
}

function run(command: string, args: string[], db: PgTarget): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...(db.password ? { PGPASSWORD: db.password } : {}) };
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', (err) =>
      reject(new Error(`${command} could not be started (${err.message}); is PostgreSQL's client on the PATH?`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}:\n${out.trim().split('\n').slice(-15).join('\n')}`)),
    );
  });
}
