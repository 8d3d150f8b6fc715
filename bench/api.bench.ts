/**
 * `npm run bench:api` (not part of `npm test`): the service's cost per action
 * beside a yardstick measured in the same run on the same PostgreSQL:
 *
 *   baseline  bench/baseline: a bare NestJS 12 + Express + `pg` app with one insert route (no
 *             guards, logging, validation or Prisma), 16 connections (autocannon); its server
 *             CPU per request, read from /proc/<pid>/stat like every CPU figure here, is the unit.
 *   floor     the same app on Fastify (the service's adapter), each connection repeating a GET
 *             that reads a row and a POST that inserts one: an action's two requests and two
 *             statements with no game in them — what no action here can cost less than; then
 *             the same pairs sent as the bots send their requests (their HTTP client, one at a
 *             time per connection): the floor in today's shape; and the live floor
 *             (bench/live-floor.ts): every seat of --live-tables groups following on its own
 *             connection (a WebSocket, as the live shape follows; else a held response, moving
 *             by POST), a move one insert and a line pushed to every seat of its group.
 *   work      the game's own work per action, timed in this process (bench/action-work.ts), in
 *             each shape: floor + work is the least an action of this service could cost.
 *   today     16 bot clients playing whole hands, each action one view GET (unless the last
 *             answer was it) and one POST: server CPU per action ÷ baseline (aim ≤ 1.0), POST
 *             p99 < 25 ms, GET p99 < 15 ms. Half the tables of each game are rated, half not:
 *             the POST that ends a hand (its booking, with the seats' ratings where rated), p50
 *             rated ÷ not rated (aim ≤ 1.1).
 *   live      every seat of --live-tables tables its own client, following its table's hands
 *             on one WebSocket and acting on it (GET /tables/{id}/socket, as the web page;
 *             --live-follow socket: a WebSocket per hand, GET /hands/{id}/socket; stream: the
 *             NDJSON stream and a POST per action, the page's fallback; poll: the long poll,
 *             If-None-Match + Prefer: wait=25, and a POST) when its
 *             turn comes (bench/live-tables.ts): server CPU per action delivered to every seat ÷
 *             baseline (aim ≤ 2.0), wake-up latency commit → every seat p99 < 50 ms (from
 *             the event's `created_at`, the server's clock just before its append commits).
 *   scale     --tables tables in play (a hand dealt, three actions each): server RSS ≤ 400 MiB,
 *             then the live shape again beside them.
 *   context   pgbench's action-shaped transaction (bench/pgbench/action.sql), and the CPU
 *             split per process (server, this process's clients, PostgreSQL's backends).
 *   rounds    --rounds N measures the unit, today's shape and the live shape N times in turn
 *             (the unit again before each round's shapes): each round's CPU ratios use its own
 *             unit, the two CPU aims take the median over the rounds. One run's ratio moves by
 *             a third on this shared machine (2.8 × and 3.9 × in two identical runs ten minutes
 *             apart).
 *
 * Everything runs on a fresh database `kartentisch_bench_<timestamp>` dropped at the end; the
 * service is built and started with RATE_LIMIT_PER_MINUTE=0 and BENCH_ENDPOINTS=1.
 *
 *   npm run bench:api                                  # the full run: 10,000 tables, ~7 min here
 *   npm run bench:api -- --tables 1000 --seconds 10    # a few minutes
 *   npm run bench:api -- --cpu-prof        # also writes a .cpuprofile of the server under load
 *   npm run bench:api -- --diagnose        # also times the app's own insert, GET /health and GET /hands/{id} alone
 *   npm run bench:api -- --server-node-args=--max-old-space-size=128   # flags for the server's node
 *   npm run bench:api -- --no-build --server-entry /elsewhere/dist/src/main.js   # another build
 *   PATH=/opt/node26/bin:$PATH npm run bench:api       # every process on another Node (the unit moves with it)
 *
 * Options: --clients, --live-tables, --live-follow table|socket|stream|poll, --idempotency-keys (every action keyed), --rounds, --baseline-seconds, --warmup-seconds, --pg-url (an admin
 * connection, default BENCH_PG_URL or postgresql://postgres@127.0.0.1:5432/postgres),
 * --log-level, --keep-db.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { KartentischClient, ProblemError, type Game, type Player } from '../scripts/lib/api-client.js';
import { playHand, SeatBot } from '../scripts/lib/http-bot.js';
import { buildService, Cleanup, PROJECT_ROOT, processMemory, startService, type RunningService } from '../scripts/lib/service-process.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';
import { seededRng } from '../src/engine/core/rng.js';
import { backendCpu, cpuSeconds, cpuSince, cpuTimes, percentiles } from '../scripts/lib/measure.js';
import { initPgbench, pgTarget, runPgbench, type PgbenchResult } from './pgbench/pgbench.js';
import { playLive, seatLiveTables, wakeFromCommit, type LiveFollow, type LiveStats } from './live-tables.js';
import { measureActionWork, type ViewShape } from './action-work.js';
import { liveFloor } from './live-floor.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    'live-tables': { type: 'string', default: '16' },
    'baseline-seconds': { type: 'string', default: '10' },
    // V8's optimising compiler is busy for about a minute of play, and an action measured that
    // early costs visibly more: measure a settled service, as one that has run for hours is.
    'warmup-seconds': { type: 'string', default: '30' },
    tables: { type: 'string', default: '10000' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
    'log-level': { type: 'string', default: 'info' },
    'no-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    diagnose: { type: 'boolean', default: false },
    'server-node-args': { type: 'string', default: '' },
    'server-entry': { type: 'string' },
    'live-follow': { type: 'string', default: 'table' },
    'idempotency-keys': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
const CLIENTS = positive('clients');
const SECONDS = positive('seconds');
const ROUNDS = positive('rounds');
const LIVE_TABLES = positive('live-tables');
const LIVE_FOLLOW = liveFollow(args['live-follow']!);
/** The live seats act on their sockets (a hand's or a table's), not by POST. */
const ON_SOCKETS = LIVE_FOLLOW === 'socket' || LIVE_FOLLOW === 'table';
const BASELINE_SECONDS = positive('baseline-seconds');
const WARMUP_SECONDS = Number(args['warmup-seconds']);
/** The baseline app is warmed up as long as the service: after 2 s the unit still cost ~10 % more than after 12 s. */
const BASELINE_WARMUP_SECONDS = Math.max(2, WARMUP_SECONDS);
const TABLES = Number(args.tables);
/** --idempotency-keys: every bot sends each action with an Idempotency-Key. */
const KEYED = args['idempotency-keys']!;
/** pgbench draws its hand ids from this many rows: little lock contention, as with real tables. */
const PGBENCH_HANDS = 1000;
/** Hard bound on filling the tables, whatever the machine's load. */
const FILL_TABLES_LIMIT_MS = 1_200_000;
const BASELINE_ENTRY = path.join(PROJECT_ROOT, 'dist', 'bench', 'baseline', 'main.js');

/** The aims, in units of the baseline's server CPU per request, and milliseconds. */
const AIM = { cpuPerAction: 1.0, livePerAction: 2.0, postP99: 25, getP99: 15, wakeP99: 50, rssMiB: 400, tables: 10_000, ratedEnd: 1.1 };

/** The games the bots cycle through, one table per client. */
const SPECS: { game: Game; rules: Record<string, unknown>; seats: number }[] = [
  { game: 'dobbm', rules: { players: 4 }, seats: 4 },
  { game: 'doppelkopf', rules: {}, seats: 4 },
  { game: 'droggn', rules: { players: 3 }, seats: 3 },
  { game: 'dobbm', rules: { players: 5 }, seats: 5 },
];

const ACT_ROUTE = 'POST /hands/{id}/actions';
/** The action type the client reports for the POST that ends a hand (its booking, and its rating at a rated table). */
const HAND_END = 'ends the hand';
const VIEW_ROUTE = 'GET /hands/{id}';

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const started = Date.now();
  try {
    const admin = args['pg-url']!;
    const { name: dbName, url: dbUrl, drop } = await createScratchDatabase(admin, 'kartentisch_bench');
    if (!args['keep-db']) cleanup.add('drop the bench database', drop);
    const loadBefore = os.loadavg();
    log(
      `database ${dbName} on ${pgTarget(admin).host}:${pgTarget(admin).port}; ${os.cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`,
    );

    log(`context: pgbench, action-shaped transaction, ${CLIENTS} clients, ${BASELINE_SECONDS} s`);
    await initPgbench(pgTarget(dbUrl), PGBENCH_HANDS);
    const pgbench = await runPgbench(pgTarget(dbUrl), { clients: CLIENTS, seconds: BASELINE_SECONDS, hands: PGBENCH_HANDS });

    if (!args['no-build']) {
      log('building the service and the baseline (npm run build)');
      buildService();
    }
    const baseline = await measureBaseline(dbUrl, dbName, cleanup);
    const floor = await measureFloor(dbUrl, dbName, cleanup);
    log("work: the game's own work per action, in this process, 3 s for each shape");
    const workMs = { today: measureActionWork(SPECS, 3, 'today'), live: measureActionWork(SPECS, 3, 'live') };

    const service = await startBenchService(dbUrl, cleanup);
    const memIdle = service.memory();

    const fleet = new BotFleet(service.url, CLIENTS);
    cleanup.add('close the bot clients', () => fleet.close());
    await fleet.seat();
    if (WARMUP_SECONDS > 0) {
      log(`warming up: ${CLIENTS} bot clients for ${WARMUP_SECONDS} s`);
      await fleet.play(WARMUP_SECONDS);
    }

    const diagnostics: Diagnostic[] = [];
    if (args.diagnose) {
      const { handId, token } = fleet.sample();
      diagnostics.push(
        await timeEndpoint(service, "POST /internal/bench/insert (this app's own insert)", {
          url: `${service.url}/internal/bench/insert`,
          method: 'POST',
        }),
      );
      diagnostics.push(await timeEndpoint(service, 'GET /health', { url: `${service.url}/health` }));
      diagnostics.push(
        await timeEndpoint(service, "GET /hands/{id} (a seat's view)", {
          url: `${service.url}/hands/${handId}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    }

    const rounds: Round[] = [];
    let memAfterPlay: Memory = null;
    for (let r = 1; r <= ROUNDS; r++) {
      const tag = ROUNDS > 1 ? ` (round ${r} of ${ROUNDS})` : '';
      const unitRun = r === 1 ? baseline : await measureBaseline(dbUrl, dbName, cleanup);
      log(`today's shape${tag}: ${CLIENTS} bot clients playing whole hands for ${SECONDS} s`);
      const today = await measured(service, dbName, () => fleet.play(SECONDS));
      memAfterPlay ??= service.memory();
      const live = await measureLive(service, dbUrl, dbName, `live${tag}`, 2000 + 10 * (r - 1));
      rounds.push({ baseline: unitRun, today, live });
    }
    fleet.close();

    log(`scale: filling ${TABLES} tables (a hand dealt and three actions taken at each)`);
    const filled = await fillTables(service.url, TABLES, CLIENTS);
    const memTables = service.memory();
    const liveAtScale = await measureLive(service, dbUrl, dbName, `live beside ${filled.tables} tables`, 3000);
    const memTablesLive = service.memory();

    await service.stop();
    const profile = args['cpu-prof'] ? newestProfile(profileDir()) : null;

    report({
      loadBefore,
      diagnostics,
      pgbench,
      rounds,
      floor,
      workMs,
      liveAtScale,
      memIdle,
      memAfterPlay,
      memTables,
      memTablesLive,
      filled,
      profile,
      seconds: (Date.now() - started) / 1000,
    });
  } finally {
    await cleanup.run();
  }
}

/** The CPU of the three processes while `run` runs: the server, this process (the clients), PostgreSQL's backends. */
interface Measured<T> {
  result: T;
  serverCpu: number;
  /** The user part of serverCpu. */
  serverUserCpu: number;
  /** The part of serverCpu spent on threads besides the main one (V8's compiler and GC helpers). */
  serverHelperCpu: number;
  clientCpu: number;
  /** null: /proc not readable. */
  dbCpu: number | null;
}

async function measured<T>(service: { pid: number }, dbName: string, run: () => Promise<T>): Promise<Measured<T>> {
  const server = cpuTimes(service.pid);
  const db = backendCpu(dbName);
  const client = process.cpuUsage();
  const result = await run();
  const after = cpuTimes(service.pid);
  const clientUsage = process.cpuUsage(client);
  return {
    result,
    serverCpu: after.total - server.total,
    serverUserCpu: after.user - server.user,
    serverHelperCpu: after.helpers - server.helpers,
    clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
    dbCpu: cpuSince(db, backendCpu(dbName)),
  };
}

interface Baseline {
  run: Measured<autocannon.Result>;
  requests: number;
}

/** One round: the unit, then today's shape and the live shape on the running service. */
interface Round {
  baseline: Baseline;
  today: Measured<PlayStats>;
  live: Measured<LiveRun>;
}

/** The floor under autocannon, driven as the bots drive the service, and in the live shape. */
interface Floor extends Baseline {
  /** CPU per pair with the bots' HTTP client, one request at a time per connection. */
  likeBots: PerAction;
  /** CPU per move pushed to every seat of its group (bench/live-floor.ts). */
  live: PerAction;
}

/** The yardstick: bench/baseline's one insert route, CLIENTS connections, BASELINE_SECONDS. */
async function measureBaseline(dbUrl: string, dbName: string, cleanup: Cleanup): Promise<Baseline> {
  log(
    `baseline: bare NestJS + Express + pg insert (${BASELINE_ENTRY}), ${CLIENTS} connections, ${BASELINE_WARMUP_SECONDS} s warm-up + ${BASELINE_SECONDS} s`,
  );
  return runBaselineApp('baseline', {}, [{ method: 'POST', path: '/insert' }], dbUrl, dbName, cleanup);
}

/**
 * The floor of an action in this stack: the baseline app on the service's adapter (Fastify),
 * its requests in pairs — GET one row, POST one insert — as an action is a view GET and a POST.
 * Nothing of the game, the log, auth or validation: what two requests and two statements cost.
 */
async function measureFloor(dbUrl: string, dbName: string, cleanup: Cleanup): Promise<Floor> {
  log(
    `floor: the baseline app on Fastify, GET /rows/1 + POST /insert per pair, ${CLIENTS} connections, ${BASELINE_WARMUP_SECONDS} s warm-up + ${BASELINE_SECONDS} s, then as many s driven like the bots and as many played like the live tables`,
  );
  const pair: autocannon.Request[] = [
    { method: 'GET', path: '/rows/1' },
    { method: 'POST', path: '/insert' },
  ];
  let likeBots = NO_FIGURE;
  let live = NO_FIGURE;
  const floor = await runBaselineApp('floor', { ADAPTER: 'fastify' }, pair, dbUrl, dbName, cleanup, async (app) => {
    likeBots = await floorLikeBots(app, dbName);
    const seats = Array.from({ length: LIVE_TABLES }, (_, i) => SPECS[i % SPECS.length]!.seats);
    await liveFloor(app.url, seats, 2, ON_SOCKETS);
    const run = await measured(app, dbName, () => liveFloor(app.url, seats, BASELINE_SECONDS, ON_SOCKETS));
    live = perAction(run, run.result);
  });
  return { ...floor, likeBots, live };
}

/**
 * The floor's pairs sent the way today's shape sends an action's two requests: CLIENTS
 * connections, each with the bots' HTTP client (scripts/lib/api-client.ts), waiting for each
 * answer before the next request — where autocannon keeps every connection busy. The bots do
 * more besides (choosing, larger views), so this is still less than their shape costs.
 */
async function floorLikeBots(app: RunningService, dbName: string): Promise<PerAction> {
  const clients = Array.from({ length: CLIENTS }, () => new KartentischClient(app.url));
  const drive = async (seconds: number): Promise<number> => {
    const end = performance.now() + seconds * 1000;
    let pairs = 0;
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < end) {
          const statuses = [await c.plain('GET', '/rows/1'), await c.plain('POST', '/insert')];
          if (statuses[0] !== 200 || statuses[1] !== 201) throw new Error(`floor like the bots: answered ${statuses.join(', ')}`);
          pairs++;
        }
      }),
    );
    return pairs;
  };
  try {
    await drive(2);
    const run = await measured(app, dbName, () => drive(BASELINE_SECONDS));
    return perAction(run, run.result);
  } finally {
    for (const c of clients) c.close();
  }
}

/** bench/baseline under autocannon: `requests` is the sequence each connection repeats. */
async function runBaselineApp(
  label: string,
  env: Record<string, string>,
  requests: autocannon.Request[],
  dbUrl: string,
  dbName: string,
  cleanup: Cleanup,
  /** More measurements on the running app, after autocannon's. */
  more?: (app: RunningService) => Promise<void>,
): Promise<Baseline> {
  const logFile = path.join(os.tmpdir(), `kartentisch-bench-${label}-${process.pid}.log`);
  const app = await startService({ logFile, entry: BASELINE_ENTRY, env: { DATABASE_URL: dbUrl, ...env } });
  cleanup.add(`stop the ${label} app`, () => app.stop());
  const target = { url: app.url, requests, connections: CLIENTS };
  await autocannon({ ...target, duration: BASELINE_WARMUP_SECONDS });
  const run = await measured(app, dbName, () => autocannon({ ...target, duration: BASELINE_SECONDS }));
  await more?.(app);
  await app.stop();
  if (run.result.non2xx > 0 || run.result.errors > 0)
    throw new Error(`${label}: ${run.result.non2xx} non-2xx answers, ${run.result.errors} errors (log: ${logFile})`);
  return { run, requests: run.result.requests.total };
}

/** A live phase, and each of its actions' wake-up from the commit (read from the database after it). */
type LiveRun = LiveStats & { wakeCommit: number[] };

/** The live-tables shape: LIVE_TABLES tables, every seat following its hand, for SECONDS. */
async function measureLive(
  service: RunningService,
  dbUrl: string,
  dbName: string,
  label: string,
  seed: number,
): Promise<Measured<LiveRun>> {
  if (WARMUP_SECONDS > 0) {
    // As today's shape is: the streams' code is compiled before it is measured, not while.
    const warm = await seatLiveTables(service.url, LIVE_TABLES, SPECS, seed + 500, KEYED);
    log(`${label}: warming up, ${LIVE_TABLES} other tables for ${WARMUP_SECONDS} s`);
    await playLive(warm, WARMUP_SECONDS, LIVE_FOLLOW).finally(() => warm.close());
  }
  const seated = await seatLiveTables(service.url, LIVE_TABLES, SPECS, seed, KEYED);
  try {
    log(`${label}: ${LIVE_TABLES} tables, every seat following its hand with ${FOLLOWED_BY[LIVE_FOLLOW]}, ${SECONDS} s`);
    const m = await measured(service, dbName, () => playLive(seated, SECONDS, LIVE_FOLLOW));
    return { ...m, result: { ...m.result, wakeCommit: await wakeFromCommit(dbUrl, m.result.settled) } };
  } finally {
    seated.close();
  }
}

async function startBenchService(dbUrl: string, cleanup: Cleanup): Promise<RunningService> {
  const logFile = path.join(os.tmpdir(), `kartentisch-bench-${process.pid}.log`);
  // e.g. --server-node-args=--max-old-space-size=128: is the RSS live data or lazy GC?
  const nodeArgs: string[] = args['server-node-args']!.split(' ').filter(Boolean);
  if (args['cpu-prof']) {
    mkdirSync(profileDir(), { recursive: true });
    // --cpu-prof writes its profile on a normal exit only: turn SIGTERM into one.
    nodeArgs.push(
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir()}`,
      `--import=data:text/javascript,process.once('SIGTERM',()=>process.exit(0))`,
    );
  }
  log(`starting the service (log: ${logFile}, LOG_LEVEL=${args['log-level']})`);
  const service = await startService({
    logFile,
    nodeArgs,
    entry: args['server-entry'],
    // An API-only instance: the audit's evidence for finished hands, which `npm start` also
    // computes in the background, is no action's work (bench:audit measures it). No turn clock:
    // the clients act at once, and a clock would only have substitutes play the tables an
    // earlier shape left idle, on the cores of the shape being measured.
    env: {
      DATABASE_URL: dbUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      BENCH_ENDPOINTS: '1',
      LOG_LEVEL: args['log-level']!,
      AUDIT_JOBS: 'off',
      DEFAULT_TURN_CLOCK: 'off',
    },
  });
  cleanup.add('stop the service', () => service.stop());
  return service;
}

interface PlayStats {
  seconds: number;
  actions: number;
  hands: number;
  stale: number;
  errors: string[];
  act: number[];
  view: number[];
  /** POST latencies by action type, GET latencies by the view's phase: where the p99 comes from. */
  actByType: Map<string, number[]>;
  viewByPhase: Map<string, number[]>;
}

/**
 * The bot clients: each has its own players, its own connection and its own table, and
 * plays hand after hand there (the table deals the next hand itself). Every action is one
 * GET of the acting seat's view (skipped when the last answer already is it) and one POST.
 */
class BotFleet {
  private readonly tables: { api: KartentischClient; bots: SeatBot[]; tableId: string; handId: string }[] = [];
  private recording: Pick<PlayStats, 'act' | 'view' | 'stale' | 'actByType' | 'viewByPhase'> | null = null;

  constructor(
    private readonly url: string,
    private readonly clients: number,
  ) {}

  async seat(): Promise<void> {
    for (let i = 0; i < this.clients; i++) {
      const spec = SPECS[i % SPECS.length]!;
      // Every game at rated and unrated tables alike: the hand's end at each, side by side.
      const rated = Math.floor(i / SPECS.length) % 2 === 0;
      const api = new KartentischClient(this.url, (route, status, ms, detail) =>
        this.observe(route, status, ms, detail === HAND_END ? `${HAND_END}, ${rated ? 'rated' : 'not rated'}` : detail),
      );
      const players: Player[] = [];
      for (let s = 0; s < spec.seats; s++) players.push(await api.createPlayer(`bot${i}-${s}`));
      const table = await api.createTable(players[0]!, spec.game, spec.rules, rated);
      let handId = '';
      for (const [seat, p] of players.entries()) handId = (await api.takeSeat(table.id, p, seat)).currentHandId ?? handId;
      const rng = seededRng(1000 + i);
      this.tables.push({
        api,
        tableId: table.id,
        handId,
        bots: players.map((p, seat) => new SeatBot(api, p, seat, spec.game, rng, KEYED)),
      });
    }
  }

  close(): void {
    for (const t of this.tables) t.api.close();
  }

  async play(seconds: number): Promise<PlayStats> {
    const rec = (this.recording = { act: [], view: [], stale: 0, actByType: new Map(), viewByPhase: new Map() });
    const errors: string[] = [];
    let hands = 0;
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    const stop = () => performance.now() >= end;
    await Promise.all(
      this.tables.map(async (t) => {
        while (!stop()) {
          try {
            const played = await playHand(t.handId, t.bots, { shouldStop: stop });
            if (!played.finished) break;
            hands++;
            if (!played.nextHandId) throw new Error('the table dealt no next hand');
            t.handId = played.nextHandId;
          } catch (err) {
            errors.push(err instanceof Error ? err.message : String(err));
            if (errors.length > 20) throw new Error(`too many errors, the first: ${errors[0]}`, { cause: err });
            // Carry on with whatever hand the table is at now.
            t.handId = (await t.api.table(t.tableId)).currentHandId ?? t.handId;
          }
        }
      }),
    );
    this.recording = null;
    return { ...rec, seconds: (performance.now() - t0) / 1000, actions: rec.act.length, hands, errors };
  }

  private observe(route: string, status: number, ms: number, detail = '?'): void {
    const rec = this.recording;
    if (!rec) return;
    if (route === ACT_ROUTE && status === 200) {
      rec.act.push(ms);
      push(rec.actByType, detail, ms);
    } else if (route === ACT_ROUTE && status === 409) rec.stale++;
    else if (route === VIEW_ROUTE && status === 200) {
      rec.view.push(ms);
      push(rec.viewByPhase, detail, ms);
    }
  }

  /** A hand in play and a seated player's token, for the diagnostic GET of a view. */
  sample(): { handId: string; token: string } {
    const t = this.tables[0]!;
    return { handId: t.handId, token: t.bots[0]!.player.token };
  }
}

/** `count` tables over `workers` connections, each with its hand dealt and three actions taken. */
async function fillTables(url: string, count: number, workers: number): Promise<{ tables: number; seconds: number; errors: number }> {
  const t0 = Date.now();
  let next = 0;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const api = new KartentischClient(url);
      // A player may sit at many tables: one group of five per worker is enough.
      const players: Player[] = [];
      for (let s = 0; s < 5; s++) players.push(await api.createPlayer(`filler${w}-${s}`));
      const rng = seededRng(5000 + w);
      try {
        while (next < count && Date.now() - t0 < FILL_TABLES_LIMIT_MS) {
          const spec = SPECS[next++ % SPECS.length]!;
          try {
            const seated = players.slice(0, spec.seats);
            const table = await api.createTable(seated[0]!, spec.game, spec.rules);
            let handId = '';
            for (const [seat, p] of seated.entries()) handId = (await api.takeSeat(table.id, p, seat)).currentHandId ?? handId;
            const bots = seated.map((p, seat) => new SeatBot(api, p, seat, spec.game, rng));
            await playHand(handId, bots, { maxActions: 3 });
            done++;
          } catch (err) {
            if (++errors > 20)
              throw new Error(`filling tables: too many errors, e.g. ${err instanceof ProblemError ? err.message : String(err)}`, {
                cause: err,
              });
          }
        }
      } finally {
        api.close();
      }
    }),
  );
  return { tables: done, seconds: (Date.now() - t0) / 1000, errors };
}

interface Diagnostic {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

/** autocannon at CLIENTS connections on one endpoint, with the server's CPU per request. */
async function timeEndpoint(
  service: RunningService,
  label: string,
  target: { url: string; method?: 'POST'; headers?: Record<string, string> },
): Promise<Diagnostic> {
  const seconds = Math.max(3, Math.round(BASELINE_SECONDS / 2));
  log(`diagnose: ${label}, ${CLIENTS} connections, ${seconds} s`);
  const cpu = cpuSeconds(service.pid);
  const r = await autocannon({ ...target, connections: CLIENTS, duration: seconds });
  const used = cpuSeconds(service.pid) - cpu;
  if (r.non2xx > 0) log(`  ${r.non2xx} answers were not 2xx`);
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMsPerRequest: (1000 * used) / Math.max(1, r.requests.total),
  };
}

type Memory = ReturnType<typeof processMemory>;

interface Figures {
  loadBefore: number[];
  diagnostics: Diagnostic[];
  pgbench: PgbenchResult;
  /** The first round's figures are reported in full; the CPU aims take the median over all. */
  rounds: Round[];
  floor: Floor;
  /** ms of one core per action in each shape: bench/action-work.ts */
  workMs: Record<ViewShape, number>;
  liveAtScale: Measured<LiveRun>;
  memIdle: Memory;
  memAfterPlay: Memory;
  memTables: Memory;
  memTablesLive: Memory;
  filled: { tables: number; seconds: number; errors: number };
  profile: string | null;
  seconds: number;
}

function report(f: Figures): void {
  const first = f.rounds[0]!;
  const unitOf = (r: Round) => perAction(r.baseline.run, r.baseline.requests).server;
  // Each round's shapes over its own unit; every other ratio over the rounds' median unit.
  const todayX = f.rounds.map((r) => perAction(r.today, r.today.result.actions).server / unitOf(r));
  const liveX = f.rounds.map((r) => perAction(r.live, r.live.result.actions).server / unitOf(r));
  const unit = median(f.rounds.map(unitOf));
  const b = first.baseline.run.result;
  const pairs = f.floor.requests / 2;
  const floorPerPair = perAction(f.floor.run, pairs).server;
  const floorX = floorPerPair / unit;
  const leastX = (floorPerPair + f.workMs.today) / unit;
  const liveLeastX = (f.floor.live.server + f.workMs.live) / unit;
  const likeBotsX = f.floor.likeBots.server / unit;
  const play = first.today.result;
  const act = percentiles(play.act);
  const view = percentiles(play.view);
  const mib = (m: Memory) => (m ? (m.rssKiB / 1024).toFixed(0) : 'n/a');
  const rssMiB = f.memTablesLive ? Math.max(f.memTables?.rssKiB ?? 0, f.memTablesLive.rssKiB) / 1024 : NaN;
  const rows: Aim[] = [
    {
      label: 'today: server CPU per action ÷ baseline',
      value: median(todayX),
      aim: AIM.cpuPerAction,
      unit: '×',
      digits: 2,
      note: `${roundsNote(todayX)}two bare requests and the game's own work: ${leastX.toFixed(2)} ×; two bare requests sent as the bots send them: ${likeBotsX.toFixed(2)} ×`,
    },
    { label: 'today: POST /hands/{id}/actions p99', value: act.p99, aim: AIM.postP99, unit: 'ms', digits: 1, strict: true },
    { label: 'today: GET /hands/{id} p99', value: view.p99, aim: AIM.getP99, unit: 'ms', digits: 1, strict: true },
    ratedEndAim(f.rounds.map((r) => r.today.result.actByType)),
    ...liveAims('live', first.live, liveX, f.floor.live.server / unit, liveLeastX),
    {
      // Each live phase seats its tables, and as many more to warm up on.
      label: `scale: server RSS with ${f.filled.tables + LIVE_TABLES * (WARMUP_SECONDS > 0 ? 2 : 1) * (ROUNDS + 1) + CLIENTS} tables`,
      value: rssMiB,
      aim: AIM.rssMiB,
      unit: 'MiB',
      digits: 0,
      note: f.filled.tables < AIM.tables ? `only ${f.filled.tables} of ${AIM.tables} tables filled: NOT THE AIM'S SCALE` : undefined,
    },
    ...liveAims(
      `scale: live beside ${f.filled.tables} tables`,
      f.liveAtScale,
      [perAction(f.liveAtScale, f.liveAtScale.result.actions).server / unit],
      f.floor.live.server / unit,
      liveLeastX,
    ),
  ];
  const lines = [
    '',
    '── kartentisch API benchmark ─────────────────────────────────────────────',
    `${new Date().toISOString()}; Node ${process.version} (every process here: the unit moves with it); machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average at the start ${f.loadBefore.map((l) => l.toFixed(1)).join(' ')}, now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} — shared, numbers are noisy`,
    '',
    `baseline (bench/baseline: NestJS + Express + pg insert), ${CLIENTS} connections, ${BASELINE_SECONDS} s: ${b.requests.average.toFixed(0)} req/s, p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms`,
    `  CPU per request: ${split(first.baseline.run, first.baseline.requests)}   → the unit: ${unit.toFixed(3)} ms of server CPU${f.rounds.length > 1 ? ` (the median of ${f.rounds.length} rounds: ${f.rounds.map((r) => unitOf(r).toFixed(3)).join(', ')} ms)` : ''}`,
    `floor (bench/baseline on Fastify, GET one row + POST one insert per pair), ${CLIENTS} connections, ${BASELINE_SECONDS} s: ${(pairs / BASELINE_SECONDS).toFixed(0)} pairs/s, p99 ${f.floor.run.result.latency.p99} ms`,
    `  CPU per pair: ${split(f.floor.run, pairs)}   → ${floorX.toFixed(2)} × the unit: the least an action (a GET and a POST) costs on this stack`,
    `  driven as the bots drive the service (their HTTP client, one request at a time per connection): server ${f.floor.likeBots.server.toFixed(3)} ms (user ${f.floor.likeBots.serverUser.toFixed(3)} ms) per pair = ${likeBotsX.toFixed(2)} × the unit — the floor in today's shape`,
    `  played as the live tables are (bench/live-floor.ts: ${LIVE_TABLES} groups, every seat following on its own ${ON_SOCKETS ? 'WebSocket, a move = a frame from the seat, one insert and a frame to every seat' : 'connection, a move = a POST, one insert and a line to every seat'}): server ${f.floor.live.server.toFixed(3)} ms (user ${f.floor.live.serverUser.toFixed(3)} ms) per move = ${(f.floor.live.server / unit).toFixed(2)} × the unit — the floor of the live shape`,
    `work (bench/action-work.ts, in this process): the game's own work per action — parse, apply, projection JSON, hash link, the views built and serialised`,
    `  today's shape (the actor's view twice): ${f.workMs.today.toFixed(3)} ms; floor + work: ${(floorPerPair + f.workMs.today).toFixed(3)} ms = ${leastX.toFixed(2)} × the unit, the least an action of this service could cost here`,
    `  the live shape (the actor's answer and a line per seat): ${f.workMs.live.toFixed(3)} ms; live floor + work: ${(f.floor.live.server + f.workMs.live).toFixed(3)} ms = ${liveLeastX.toFixed(2)} × the unit`,
    '',
    `today (${CLIENTS} bot clients, ${play.seconds.toFixed(1)} s): ${play.actions} actions (${(play.actions / play.seconds).toFixed(0)}/s), ${play.hands} hands finished, ${play.stale} × 409 STALE_SEQ, ${play.errors.length} errors`,
    `  POST /hands/{id}/actions  p50 ${act.p50.toFixed(1)} ms   p99 ${act.p99.toFixed(1)} ms   max ${act.max.toFixed(1)} ms`,
    `  GET  /hands/{id}          p50 ${view.p50.toFixed(1)} ms   p99 ${view.p99.toFixed(1)} ms   max ${view.max.toFixed(1)} ms`,
    `  CPU per action (its POST and view GET): ${split(first.today, play.actions)}   (server busy ${((100 * first.today.serverCpu) / play.seconds).toFixed(0)}% of one core)`,
    ...breakdown('POST by action type:', play.actByType),
    ...breakdown('GET by phase of the view:', play.viewByPhase),
    '',
    ...liveLines('live', first.live),
    ...(f.rounds.length > 1
      ? [
          '',
          `rounds (each over its own unit; the lines above are round 1's):`,
          ...f.rounds.map(
            (r, i) =>
              `  ${i + 1}: unit ${unitOf(r).toFixed(3)} ms; today ${perAction(r.today, r.today.result.actions).server.toFixed(3)} ms = ${todayX[i]!.toFixed(2)} ×; live ${perAction(r.live, r.live.result.actions).server.toFixed(3)} ms = ${liveX[i]!.toFixed(2)} ×; errors ${r.today.result.errors.length} / ${r.live.result.errors.length}`,
          ),
        ]
      : []),
    '',
    `scale: ${f.filled.tables} tables filled in ${f.filled.seconds.toFixed(0)} s (${f.filled.errors} errors); server RSS idle ${mib(f.memIdle)} MiB, after today's run ${mib(f.memAfterPlay)} MiB, ` +
      `with the tables ${mib(f.memTables)} MiB, after the live run beside them ${mib(f.memTablesLive)} MiB (peak ${f.memTablesLive ? (f.memTablesLive.peakKiB / 1024).toFixed(0) : '?'} MiB)`,
    ...liveLines(`scale: live beside ${f.filled.tables} tables`, f.liveAtScale),
    '',
    `context: pgbench action transaction, ${f.pgbench.clients} clients, ${f.pgbench.seconds} s: ${f.pgbench.tps.toFixed(0)} tps (avg latency ${f.pgbench.latencyAvgMs.toFixed(1)} ms); today's shape ran ${(play.actions / play.seconds / f.pgbench.tps).toFixed(2)} × that`,
    ...f.diagnostics.map(
      (d) =>
        `diagnose ${d.label}: ${d.rps.toFixed(0)} req/s, p50 ${d.p50} ms, p99 ${d.p99} ms, server CPU per request ${d.cpuMsPerRequest.toFixed(3)} ms (${(d.cpuMsPerRequest / unit).toFixed(2)} × baseline)`,
    ),
    '',
    'aims:',
    ...rows.map(aimLine),
    ...(f.profile ? [`server CPU profile: ${f.profile} (open in Chrome DevTools → Performance, or speedscope)`] : []),
    ...(play.errors.length ? ['bot errors (first 3):', ...play.errors.slice(0, 3).map((e) => `  ${e}`)] : []),
    ...(first.live.result.errors.length ? ['live errors (first 3):', ...first.live.result.errors.slice(0, 3).map((e) => `  ${e}`)] : []),
    `whole run: ${f.seconds.toFixed(0)} s`,
  ];
  console.log(lines.join('\n'));
}

interface Aim {
  label: string;
  value: number;
  aim: number;
  unit: string;
  digits: number;
  /** `<` rather than `≤`. */
  strict?: boolean;
  note?: string;
}

function aimLine(a: Aim): string {
  const met = Number.isFinite(a.value) && (a.strict ? a.value < a.aim : a.value <= a.aim);
  const value = `${a.value.toFixed(a.digits)} ${a.unit}`;
  return `  ${a.label.padEnd(58)} ${value.padStart(10)}   aim ${a.strict ? '<' : '≤'} ${a.aim} ${a.unit}: ${met ? 'met' : 'NOT MET'}${a.note ? ` (${a.note})` : ''}`;
}

/** `ratios`: the CPU ratio of each round; the aim takes their median. */
function liveAims(label: string, m: Measured<LiveRun>, ratios: number[], floorX: number, leastX: number): Aim[] {
  return [
    {
      label: `${label}: server CPU per action to every seat ÷ baseline`,
      value: median(ratios),
      aim: AIM.livePerAction,
      unit: '×',
      digits: 2,
      note: `${roundsNote(ratios)}the live floor: ${floorX.toFixed(2)} ×; with the game's own work: ${leastX.toFixed(2)} ×`,
    },
    {
      label: `${label}: wake-up commit → every seat p99`,
      value: percentiles(m.result.wakeCommit).p99,
      aim: AIM.wakeP99,
      unit: 'ms',
      digits: 1,
      strict: true,
      note: `from the event's time, before its append; from the action sent: ${percentiles(m.result.wakeUpper).p99.toFixed(1)} ms`,
    },
  ];
}

function liveLines(label: string, m: Measured<LiveRun>): string[] {
  const r = m.result;
  const up = percentiles(r.wakeUpper);
  const low = percentiles(r.wakeLower);
  const commit = percentiles(r.wakeCommit);
  const post = percentiles(r.act);
  return [
    `${label} (${r.tables} tables, ${r.seats} seats each its own client following with ${FOLLOWED_BY[LIVE_FOLLOW]}, ${r.seconds.toFixed(1)} s): ${r.actions} actions (${(r.actions / r.seconds).toFixed(0)}/s), ${r.hands} hands finished, ` +
      `${r.wakes} ${WAKES[LIVE_FOLLOW]}, ${r.timeouts} × 304 after the wait, ${r.stale} × STALE_SEQ, ${r.errors.length} errors`,
    `  wake-up, every seat holds the new view: from the action sent p50 ${up.p50.toFixed(1)} ms p99 ${up.p99.toFixed(1)} ms; from the event's time (before its commit) p50 ${commit.p50.toFixed(1)} ms p99 ${commit.p99.toFixed(1)} ms; from its answer p50 ${low.p50.toFixed(1)} ms p99 ${low.p99.toFixed(1)} ms (n=${r.wakeUpper.length})`,
    `  action answered (${ON_SOCKETS ? 'on the socket' : 'POST'}) p50 ${post.p50.toFixed(1)} ms p99 ${post.p99.toFixed(1)} ms`,
    `  CPU per action delivered to every seat: ${split(m, r.actions)}   (server busy ${((100 * m.serverCpu) / r.seconds).toFixed(0)}% of one core)`,
  ];
}

/** CPU per unit of work (ms): the server's (and its user part), the clients', PostgreSQL's (null: not readable). */
interface PerAction {
  server: number;
  serverUser: number;
  serverHelpers: number;
  clients: number;
  db: number | null;
}
const NO_FIGURE: PerAction = { server: NaN, serverUser: NaN, serverHelpers: NaN, clients: NaN, db: null };

function perAction(m: Measured<unknown>, count: number): PerAction {
  const ms = (cpu: number) => (1000 * cpu) / Math.max(1, count);
  return {
    server: ms(m.serverCpu),
    serverUser: ms(m.serverUserCpu),
    serverHelpers: ms(m.serverHelperCpu),
    clients: ms(m.clientCpu),
    db: m.dbCpu === null ? null : ms(m.dbCpu),
  };
}

/** "server 0.40 ms (user 0.32 ms, helper threads 0.05 ms), clients 0.20 ms, PostgreSQL 0.10 ms" per unit of work. */
function split(m: Measured<unknown>, count: number): string {
  const p = perAction(m, count);
  return `server ${p.server.toFixed(3)} ms (user ${p.serverUser.toFixed(3)} ms, helper threads ${p.serverHelpers.toFixed(3)} ms), clients ${p.clients.toFixed(3)} ms${p.db === null ? '' : `, PostgreSQL ${p.db.toFixed(3)} ms`}`;
}

/** "the median of 3 rounds: 2.61, 2.77, 3.90 ×; " — nothing for a single round. */
function roundsNote(ratios: number[]): string {
  return ratios.length > 1 ? `the median of ${ratios.length} rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')} ×; ` : '';
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One line per action type (or view phase), most frequent first. */
/** The POST that ends a hand at the rated tables against the unrated ones, p50 over every round. */
function ratedEndAim(byType: Map<string, number[]>[]): Aim {
  const of = (k: string) => byType.flatMap((m) => m.get(`${HAND_END}, ${k}`) ?? []);
  const [rated, unrated] = [of('rated'), of('not rated')];
  const [r, u] = [percentiles(rated).p50, percentiles(unrated).p50];
  return {
    label: "today: a hand's end rated ÷ not rated, p50",
    value: r / u,
    aim: AIM.ratedEnd,
    unit: '×',
    digits: 2,
    note: `${r.toFixed(1)} ms over ${rated.length} hands against ${u.toFixed(1)} ms over ${unrated.length}`,
  };
}

function breakdown(title: string, map: Map<string, number[]>): string[] {
  const rows = [...map.entries()].sort((a, b) => b[1].length - a[1].length);
  return [
    `  ${title}`,
    ...rows.map(([key, ms]) => {
      const p = percentiles(ms);
      return `    ${key.padEnd(16)} n=${String(ms.length).padStart(6)}   p50 ${p.p50.toFixed(1).padStart(6)} ms   p99 ${p.p99.toFixed(1).padStart(6)} ms   max ${p.max.toFixed(1).padStart(6)} ms`;
    }),
  ];
}

function profileDir(): string {
  return path.join(os.tmpdir(), 'kartentisch-bench-profiles');
}

function newestProfile(dir: string): string | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  return files.length ? path.join(dir, files[files.length - 1]!) : null;
}

const WAKES: Record<LiveFollow, string> = {
  stream: 'stream lines',
  poll: 'long polls woken',
  socket: 'views pushed',
  table: 'views pushed',
};
const FOLLOWED_BY: Record<LiveFollow, string> = {
  stream: 'its stream',
  poll: 'the long poll',
  socket: "its hand's WebSocket, acting on it",
  table: "its table's WebSocket, acting on it, hand after hand",
};

function liveFollow(value: string): LiveFollow {
  if (value === 'stream' || value === 'poll' || value === 'socket' || value === 'table') return value;
  console.error(`--live-follow must be table, socket, stream or poll, not ${JSON.stringify(value)}`);
  process.exit(2);
}

function positive(name: 'clients' | 'seconds' | 'live-tables' | 'baseline-seconds' | 'rounds'): number {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0 || (name === 'rounds' && !Number.isInteger(n))) throw new Error(`--${name} must be a positive number`);
  return n;
}

function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
