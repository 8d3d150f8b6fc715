/**
 * `npm run bench:api` (issue 3; not part of `npm test`): how many actions per second the
 * service takes from 16 concurrent bot clients playing whole hands over HTTP, against two
 * baselines measured on the same PostgreSQL in the same run:
 *
 *   (a) pgbench running an action-shaped transaction (bench/pgbench/action.sql), 16 clients;
 *   (b) the app's trivial `POST /internal/bench/insert` (one Prisma insert), 16 connections.
 *
 * Then the server's resident memory with 1,000 tables in play. Everything runs on a fresh
 * database `kartentisch_bench_<timestamp>` that is dropped at the end; the service is built,
 * started with RATE_LIMIT_PER_MINUTE=0 and BENCH_ENDPOINTS=1, and stopped at the end.
 *
 *   npm run bench:api
 *   npm run bench:api -- --seconds 30 --clients 16 --tables 1000
 *   npm run bench:api -- --cpu-prof        # also writes a .cpuprofile of the server under load
 *   npm run bench:api -- --diagnose        # also times GET /health and GET /hands/{id} alone
 *   npm run bench:api -- --server-node-args=--max-old-space-size=128   # flags for the server's node
 *   npm run bench:api -- --no-build --server-entry /elsewhere/dist/src/main.js   # another build
 *
 * Options: --pg-url (an admin connection, default BENCH_PG_URL or
 * postgresql://postgres@127.0.0.1:5432/postgres), --no-build, --log-level, --keep-db.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { KartentischClient, ProblemError, type Game, type Player } from '../scripts/lib/api-client.js';
import { playHand, SeatBot } from '../scripts/lib/http-bot.js';
import { buildService, Cleanup, processMemory, startService, type RunningService } from '../scripts/lib/service-process.js';
import { seededRng } from '../src/engine/core/rng.js';
import { backendCpu, cpuSeconds, cpuSince, percentiles } from '../scripts/lib/measure.js';
import { initPgbench, pgTarget, runPgbench, type PgbenchResult } from './pgbench/pgbench.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    'baseline-seconds': { type: 'string', default: '10' },
    'warmup-seconds': { type: 'string', default: '4' },
    tables: { type: 'string', default: '1000' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
    'log-level': { type: 'string', default: 'info' },
    'no-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    diagnose: { type: 'boolean', default: false },
    'server-node-args': { type: 'string', default: '' },
    'server-entry': { type: 'string' },
  },
});
const CLIENTS = positive('clients');
const SECONDS = positive('seconds');
const BASELINE_SECONDS = positive('baseline-seconds');
const WARMUP_SECONDS = Number(args['warmup-seconds']);
const TABLES = Number(args.tables);
/** pgbench draws its hand ids from this many rows: little lock contention, as with real tables. */
const PGBENCH_HANDS = 1000;
/** Hard bound on filling the 1,000 tables, whatever the machine's load. */
const FILL_TABLES_LIMIT_MS = 180_000;

/** The games the bots cycle through, one table per client. */
const SPECS: { game: Game; rules: Record<string, unknown>; seats: number }[] = [
  { game: 'dobbm', rules: { players: 4 }, seats: 4 },
  { game: 'doppelkopf', rules: {}, seats: 4 },
  { game: 'droggn', rules: { players: 3 }, seats: 3 },
  { game: 'dobbm', rules: { players: 5 }, seats: 5 },
];

const ACT_ROUTE = 'POST /hands/{id}/actions';
const VIEW_ROUTE = 'GET /hands/{id}';

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const started = Date.now();
  try {
    const admin = args['pg-url']!;
    const dbName = `kartentisch_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
    const dbUrl = withDatabase(admin, dbName);
    await createDatabase(admin, dbName);
    if (!args['keep-db']) cleanup.add('drop the bench database', () => dropDatabase(admin, dbName));
    log(
      `database ${dbName} on ${pgTarget(admin).host}:${pgTarget(admin).port}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    log(`(a) pgbench: action-shaped transaction, ${CLIENTS} clients, ${BASELINE_SECONDS} s`);
    await initPgbench(pgTarget(dbUrl), PGBENCH_HANDS);
    const pgbench = await runPgbench(pgTarget(dbUrl), { clients: CLIENTS, seconds: BASELINE_SECONDS, hands: PGBENCH_HANDS });

    if (!args['no-build']) {
      log('building the service (npm run build)');
      buildService();
    }
    const service = await startBenchService(dbUrl, cleanup);
    const memIdle = service.memory();

    const fleet = new BotFleet(service.url, CLIENTS);
    cleanup.add('close the bot clients', () => fleet.close());
    await fleet.seat();
    if (WARMUP_SECONDS > 0) {
      log(`warming up: ${CLIENTS} bot clients for ${WARMUP_SECONDS} s`);
      await fleet.play(WARMUP_SECONDS);
    }

    log(`(b) trivial endpoint POST /internal/bench/insert: ${CLIENTS} connections, ${BASELINE_SECONDS} s (autocannon)`);
    const trivialCpu = cpuSeconds(service.pid);
    const trivialDbBefore = backendCpu(dbName);
    const trivial = await autocannon({
      url: `${service.url}/internal/bench/insert`,
      method: 'POST',
      connections: CLIENTS,
      duration: BASELINE_SECONDS,
    });
    const trivialServerCpu = cpuSeconds(service.pid) - trivialCpu;
    const trivialDbCpu = cpuSince(trivialDbBefore, backendCpu(dbName));
    const trivialRequests = trivial.requests.total;

    const diagnostics: Diagnostic[] = [];
    if (args.diagnose) {
      const { handId, token } = fleet.sample();
      diagnostics.push(await timeEndpoint(service, 'GET /health', { url: `${service.url}/health` }));
      diagnostics.push(
        await timeEndpoint(service, "GET /hands/{id} (a seat's view)", {
          url: `${service.url}/hands/${handId}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    }

    log(`bots: ${CLIENTS} clients playing whole hands for ${SECONDS} s`);
    const botCpu = cpuSeconds(service.pid);
    const dbCpu = backendCpu(dbName);
    const clientCpu = process.cpuUsage();
    const play = await fleet.play(SECONDS);
    const botServerCpu = cpuSeconds(service.pid) - botCpu;
    const botClientUsage = process.cpuUsage(clientCpu);
    const botClientCpu = (botClientUsage.user + botClientUsage.system) / 1e6;
    const botDbCpu = cpuSince(dbCpu, backendCpu(dbName));
    const memAfterPlay = service.memory();

    log(`filling ${TABLES} tables (a hand dealt and a few actions taken at each)`);
    const filled = await fillTables(service.url, TABLES, CLIENTS);
    const memTables = service.memory();

    await service.stop();
    const profile = args['cpu-prof'] ? newestProfile(profileDir()) : null;

    report({
      diagnostics,
      pgbench,
      trivial,
      trivialServerCpu,
      trivialDbCpu,
      trivialRequests,
      play,
      botServerCpu,
      botClientCpu,
      botDbCpu,
      memIdle,
      memAfterPlay,
      memTables,
      filled,
      profile,
      seconds: (Date.now() - started) / 1000,
    });
  } finally {
    await cleanup.run();
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
    env: { DATABASE_URL: dbUrl, RATE_LIMIT_PER_MINUTE: '0', BENCH_ENDPOINTS: '1', LOG_LEVEL: args['log-level']! },
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
      const api = new KartentischClient(this.url, (route, status, ms, detail) => this.observe(route, status, ms, detail));
      const players: Player[] = [];
      for (let s = 0; s < spec.seats; s++) players.push(await api.createPlayer(`bot${i}-${s}`));
      const table = await api.createTable(players[0]!, spec.game, spec.rules);
      let handId = '';
      for (const [seat, p] of players.entries()) handId = (await api.takeSeat(table.id, p, seat)).currentHandId ?? handId;
      const rng = seededRng(1000 + i);
      this.tables.push({ api, tableId: table.id, handId, bots: players.map((p, seat) => new SeatBot(api, p, seat, spec.game, rng)) });
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
  target: { url: string; headers?: Record<string, string> },
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

interface Figures {
  diagnostics: Diagnostic[];
  pgbench: PgbenchResult;
  trivial: autocannon.Result;
  trivialServerCpu: number;
  trivialDbCpu: number | null;
  trivialRequests: number;
  play: PlayStats;
  botServerCpu: number;
  /** This process (the 16 bot clients) during the same run: it shares the cores with the server. */
  botClientCpu: number;
  /** The PostgreSQL backends serving the bench database, same run (null: /proc not readable). */
  botDbCpu: number | null;
  memIdle: ReturnType<typeof processMemory>;
  memAfterPlay: ReturnType<typeof processMemory>;
  memTables: ReturnType<typeof processMemory>;
  filled: { tables: number; seconds: number; errors: number };
  profile: string | null;
  seconds: number;
}

function report(f: Figures): void {
  const actionsPerSecond = f.play.actions / f.play.seconds;
  const trivialRps = f.trivial.requests.average;
  const act = percentiles(f.play.act);
  const view = percentiles(f.play.view);
  const vsPgbench = actionsPerSecond / f.pgbench.tps;
  const vsTrivial = actionsPerSecond / trivialRps;
  const mib = (m: { rssKiB: number } | null) => (m ? `${(m.rssKiB / 1024).toFixed(0)} MiB` : 'n/a');
  const ok = (good: boolean) => (good ? 'meets the aim' : 'BELOW THE AIM');
  const lines = [
    '',
    '── kartentisch API benchmark ─────────────────────────────────────────────',
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} — shared, numbers are noisy`,
    '',
    `bots (${CLIENTS} clients, ${f.play.seconds.toFixed(1)} s): ${f.play.actions} actions, ${f.play.hands} hands finished, ${f.play.stale} × 409 STALE_SEQ, ${f.play.errors.length} errors`,
    `  actions/s                         ${actionsPerSecond.toFixed(0)}`,
    `  POST /hands/{id}/actions  p50     ${act.p50.toFixed(1)} ms   p99 ${act.p99.toFixed(1)} ms   max ${act.max.toFixed(1)} ms`,
    `  GET  /hands/{id}          p50     ${view.p50.toFixed(1)} ms   p99 ${view.p99.toFixed(1)} ms`,
    `  CPU per action (incl. its GET): server ${((1000 * f.botServerCpu) / Math.max(1, f.play.actions)).toFixed(2)} ms, bot clients ${((1000 * f.botClientCpu) / Math.max(1, f.play.actions)).toFixed(2)} ms ` +
      `${f.botDbCpu === null ? '' : `, PostgreSQL ${((1000 * f.botDbCpu) / Math.max(1, f.play.actions)).toFixed(2)} ms `}` +
      `(server busy ${((100 * f.botServerCpu) / f.play.seconds).toFixed(0)}% of one core)`,
    ...breakdown('POST by action type:', f.play.actByType),
    ...breakdown('GET by phase of the view:', f.play.viewByPhase),
    `(a) pgbench action transaction, ${f.pgbench.clients} clients, ${f.pgbench.seconds} s: ${f.pgbench.tps.toFixed(0)} tps (avg latency ${f.pgbench.latencyAvgMs.toFixed(1)} ms)`,
    `(b) POST /internal/bench/insert, ${CLIENTS} connections, ${BASELINE_SECONDS} s: ${trivialRps.toFixed(0)} req/s, p50 ${f.trivial.latency.p50} ms, p99 ${f.trivial.latency.p99} ms, ` +
      `${f.trivial.non2xx} non-2xx, ${f.trivial.errors} errors; CPU per request: server ${((1000 * f.trivialServerCpu) / Math.max(1, f.trivialRequests)).toFixed(2)} ms` +
      `${f.trivialDbCpu === null ? '' : `, PostgreSQL ${((1000 * f.trivialDbCpu) / Math.max(1, f.trivialRequests)).toFixed(2)} ms`}`,
    '',
    `actions/s ÷ pgbench tps             ${vsPgbench.toFixed(2)}   (aim ≥ 0.5: ${ok(vsPgbench >= 0.5)})`,
    `actions/s ÷ trivial endpoint rps    ${vsTrivial.toFixed(2)}   (aim ≥ 1.5: ${ok(vsTrivial >= 1.5)})`,
    `p99 of POST /hands/{id}/actions     ${act.p99.toFixed(1)} ms   (aim < 50 ms: ${ok(act.p99 < 50)})`,
    ...ceiling(f, Math.max(f.pgbench.tps * 0.5, trivialRps * 1.5)),
    '',
    `server RSS: idle ${mib(f.memIdle)}, after the bot run ${mib(f.memAfterPlay)}, with ${f.filled.tables + CLIENTS} tables in play ${mib(f.memTables)} ` +
      `(peak ${f.memTables ? (f.memTables.peakKiB / 1024).toFixed(0) : '?'} MiB; ${f.filled.tables} tables filled in ${f.filled.seconds.toFixed(0)} s, ${f.filled.errors} errors)`,
    ...f.diagnostics.map(
      (d) =>
        `diagnose ${d.label}: ${d.rps.toFixed(0)} req/s, p50 ${d.p50} ms, p99 ${d.p99} ms, server CPU per request ${d.cpuMsPerRequest.toFixed(2)} ms`,
    ),
    ...(f.profile ? [`server CPU profile: ${f.profile} (open in Chrome DevTools → Performance, or speedscope)`] : []),
    ...(f.play.errors.length ? ['bot errors (first 3):', ...f.play.errors.slice(0, 3).map((e) => `  ${e}`)] : []),
    `whole run: ${f.seconds.toFixed(0)} s`,
  ];
  console.log(lines.join('\n'));
}

/**
 * What the cores allow: bots, server and PostgreSQL share them, so actions/s cannot exceed
 * cores ÷ (their CPU per action), whatever the code does; the aims need the sum below
 * cores ÷ (the larger aimed rate).
 */
function ceiling(f: Figures, aimedRate: number): string[] {
  if (f.botDbCpu === null || f.play.actions === 0) return [];
  const cores = os.cpus().length;
  const ms = (cpu: number) => (1000 * cpu) / f.play.actions;
  const total = ms(f.botServerCpu) + ms(f.botClientCpu) + ms(f.botDbCpu);
  return [
    `CPU per action, all three processes  ${total.toFixed(2)} ms → at most ${((1000 * cores) / total).toFixed(0)} actions/s on ${cores} cores; ` +
      `the aims (${aimedRate.toFixed(0)} actions/s) need ≤ ${((1000 * cores) / aimedRate).toFixed(2)} ms, of which bots and PostgreSQL alone use ${(ms(f.botClientCpu) + ms(f.botDbCpu)).toFixed(2)} ms`,
  ];
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One line per action type (or view phase), most frequent first. */
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

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // FORCE: a server killed mid-run may leave connections behind (PostgreSQL 13+).
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function positive(name: 'clients' | 'seconds' | 'baseline-seconds'): number {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
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
