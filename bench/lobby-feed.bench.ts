/**
 * `npm run bench:lobby` (not part of `npm test`): what the live lobby costs beside what the
 * lobby cost when it polled, measured in the same run on the same PostgreSQL.
 *
 *   baseline  the lobby's old poll: the read of GET /tables?limit=20 (its first page, the
 *             service's own listTables), one after another: each open lobby asked this every 3 s.
 *   version   the feed's one query (`lobbyVersion`, src/tables/table-store.ts), one after
 *             another: each instance with lobby readers asks it once a second, for all of them.
 *   push      --lobbies feeds open on the service's LobbyFeed (behind a bare HTTP server, as
 *             tsx cannot build the Nest app); a table is inserted, and the time from its commit
 *             until every feed has a new line is taken, --changes times.
 *
 * Everything runs on a fresh database `kartentisch_bench_lobby_<timestamp>` seeded with
 * --tables open tables (half waiting with two of four seats taken, half playing), dropped at
 * the end.
 *
 *   npm run bench:lobby
 *   npm run bench:lobby -- --tables 10000 --lobbies 200 --seconds 5
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { validateEnv } from '../src/config/env.js';
import { DatabaseService } from '../src/database/database.service.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';
import { migrate } from '../src/database/migrations.js';
import { LobbyFeed, LOOK_MS } from '../src/tables/lobby-feed.js';
import { listTables, lobbyVersion } from '../src/tables/table-store.js';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '2000' },
    lobbies: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
    changes: { type: 'string', default: '20' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
  },
});
const TABLES = Number(args.tables);
const LOBBIES = Number(args.lobbies);
const SECONDS = Number(args.seconds);
const CHANGES = Number(args.changes);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Runs `once` back to back for SECONDS: each call's time in ms. */
async function repeat(once: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await once(); // warm-up
  const times: number[] = [];
  for (const until = Date.now() + SECONDS * 1000; Date.now() < until;) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return times;
}

async function seed(db: pg.Pool): Promise<void> {
  await db.query(`INSERT INTO players (id, name) SELECT gen_random_uuid(), 'P' || i FROM generate_series(1, 4) i`);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM players ORDER BY name');
  await db.query(
    `INSERT INTO tables (id, game, options, seat_count, host_player_id, status, created_at)
     SELECT gen_random_uuid(), 'doppelkopf', '{}', 4, $1, CASE WHEN i % 2 = 0 THEN 'waiting' ELSE 'playing' END,
            now() - i * interval '1 second'
       FROM generate_series(1, $2::int) i`,
    [rows[0]!.id, TABLES],
  );
  await db.query(
    `INSERT INTO table_seats (table_id, seat, player_id)
     SELECT t.id, s, (SELECT id FROM players ORDER BY name OFFSET s LIMIT 1)
       FROM tables t, generate_series(0, 3) s WHERE t.status = 'playing' OR s < 2`,
  );
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(args['pg-url']!, 'kartentisch_bench_lobby');
  const { url } = scratch;
  const db = new pg.Pool({ connectionString: url, max: 2 });
  // The drop at the end ends every connection to the database: that is no error of the run.
  db.on('error', () => undefined);
  const settings = validateEnv({ ...process.env, DATABASE_URL: url, STREAMS_PER_ADDRESS: '0', LOG_LEVEL: 'error' });
  await migrate(url);
  const service = new DatabaseService(settings);
  const feed = new LobbyFeed(service, settings);
  const server = createServer((req, res) => void feed.serve('bench', res, () => undefined));
  try {
    await seed(db);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const poll = await repeat(() => listTables(service, { statuses: ['waiting', 'playing'], after: null, take: 21 }));
    const version = await repeat(() => lobbyVersion(db));
    const counts = new Array<number>(LOBBIES).fill(0);
    const aborts = new AbortController();
    await Promise.all(
      counts.map(async (_, i) => {
        const res = await fetch(`${base}/lobby/feed`, { signal: aborts.signal });
        void (async () => {
          try {
            for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) counts[i]! += (chunk.match(/\{/g) ?? []).length;
          } catch {
            /* closed at the end */
          }
        })();
      }),
    );
    while (counts.some((c) => c === 0)) await new Promise((r) => setTimeout(r, 10));
    const push: number[] = [];
    for (let k = 0; k < CHANGES; k++) {
      // Changes come at any moment of the feed's second, not just after a look.
      await new Promise((r) => setTimeout(r, Math.random() * LOOK_MS));
      const before = [...counts];
      await db.query(`INSERT INTO tables (id, game, options, seat_count, status) VALUES (gen_random_uuid(), 'dobbm', '{}', 4, 'waiting')`);
      const t0 = performance.now();
      while (counts.some((c, i) => c === before[i])) await new Promise((r) => setTimeout(r, 5));
      push.push(performance.now() - t0);
    }
    aborts.abort();

    const perSecondPoll = (LOBBIES / 3) * quantile(poll, 0.5);
    console.log(`lobby feed: ${TABLES} open tables, ${LOBBIES} lobbies, ${SECONDS} s each, node ${process.version}`);
    console.log('| what | n | p50 | p99 | database and service time per second |');
    console.log('| --- | --- | --- | --- | --- |');
    console.log(
      `| baseline: the read of GET /tables?limit=20 (the old poll, each lobby every 3 s) | ${poll.length} | ${ms(quantile(poll, 0.5))} | ${ms(quantile(poll, 0.99))} | ${ms(perSecondPoll)} for ${LOBBIES} lobbies |`,
    );
    console.log(
      `| the feed's version query (each instance once a second) | ${version.length} | ${ms(quantile(version, 0.5))} | ${ms(quantile(version, 0.99))} | ${ms(quantile(version, 0.5))} for any number of lobbies |`,
    );
    console.log(
      `| push: table opened → a line on all ${LOBBIES} feeds | ${push.length} | ${ms(quantile(push, 0.5))} | max ${ms(Math.max(...push))} | — |`,
    );
  } finally {
    feed.onModuleDestroy();
    server.closeAllConnections();
    server.close();
    await service.onModuleDestroy();
    await db.end();
    await scratch.drop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
