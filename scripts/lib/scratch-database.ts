import pg from 'pg';

/**
 * A database of one run's own — a benchmark's, a script's, a test file's — on the PostgreSQL
 * server that `serverUrl` points at (any database there; its user may create databases). The
 * name carries the process and the time, so that runs side by side never meet.
 */
export interface ScratchDatabase {
  name: string;
  /** `serverUrl` with the scratch database in its path (and the same user, host and parameters). */
  url: string;
  create(): Promise<void>;
  /** Drops it WITH (FORCE): a service killed mid-run may leave connections behind. */
  drop(): Promise<void>;
}

/** The name and address of a scratch database, known before it is created (a test file's setup creates it later). */
export function scratchDatabase(serverUrl: string, prefix: string): ScratchDatabase {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  return {
    name,
    url: databaseUrl(serverUrl, name),
    create: () => onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`)),
    drop: () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)),
  };
}

export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const db = scratchDatabase(serverUrl, prefix);
  await db.create();
  return db;
}

/** `serverUrl` pointing at the database `name` instead. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own: creating and dropping need no connection kept open between them. */
async function onServer(serverUrl: string, statement: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await statement(client);
  } finally {
    await client.end();
  }
}
