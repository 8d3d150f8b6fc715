/**
 * `npm run bench:review-load` — the request path while hand reviews run (docs/review.md#figures).
 *
 * The built service (`dist/src/main.js`, as `npm start` runs it, in a session of its own, its
 * in-process worker of the audit's jobs with AUDIT_WORKERS threads) on a scratch database of the PostgreSQL at
 * DATABASE_URL. Four players play `--reviews × --rounds` Doppelkopf hands over HTTP (random
 * choices, not timed). Then, `--rounds` times in turn:
 *
 * - **quiet**: for `--seconds`, a probe plays on at the same table, one step at a time with a
 *   pause between: GET /tables/{id}, the acting seat's GET /hands/{id}, its POST
 *   /hands/{id}/actions, each timed;
 * - **reviewing**: `--reviews` of the finished hands' reviews are asked for (GET
 *   /hands/{id}/review, which queues them on the workers), and the same probe runs until every
 *   one is stored (read from the database; at most `--max-busy` seconds).
 *
 * Printed per phase kind: each request's p50 / p99 / max in ms, the probe's steps, the server's
 * CPU seconds (all its threads) and the machine's load. Options: --reviews 10 --rounds 3
 * --seconds 20 --max-busy 300 --workers 1 --pause-ms 20 --no-build --keep-db, --server-entry
 * another build's main.js (to compare two builds on one machine). Run it `nice`d.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { KartentischClient, type Player } from '../scripts/lib/api-client.js';
import { playHand, SeatBot } from '../scripts/lib/http-bot.js';
import { cpuSeconds, percentiles } from '../scripts/lib/measure.js';
import { buildService, startService } from '../scripts/lib/service-process.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';
import { migrate } from '../src/database/migrations.js';
import { seededRng } from '../src/engine/core/rng.js';
import { codeVersion } from './code-version.js';

const { values: args } = parseArgs({
  options: {
    reviews: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    'max-busy': { type: 'string', default: '300' },
    workers: { type: 'string', default: '1' },
    'pause-ms': { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
    'server-entry': { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const REVIEWS = Number(args.reviews);
const ROUNDS = Number(args.rounds);
const QUIET_MS = Number(args.seconds) * 1000;
const MAX_BUSY_MS = Number(args['max-busy']) * 1000;
const PAUSE_MS = Number(args['pause-ms']);
const TOKEN = 'bench-auditor-token-0123456789abcdef';
const admin = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROUTES = ['GET /tables/{id}', 'GET /hands/{id}', 'POST /hands/{id}/actions'] as const;
type Route = (typeof ROUTES)[number];
type Phase = 'quiet' | 'reviewing';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg()[0]!.toFixed(1);

console.log(`bench:review-load ${process.argv.slice(2).join(' ')}; ${os.cpus().length} cores, load ${load()}; ${new Date().toISOString()}`);
if (!args['no-build']) buildService();
const db = await createScratchDatabase(admin, 'kartentisch_bench_review_load');
await migrate(db.url);
const service = await startService({
  // Slow to answer on a loaded machine.
  readyTimeoutMs: 180_000,
  // Its own fair share of the CPU, not one shared with this process's probe.
  ownSession: true,
  env: {
    DATABASE_URL: db.url,
    AUDIT_TOKEN: TOKEN,
    AUDIT_WORKERS: args.workers!,
    RATE_LIMIT_PER_MINUTE: '0',
    RESULT_PAUSE_MS: '0',
    DEFAULT_TURN_CLOCK: 'off',
    AUDIT_SWEEP_SECONDS: '0',
    // Only the reviews this bench asks for: the phases must differ by them alone.
    REVIEW_SWEEP_SECONDS: '0',
    LOG_LEVEL: 'warn',
  },
  logFile: path.join(os.tmpdir(), 'bench-review-load.log'),
  ...(args['server-entry'] ? { entry: path.resolve(args['server-entry']) } : {}),
}).catch(async (err: unknown) => {
  await db.drop();
  throw err;
});

const client = new KartentischClient(service.url);
const sql = new pg.Pool({ connectionString: db.url, max: 1 });
try {
  const players: Player[] = [];
  for (let i = 0; i < 4; i++) players.push(await client.createPlayer(`Load ${i + 1}`));
  const table = await client.createTable(players[0]!, 'doppelkopf', {});
  let handId = '';
  for (const [seat, p] of players.entries()) {
    const taken = await client.takeSeat(table.id, p, seat);
    handId = taken.currentHandId ?? handId;
  }
  if (!handId) handId = (await client.table(table.id)).currentHandId!;
  const bots = players.map((p, seat) => new SeatBot(client, p, seat, 'doppelkopf', seededRng(seat + 1)));

  const finished: string[] = [];
  const started = performance.now();
  while (finished.length < REVIEWS * ROUNDS) {
    const played = await playHand(handId, bots);
    if (!played.finished || !played.nextHandId) throw new Error(`hand ${handId} did not lead to a next one`);
    finished.push(handId);
    handId = played.nextHandId;
  }
  console.log(`${finished.length} Doppelkopf hands played in ${((performance.now() - started) / 1000).toFixed(1)} s (not timed below)`);

  const samples: Record<Phase, Record<Route, number[]>> = {
    quiet: { 'GET /tables/{id}': [], 'GET /hands/{id}': [], 'POST /hands/{id}/actions': [] },
    reviewing: { 'GET /tables/{id}': [], 'GET /hands/{id}': [], 'POST /hands/{id}/actions': [] },
  };
  const spent: Record<Phase, { cpu: number; seconds: number; loads: string[] }> = {
    quiet: { cpu: 0, seconds: 0, loads: [] },
    reviewing: { cpu: 0, seconds: 0, loads: [] },
  };
  const timed = async <T>(phase: Phase, route: Route, call: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const answer = await call();
    samples[phase][route].push(performance.now() - t0);
    return answer;
  };

  /** One step of the probe: the table, the acting seat's view, its action (the next hand's when this one ends). */
  const step = async (phase: Phase): Promise<void> => {
    await timed(phase, 'GET /tables/{id}', () => client.table(table.id));
    const anyView = await bots[0]!.view(handId);
    const seat = anyView.toAct[0];
    if (anyView.status !== 'active' || seat === undefined) {
      handId = (await client.table(table.id)).currentHandId ?? handId;
      return;
    }
    const bot = bots[seat]!;
    const view = await timed(phase, 'GET /hands/{id}', () => bot.view(handId));
    if (!view.legalActions?.length) return;
    const after = await timed(phase, 'POST /hands/{id}/actions', () => client.act(handId, bot.player, view.seq, bot.choose(view)));
    if (after.status !== 'active' && after.nextHandId) handId = after.nextHandId;
  };

  const phase = async (kind: Phase, until: () => Promise<boolean> | boolean): Promise<void> => {
    const cpu0 = cpuSeconds(service.pid);
    const t0 = performance.now();
    let lastLoad = 0;
    while (!(await until())) {
      await step(kind);
      if (performance.now() - lastLoad > 5000) {
        spent[kind].loads.push(load());
        lastLoad = performance.now();
      }
      await sleep(PAUSE_MS);
    }
    spent[kind].cpu += cpuSeconds(service.pid) - cpu0;
    spent[kind].seconds += (performance.now() - t0) / 1000;
  };

  const ask = async (id: string): Promise<void> => {
    const res = await fetch(`${service.url}/hands/${id}/review`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 202) throw new Error(`GET /hands/${id}/review: ${res.status}`);
  };
  // Read from the database, not asked of the service: the probe's requests are the only ones it serves meanwhile.
  const storedOf = async (ids: string[]): Promise<number> =>
    (
      await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM hand_reviews WHERE hand_id = ANY($1::uuid[]) AND status <> 'running'`,
        [ids],
      )
    ).rows[0]!.n;

  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    await phase('quiet', () => performance.now() - t0 > QUIET_MS);
    const batch = finished.slice(round * REVIEWS, (round + 1) * REVIEWS);
    for (const id of batch) await ask(id);
    const t1 = performance.now();
    let stored = 0;
    let lastLook = 0;
    await phase('reviewing', async () => {
      if (performance.now() - lastLook > 1000) {
        lastLook = performance.now();
        stored = await storedOf(batch);
      }
      return stored === batch.length || performance.now() - t1 > MAX_BUSY_MS;
    });
    console.log(
      `round ${round + 1}: ${stored} of ${batch.length} reviews stored in ${((performance.now() - t1) / 1000).toFixed(1)} s; load ${load()}`,
    );
  }

  const f = (x: number) => x.toFixed(1);
  console.log(
    `\n${args['server-entry'] ?? 'dist/src/main.js'}, AUDIT_WORKERS=${args.workers}, a pause of ${PAUSE_MS} ms between the probe's steps; times in ms`,
  );
  console.log(`${'request'.padEnd(26)} ${'quiet p50 / p99 / max (n)'.padEnd(30)} reviewing p50 / p99 / max (n)`);
  for (const route of ROUTES) {
    const cell = (kind: Phase) => {
      const p = percentiles(samples[kind][route]);
      return `${f(p.p50)} / ${f(p.p99)} / ${f(p.max)} (${samples[kind][route].length})`;
    };
    console.log(`${route.padEnd(26)} ${cell('quiet').padEnd(30)} ${cell('reviewing')}`);
  }
  for (const kind of ['quiet', 'reviewing'] as const)
    console.log(
      `${kind}: ${f(spent[kind].seconds)} s, server CPU ${f(spent[kind].cpu)} s (${(spent[kind].cpu / spent[kind].seconds).toFixed(2)} cores), load ${spent[kind].loads.join(' ')}`,
    );
  const summary = Object.fromEntries(
    (['quiet', 'reviewing'] as const).map((kind) => [
      kind,
      Object.fromEntries(ROUTES.map((r) => [r, { ...percentiles(samples[kind][r]), n: samples[kind][r].length }])),
    ]),
  );
  console.log(
    `RESULT ${JSON.stringify({ bench: 'review-load', reviews: REVIEWS, rounds: ROUNDS, workers: Number(args.workers), summary, spent, code: codeVersion('bench/review-load.bench.ts').version })}`,
  );
} finally {
  client.close();
  await sql.end();
  await service.stop();
  if (!args['keep-db']) await db.drop();
}
