/**
 * `npm run bench:ratings` (not part of `npm test`): the leaderboard's read, GET /ratings/{game},
 * with --players rated players in every game (a fifth of them still provisional).
 *
 * The service's own query (`leaderboard`, src/ratings/rating-store.ts) answers each request of a
 * bare HTTP server (tsx cannot build the Nest app), as the controller maps it: one request after
 * another, then --clients at a time, for --seconds each; p50 and p99 of the time a request takes.
 * Each request is answered as the controller does, through the leaderboard cache (src/ratings/
 * leaderboard-cache.ts: one read a second per game), and then with a query of its own per request
 * (`?uncached`), the cost a cache miss puts on every request.
 * The clients run in a child process, as a player's browser is not the server's: in the server's
 * own process their work would queue in front of the answers they time.
 *
 * Then the rating's share of a hand's end: the two statements the booking adds (the seats'
 * ratings locked, the new ones written: src/ratings/rating-booking.ts) in a transaction beside the
 * table's lock, alternated with the same transaction at a table that is not rated (where the first
 * statement finds nothing), --hands times each: the time each transaction takes. This is the
 * rating's own cost at a hand's end, not the whole booking of `npm run bench:api`.
 *
 * Everything runs on a fresh database `kartentisch_bench_ratings_<pid>_<time>`, dropped at the end.
 *
 *   npm run bench:ratings
 *   npm run bench:ratings -- --players 100000 --clients 8 --seconds 5
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { validateEnv } from '../src/config/env.js';
import { DatabaseService } from '../src/database/database.service.js';
import { migrate } from '../src/database/migrations.js';
import { GAME_IDS, type HandResult } from '../src/engine/index.js';
import { lockHandRating } from '../src/ratings/rating-booking.js';
import { LeaderboardCache } from '../src/ratings/leaderboard-cache.js';
import { leaderboard } from '../src/ratings/rating-store.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '5' },
    hands: { type: 'string', default: '2000' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
  },
});
const PLAYERS = Number(args.players);
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const HANDS = Number(args.hands);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Players with a rating in every game: μ spread around 25, σ below the provisional line for four in five. */
async function seed(db: pg.Pool): Promise<void> {
  await db.query(`INSERT INTO players (id, name) SELECT gen_random_uuid(), 'P' || i FROM generate_series(1, $1::int) i`, [PLAYERS]);
  await db.query(
    `INSERT INTO ratings (player_id, game, mu, sigma, rating, provisional, hands)
     SELECT p.id, g, m.mu, m.sigma, round(1500 + 24 * (m.mu - 25)), m.sigma > 6, 30
     FROM players p CROSS JOIN unnest($1::text[]) g
     CROSS JOIN LATERAL (SELECT 25 + 8 * (random() - 0.5) AS mu, CASE WHEN random() < 0.2 THEN 7 ELSE 3 END AS sigma) m`,
    [[...GAME_IDS]],
  );
  await db.query('ANALYZE');
}

/** `clients` loops asking `url` for SECONDS: each request's time in ms. */
async function load(url: string, clients: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await (await fetch(url)).text(); // warm-up
  const times: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(url);
        await res.text();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

/** `load` in a child process of this script: the times it measured. */
function loadElsewhere(url: string, clients: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, [], {
      env: { ...process.env, RATINGS_BENCH_CLIENT: JSON.stringify({ url, clients }) },
    });
    child.once('message', (times) => resolve(times as number[]));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`client process exited with ${code} before sending its times`)));
  });
}

/** A rated and an unrated table of four players: the same hand's end at each, alternated. */
async function bookings(service: DatabaseService): Promise<void> {
  const { rows } = await service.pool.query<{ id: string }>(`SELECT id::text FROM players ORDER BY name LIMIT 4`);
  const seating = rows.map((r) => r.id);
  const tables = await service.pool.query<{ id: string; rated: boolean }>(
    `INSERT INTO tables (id, game, options, seat_count, host_player_id, status, rated)
     SELECT gen_random_uuid(), 'doppelkopf', '{}', 4, $1, 'playing', r FROM unnest(ARRAY[true, false]) r RETURNING id::text, rated`,
    [seating[0]],
  );
  const result: HandResult = {
    status: 'finished',
    declarer: null,
    contract: null,
    parties: { re: [0, 2], kontra: [1, 3] },
    cardPoints: null,
    multiplier: 1,
    scores: [1, -1, 1, -1],
  };
  const times: Record<string, number[]> = { rated: [], unrated: [] };
  for (let i = 0; i < HANDS; i++) {
    for (const table of tables.rows) {
      const t0 = performance.now();
      await service.transaction(async (tx) => {
        const hand = { id: crypto.randomUUID(), tableId: table.id, game: 'doppelkopf', seating };
        const [, rate] = await Promise.all([
          tx.query('SELECT id FROM tables WHERE id = $1 FOR UPDATE', [table.id]),
          lockHandRating(tx, hand, { ...result }),
        ]);
        await rate();
      });
      if (i >= 100) times[table.rated ? 'rated' : 'unrated']!.push(performance.now() - t0);
    }
  }
  for (const [k, xs] of Object.entries(times)) {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `a hand's end at a table ${k === 'rated' ? 'rated  ' : 'unrated'}: mean ${ms(mean)}, p50 ${ms(quantile(xs, 0.5))}, p99 ${ms(quantile(xs, 0.99))}`,
    );
  }
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(args['pg-url']!, 'kartentisch_bench_ratings');
  const { url } = scratch;
  const db = new pg.Pool({ connectionString: url, max: 2 });
  db.on('error', () => undefined);
  const settings = validateEnv({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' });
  await migrate(url);
  const service = new DatabaseService(settings);
  const boards = new LeaderboardCache(1000);
  const server = createServer((req, res) => {
    const [path, query] = (req.url ?? '').split('?');
    const game = path!.split('/').pop()!;
    (query === 'uncached' ? leaderboard(service.pool, game, 100) : boards.read(service.pool, game, 100)).then(
      (players) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ players })),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  try {
    const t0 = performance.now();
    await seed(db);
    console.log(`seeded ${PLAYERS} players × ${GAME_IDS.length} games in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ratings/doppelkopf`;
    const { rows } = await db.query(`EXPLAIN ANALYZE SELECT r.player_id FROM ratings r JOIN players p ON p.id = r.player_id
      WHERE r.game = 'doppelkopf' AND r.provisional = false ORDER BY r.rating DESC, r.player_id LIMIT 100`);
    console.log(rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n'));
    // The machine is shared: its load says how far the times below are the query's and how far the queue's.
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const query: number[] = [];
    for (const until = Date.now() + SECONDS * 1000; Date.now() < until;) {
      const t1 = performance.now();
      await leaderboard(service.pool, 'doppelkopf', 100);
      query.push(performance.now() - t1);
    }
    const board = await leaderboard(service.pool, 'doppelkopf', 100);
    if (board.length !== 100) throw new Error(`the leaderboard lists ${board.length} players, not 100`);
    console.log(`the leaderboard's query alone: ${query.length} times, p50 ${ms(quantile(query, 0.5))}, p99 ${ms(quantile(query, 0.99))}`);
    for (const [how, url] of [
      ['as served', base],
      ['a query per request', `${base}?uncached`],
    ] as const) {
      for (const clients of [1, CLIENTS]) {
        const times = await loadElsewhere(url, clients);
        console.log(
          `GET /ratings/doppelkopf ${how}, ${clients} client(s): ${times.length} requests, p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}`,
        );
      }
    }
    await bookings(service);
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    server.close();
    await service.onModuleDestroy();
    await db.end();
    await scratch.drop();
  }
}

const client = process.env.RATINGS_BENCH_CLIENT;
if (client) {
  const { url, clients } = JSON.parse(client) as { url: string; clients: number };
  const times = await load(url, clients);
  // Let go of the channel only once the times are sent: a disconnect before would drop them.
  process.send!(times, () => process.disconnect());
} else await main();
