/**
 * `npm run chaos`: the built service under load from bot tables whose every action carries an
 * Idempotency-Key and is repeated through network errors and 503s until answered, while faults
 * are injected in turn:
 *
 *   - `kill -9` of the service and a restart on the same database and port (--rounds);
 *   - `pg_terminate_backend` on all of the service's connections, transactions in flight
 *     (--terminations); the process must live on and /health turn green by itself;
 *   - the embedded PostgreSQL stopped and started again under load (--pg-restarts; only when
 *     the run has its own embedded server, the default).
 *
 *   - a flooder on a socket of its own table throughout (--flood, on by default): frames that are
 *     no JSON as fast as it can send them, a new socket whenever one is closed.
 *   - a table on a turn clock (--clock-seconds) whose people act once per hand with keys shaped like
 *     the substitute's and the bots' (`substitute-<seq>`, `bot-<seq>`, …) and leave every other
 *     decision to their substitutes (scripts/lib/clock-probe.ts); and database blips during its
 *     clock (--clock-blips): a substitute's move caught waiting on the hand row's lock while all
 *     of the service's connections are terminated. Every seat must be played, every blip moved on
 *     from, within 30 s.
 *   - the attacks on a seat's record that `npm run fuzz` makes once (scripts/lib/seat-attacks.ts),
 *     here again and again through the faults (--seat-attacks, on by default): `/back` storms at a
 *     table on a `--storm-clock` clock whose people never act, and handover races (the host's
 *     offer, two takers, a bot and the player's return at once). Their requests are repeated
 *     through network errors and 503s; none may answer another 5xx, no decision may stand past its
 *     clock for 30 s, no seat may be handed on twice or stay offered after its player came back.
 *
 * Then the reckoning: every acknowledged action in the log at its seq, no seq twice or missing,
 * every hand verifies (GET /hands/{id}/verify), every ledger sums to zero; and a SIGTERM under
 * load must drain and exit 0. Prints one summary line; exits 1 when anything failed.
 *
 *   npm run chaos                                     # 20 kill rounds, 5 terminations, 1 PostgreSQL restart
 *   npm run chaos -- --rounds 3 --terminations 2 --duration 20
 *   DATABASE_URL=postgresql://… npm run chaos         # a fresh database on that server (no PostgreSQL restarts)
 *   npm run chaos -- --from-sources                   # no build: the service from its sources, as the tests compile them
 *
 * Without DATABASE_URL (or with --embedded) the run starts an embedded PostgreSQL of its own in
 * a temporary folder, which it can stop and start; with DATABASE_URL it creates and drops a
 * database `kartentisch_chaos_<pid>` there and leaves the server alone.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KartentischClient } from './lib/api-client.js';
import { dealDobbm, floodUntilStopped } from './lib/abuse-probes.js';
import { reckon, startLoad, terminateBackends, type Load } from './lib/chaos-load.js';
import { startClockProbe, STUCK_MS } from './lib/clock-probe.js';
import { startSeatAttacks } from './lib/seat-attacks.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { buildService, Cleanup, FROM_SOURCES, freePort, sleep, startService, type RunningService } from './lib/service-process.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    terminations: { type: 'string', default: '5' },
    'pg-restarts': { type: 'string' },
    duration: { type: 'string', default: '30' },
    interval: { type: 'string', default: '1500' },
    tables: { type: 'string', default: '4' },
    seed: { type: 'string' },
    embedded: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'from-sources': { type: 'boolean', default: false },
    flood: { type: 'string', default: 'true' },
    'clock-seconds': { type: 'string', default: '2' },
    'clock-blips': { type: 'string', default: '2' },
    'seat-attacks': { type: 'string', default: 'true' },
    'storm-clock': { type: 'string', default: '3' },
    'storm-seconds': { type: 'string', default: '15' },
  },
});

type Fault = 'kill' | 'terminate' | 'pg-restart' | 'clock-blip';

/** Time a fault may take to heal before it counts as not survived. */
const RECOVERY_MS = 30_000;
const AUDIT_TOKEN = randomBytes(24).toString('hex');
const APPLICATION_NAME = `kartentisch-chaos-${process.pid}`;

async function main(): Promise<number> {
  const rounds = Number(args.rounds);
  const terminations = Number(args.terminations);
  const durationMs = Number(args.duration) * 1000;
  const intervalMs = Number(args.interval);
  const seed = args.seed !== undefined ? Number(args.seed) : Date.now() % 1_000_000;
  const cleanup = new Cleanup();
  try {
    if (!args['no-build'] && !args['from-sources']) buildService();
    const db = await database(cleanup, args.embedded || !process.env.DATABASE_URL);
    const pgRestarts = args['pg-restarts'] !== undefined ? Number(args['pg-restarts']) : db.restart ? 1 : 0;
    if (pgRestarts > 0 && !db.restart)
      throw new Error("--pg-restarts needs the run's own embedded PostgreSQL (unset DATABASE_URL or pass --embedded)");

    const port = await freePort();
    const logFile = path.join(os.tmpdir(), `kartentisch-chaos-${process.pid}.log`);
    const start = (appendLog: boolean) =>
      startService({
        ...(args['from-sources'] ? FROM_SOURCES : {}),
        logFile,
        appendLog,
        port,
        readyTimeoutMs: 90_000,
        env: { DATABASE_URL: db.serviceUrl, AUDIT_TOKEN, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
      });
    let service: RunningService = await start(false);
    cleanup.add('stop the service', () => service.stop());
    const url = service.url;

    const started = Date.now();
    const load = await startLoad(url, { tables: Number(args.tables), seed });
    const flooder =
      args.flood === 'false' ? null : await dealDobbm(url).then(({ players, handId }) => floodUntilStopped(url, players[0]!.token, handId));
    const clockSeconds = Number(args['clock-seconds']);
    const clock = await startClockProbe(url, {
      databaseUrl: db.url,
      auditToken: AUDIT_TOKEN,
      applicationName: APPLICATION_NAME,
      turnSeconds: clockSeconds,
    });
    const stormClock = Number(args['storm-clock']);
    const attacks =
      args['seat-attacks'] === 'false'
        ? null
        : startSeatAttacks(url, {
            turnSeconds: stormClock,
            stormSeconds: Number(args['storm-seconds']),
            everyMs: 300,
            retryForMs: RECOVERY_MS * 2,
          });
    /** When each fault began and when the service was healthy again: the clock's late moves in them are the fault's. */
    const windows: { from: number; to: number }[] = [];
    const blips: (number | null)[] = [];
    const tally = {
      kill: 0,
      terminate: 0,
      'pg-restart': 0,
      'clock-blip': 0,
      survived: { kill: 0, terminate: 0, 'pg-restart': 0, 'clock-blip': 0 },
      backends: 0,
      midTransaction: 0,
      redWhileDown: 0,
      unexpectedExits: 0,
    };
    const notes: string[] = [];

    for (const fault of schedule(rounds, terminations, pgRestarts, Number(args['clock-blips']))) {
      await sleep(intervalMs);
      const from = Date.now();
      if (service.exitStatus() !== undefined) {
        tally.unexpectedExits++;
        notes.push(`the service had exited (${service.exitStatus()}) before a ${fault}; restarted`);
        service = await start(true);
      }
      tally[fault]++;
      if (fault === 'kill') {
        await service.kill();
        service = await start(true);
      } else if (fault === 'clock-blip') {
        // Tried until it catches a move (the hand may be between deals, or its seat's own move due).
        for (let tries = 0; tries < 5; tries++) {
          const blip = await clock.blip();
          if (!blip) continue;
          tally.backends += blip.terminated;
          blips.push(blip.movedAfterMs);
          break;
        }
      } else if (fault === 'terminate') {
        const { terminated, midTransaction } = await terminateBackends(db.adminUrl, APPLICATION_NAME);
        tally.backends += terminated;
        if (midTransaction) tally.midTransaction++;
      } else {
        await db.restart!(async () => {
          // past the health check's cache: /health must be red while the database is down
          await sleep(1600);
          const probe = new KartentischClient(url);
          if (!(await probe.health())) tally.redWhileDown++;
          probe.close();
        });
      }
      const healed = await recovered(url, service);
      windows.push({ from, to: Date.now() });
      if (healed) tally.survived[fault]++;
      else {
        notes.push(
          `${fault} #${tally[fault]}: ${service.exitStatus() !== undefined ? `the service exited (${service.exitStatus()})` : '/health did not turn green'} within ${RECOVERY_MS / 1000} s`,
        );
        if (service.exitStatus() !== undefined) {
          tally.unexpectedExits++;
          service = await start(true);
        }
      }
    }
    // SIGTERM under load: the service drains (what is under way is answered) and exits 0.
    await service.stop();
    const drained = service.exitStatus();
    service = await start(true);
    await progress(load, started + durationMs);
    const errors = await load.stop();
    const flooded = await flooder?.stop();
    const clocked = await clock.stop();
    const attacked = await attacks?.stop();
    // A seat still unplayed when a fault began, or due before 2 s after it healed, is the fault's; the others are the clock's own.
    const inFault = (l: { deadline: number; ms: number }) => windows.some((w) => l.deadline <= w.to + 2000 && l.deadline + l.ms >= w.from);
    const ownLateness = clocked.lateness.filter((l) => !inFault(l)).map((l) => l.ms);
    const faultLateness = clocked.lateness.filter((l) => inFault(l)).map((l) => l.ms);
    const seconds1 = (ms: number) => (ms / 1000).toFixed(1);
    const spread = (xs: number[]) => (xs.length === 0 ? 'none' : `median ${seconds1(median(xs))} s, max ${seconds1(Math.max(...xs))} s`);
    const movedOn = blips.filter((b): b is number => b !== null);
    // The storms' decisions as the clock probe's: those a fault held up are told apart from the others.
    const stormOwn = attacked?.storm.lateness.filter((l) => !inFault(l)).map((l) => l.ms) ?? [];
    const stormInFaults = attacked?.storm.lateness.filter((l) => inFault(l)).map((l) => l.ms) ?? [];
    const overClock = (xs: number[]) => (xs.length === 0 ? 'none' : `${Math.max(...xs)} ms`);
    const seconds = Math.round((Date.now() - started) / 1000);
    const r = await reckon(url, db.url, AUDIT_TOKEN, load);

    const faults = [...load.record.faults].map(([kind, n]) => `${n} × ${kind}`).join(', ') || 'none';
    const ok =
      errors.length === 0 &&
      notes.length === 0 &&
      tally.redWhileDown === tally['pg-restart'] &&
      r.problems.length === 0 &&
      r.unacknowledged === 0 &&
      drained === 0 &&
      !clocked.stuck &&
      clocked.played > 0 &&
      movedOn.length === blips.length &&
      blips.length === tally['clock-blip'] &&
      Math.max(0, ...faultLateness, ...ownLateness) <= STUCK_MS &&
      load.record.missingRetryAfter === 0 &&
      [...load.record.faults.keys()].every((k) => k === 'network' || k === '503 DATABASE_UNAVAILABLE') &&
      (!attacked ||
        (attacked.failures.length === 0 &&
          attacked.storm.decisions > 0 &&
          attacked.storm.serverErrors === 0 &&
          Math.max(0, ...stormOwn, ...stormInFaults) <= STUCK_MS &&
          attacked.races.rounds > 0 &&
          attacked.races.serverErrors === 0 &&
          attacked.races.doubleHandovers === 0 &&
          attacked.races.offersOutlivingReturn === 0 &&
          attacked.races.misplaced === 0));
    for (const line of [...errors.map((e) => e.message), ...notes, ...r.problems, ...(attacked?.failures ?? [])].slice(0, 30))
      console.error(`  ${line}`);
    if (load.record.missingRetryAfter) console.error(`  ${load.record.missingRetryAfter} answers 503 without Retry-After`);
    console.log(
      `chaos ${ok ? 'OK' : 'FAILED'}: ${r.acknowledged} acknowledged actions in ${r.hands} hands at ${r.ledgers} tables over ${seconds} s ` +
        `(seed ${seed}); kill -9 ${tally.survived.kill}/${tally.kill} restarted; ` +
        `backend terminations ${tally.survived.terminate}/${tally.terminate} survived without a process exit (${tally.backends} backends, ${tally.midTransaction} times with a transaction open); ` +
        `PostgreSQL restarts ${tally.survived['pg-restart']}/${tally['pg-restart']} survived (/health red while down ${tally.redWhileDown}); ` +
        `unexpected exits ${tally.unexpectedExits}; ` +
        `lost ${r.lost}, duplicated ${r.duplicated}, gaps ${r.gaps}, unacknowledged ${r.unacknowledged}; ` +
        `verified ${r.hands - r.notVerified}/${r.hands}; zero-sum ledgers ${r.ledgers - r.ledgersNotZero}/${r.ledgers}; ` +
        `retried ${faults}; bot errors ${errors.length}; SIGTERM under load: exit ${String(drained)}; ` +
        `clock (${clockSeconds} s, substitute keys planted ${clocked.planted}): ${clocked.played} seats played by their substitutes, ` +
        `after the deadline ${spread(ownLateness)} (${ownLateness.filter((ms) => ms > 2000).length} over 2 s) outside faults, ` +
        `${spread(faultLateness)} in them; ` +
        `stuck ${clocked.stuck ? 'YES' : 'no'}; clock blips ${movedOn.length}/${tally['clock-blip']} moved on ` +
        `(max ${seconds1(Math.max(0, ...movedOn))} s after the blip)` +
        (attacked
          ? `; /back storms (${stormClock} s clock): ${attacked.storm.storms} storms, ${attacked.storm.backCalls} calls, ` +
            `${attacked.storm.decisions} decisions by substitutes, the slowest ${overClock(stormOwn)} over its clock outside faults ` +
            `(${stormOwn.filter((ms) => ms > 2000).length} over 2 s), ${overClock(stormInFaults)} in them, ${attacked.storm.serverErrors} 5xx; ` +
            `handover races: ${attacked.races.rounds} rounds, ${attacked.races.serverErrors} 5xx, ${attacked.races.doubleHandovers} seats handed on twice, ` +
            `${attacked.races.offersOutlivingReturn} offers outliving a return, ${attacked.races.misplaced} seats not where the answers put them ` +
            `(${attacked.races.disturbed} rounds through a fault); seat attacks retried ` +
            (([...attacked.faults].map(([kind, n]) => `${n} × ${kind}`).join(', ') || 'none') + `, ${attacked.failures.length} gave up`)
          : '') +
        (flooded
          ? `; socket flood: ${flooded.frames.toLocaleString('en')} frames on ${flooded.sockets} sockets (closes ${JSON.stringify(flooded.closes)}, ${flooded.refused} refused)`
          : ''),
    );
    return ok ? 0 : 1;
  } finally {
    await cleanup.run();
  }
}

/** The faults spread evenly over the run, kinds interleaved. */
function schedule(kills: number, terminations: number, pgRestarts: number, clockBlips: number): Fault[] {
  const spread = (kind: Fault, n: number) => Array.from({ length: n }, (_, i) => ({ kind, at: (i + 0.5) / n }));
  return [
    ...spread('kill', kills),
    ...spread('terminate', terminations),
    ...spread('pg-restart', pgRestarts),
    ...spread('clock-blip', clockBlips),
  ]
    .sort((a, b) => a.at - b.at)
    .map((f) => f.kind);
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
}

/** True once /health answers 200 again with the same process still running. */
async function recovered(url: string, service: RunningService): Promise<boolean> {
  const probe = new KartentischClient(url);
  try {
    // Past the health check's cache, so green means a fresh check after the fault.
    await sleep(1600);
    for (const deadline = Date.now() + RECOVERY_MS; Date.now() < deadline; await sleep(200)) {
      if (service.exitStatus() !== undefined) return false;
      if (await probe.health()) return service.exitStatus() === undefined;
    }
    return false;
  } finally {
    probe.close();
  }
}

/**
 * Plays on until `until`, and until the bots have been answered 20 more times after the last
 * fault (the reckoning shows it if that never comes: at most RECOVERY_MS more).
 */
async function progress(load: Load, until: number): Promise<void> {
  const before = load.record.acks.length;
  const giveUp = Math.max(until, Date.now()) + RECOVERY_MS;
  while ((Date.now() < until || load.record.acks.length < before + 20) && Date.now() < giveUp) await sleep(200);
}

interface ChaosDatabase {
  /** The database the service uses, for the reckoning. */
  url: string;
  /** The same, named in pg_stat_activity so its backends can be found. */
  serviceUrl: string;
  /** A connection of our own for pg_terminate_backend. */
  adminUrl: string;
  /** Stops the server, runs `whileDown`, starts it again on the same port (embedded only). */
  restart?: (whileDown: () => Promise<void>) => Promise<void>;
}

async function database(cleanup: Cleanup, embedded: boolean): Promise<ChaosDatabase> {
  const named = (u: string) => {
    const url = new URL(u);
    url.searchParams.set('application_name', APPLICATION_NAME);
    return url.toString();
  };
  if (embedded) {
    const dataDir = path.join(os.tmpdir(), `kartentisch-chaos-${process.pid}`);
    cleanup.add('remove the data folder', () => rmSync(dataDir, { recursive: true, force: true }));
    let server: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, database: 'kartentisch_chaos' });
    cleanup.add('stop PostgreSQL', () => server.stop());
    const port = server.port;
    return {
      url: server.url,
      serviceUrl: named(server.url),
      adminUrl: server.url,
      restart: async (whileDown) => {
        await server.stop();
        await whileDown();
        server = await startEmbeddedPostgres({ dataDir, database: 'kartentisch_chaos', port });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const { url, drop } = await createScratchDatabase(adminUrl, 'kartentisch_chaos');
  cleanup.add('drop the database', drop);
  return { url, serviceUrl: named(url), adminUrl };
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`chaos FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
