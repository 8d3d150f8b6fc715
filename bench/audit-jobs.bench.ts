/**
 * `npm run bench:audit`: the collusion audit's throughput with workers as processes
 * (docs/audit.md#throughput). On a scratch database of the PostgreSQL at DATABASE_URL:
 *
 * 1. a simulated Dobbm log of `--hands` hands is imported through the API (`POST /hand-records`);
 *    its evidence is computed from nothing once per worker shape of `--shapes` (processes ×
 *    evidence threads each; default one process with one thread — the baseline of the same
 *    sitting —, two processes with one thread, one process with two threads), `--rounds` times
 *    in turn. Each shape's figures: hands per second, and the CPU it took from /proc — the
 *    workers' (per hand, and how many cores they held on average), PostgreSQL's backends' per
 *    hand, and the rest of the machine's (other work, which the workers' share depends on);
 * 2. the log is grown to `--big` hands, each given a copy of a computed hand's evidence row,
 *    and the audit of all of them is timed from stored evidence (three rounds). The audit from
 *    cold is estimated from the rates of step 1 (said so in the output): computing it would take
 *    the better part of an hour on two cores.
 *
 * The workers are the compiled `dist/scripts/worker.js`, as deployed. `--own-sessions` starts
 * each in a session of its own (setsid): with the kernel's autogroup scheduling on (most desktop
 * and many server kernels), the processes of one session share one fair share of the CPU
 * against other sessions' work, so a second worker process started from the same session gains
 * no CPU on a busy machine, where separate services would.
 *
 * Options: --hands 300 --big 20000 --samples 16 --shapes 1x1,2x1,1x2 --rounds 1 --own-sessions
 * --no-build --keep-db. Run it `nice`d.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { castPlayers, simulateHands } from '../src/collusion/sim/simulate.js';
import { backendCpu, cpuSeconds, cpuSince, machineCpu } from '../scripts/lib/measure.js';
import { buildService, PROJECT_ROOT, startService, type RunningService } from '../scripts/lib/service-process.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';
import { migrate } from '../src/database/migrations.js';

const { values: args } = parseArgs({
  options: {
    hands: { type: 'string', default: '300' },
    big: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '16' },
    shapes: { type: 'string', default: '1x1,2x1,1x2' },
    rounds: { type: 'string', default: '1' },
    'own-sessions': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
  },
});
const HANDS = Number(args.hands);
const BIG = Number(args.big);
const SAMPLES = args.samples!;
/** Worker shapes: processes × evidence threads per process. */
const SHAPES = args.shapes!.split(',').map((shape) => {
  const m = /^(\d+)x(\d+)$/.exec(shape.trim());
  if (!m) throw new Error(`--shapes: "${shape}" is not <processes>x<threads>`);
  return { processes: Number(m[1]), threads: Number(m[2]), name: shape.trim() };
});
const ROUNDS = Number(args.rounds);
// Each audit gets a filter of its own (a finished job is reused for a minute): a second of the minute per run.
if (ROUNDS * SHAPES.length > 49) throw new Error('at most 49 runs (--rounds × shapes)');
const TOKEN = 'bench-auditor-token-0123456789abcdef';
const admin = process.env.DATABASE_URL;
if (!admin) {
  console.error('set DATABASE_URL to a PostgreSQL server the bench may create a scratch database on');
  process.exit(1);
}
const scratch = await createScratchDatabase(admin, 'kartentisch_bench_audit');
const { name: dbName, url } = scratch;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** An API-only instance (AUDIT_JOBS=off) for one estimator: the compiled server, as in production. */
async function api(samples: string): Promise<RunningService & { base: string }> {
  const service = await startService({
    env: { DATABASE_URL: url, AUDIT_TOKEN: TOKEN, AUDIT_SAMPLES: samples, AUDIT_JOBS: 'off', RATE_LIMIT_PER_MINUTE: '0' },
    logFile: path.join(os.tmpdir(), `bench-audit-api-${samples}.log`),
  });
  return { ...service, base: service.url };
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Imports simulated hands `from`..`to` (one simulation, so a grown log continues the same one), 16 at a time. */
async function importHands(base: string, players: Map<string, string>, to: number, from: number): Promise<void> {
  const config = { players: 24, hands: to, colludingPairs: 2, rate: 0.5, seed: 7 };
  for (const p of castPlayers(config))
    if (!players.has(p.id)) players.set(p.id, (await call(base, 'POST', '/players', { name: `Bench ${p.id}` })).body.id);
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  for (const h of simulateHands(config)) {
    if (i++ < from) continue;
    const p = call(base, 'POST', '/hand-records', { ...h.record, seating: h.players.map((id) => players.get(id)) }).then((r) => {
      if (r.status !== 201) throw new Error(`import: ${r.status} ${JSON.stringify(r.body)}`);
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    if (inFlight.size >= 16) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}

/** Every worker started, stopped at the end whatever happens. */
const children: ChildProcess[] = [];

function startWorker(samples: string, threads = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'scripts', 'worker.js')], {
    env: { ...process.env, DATABASE_URL: url, AUDIT_SAMPLES: samples, AUDIT_WORKERS: String(threads), AUDIT_SWEEP_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: args['own-sessions'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('worker ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

/** Stops workers and waits for them to exit. */
async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map((w) => {
      if (w.exitCode !== null || w.signalCode !== null) return undefined;
      const exited = new Promise((r) => w.once('exit', r));
      w.kill('SIGTERM');
      return exited;
    }),
  );
}

/** One shape's run: the evidence of every hand from nothing, then the audit; its rate and the CPU each side took. */
async function evidenceRun(base: string, sql: pg.Pool, shape: (typeof SHAPES)[number], tag: number) {
  await sql.query('DELETE FROM hand_evidence; DELETE FROM hand_evidence_problems');
  const started = await Promise.all(Array.from({ length: shape.processes }, () => startWorker(SAMPLES, shape.threads)));
  // The workers' evidence threads start on their first hand: that boot is part of the run.
  const workersCpu = () => started.reduce((sum, w) => sum + cpuSeconds(w.pid!), 0);
  const cpu0 = { workers: workersCpu(), db: backendCpu(dbName), machine: machineCpu() };
  const r = await audit(base, tag);
  const cpu1 = { workers: workersCpu(), db: backendCpu(dbName), machine: machineCpu() };
  await stopWorkers(started);
  const workers = cpu1.workers - cpu0.workers;
  const db = cpuSince(cpu0.db, cpu1.db) ?? NaN;
  const machine = cpu1.machine && cpu0.machine ? cpu1.machine.busy - cpu0.machine.busy : NaN;
  return {
    ...r,
    rate: r.evaluated / r.seconds,
    workerMsPerHand: (1000 * workers) / r.evaluated,
    workerCores: workers / r.seconds,
    dbMsPerHand: (1000 * db) / r.evaluated,
    /** Cores busy with everything else on the machine (the API instance, this script, other work). */
    otherCores: (machine - workers - db) / r.seconds,
  };
}

/** Runs one audit to its end (a fresh filter each time, so no finished job is reused): seconds, hands, evaluated hands. */
async function audit(base: string, tag: number): Promise<{ seconds: number; total: number; evaluated: number; pairs: number }> {
  const t0 = performance.now();
  let job = (await call(base, 'GET', `/audit/collusion?from=2000-01-01T00:00:${String(tag).padStart(2, '0')}Z`)).body;
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    job = (await call(base, 'GET', `/audit/collusion/jobs/${job.jobId}`)).body;
  }
  if (job.status !== 'done') throw new Error(`audit ${job.status}: ${job.error}`);
  return {
    seconds: (performance.now() - t0) / 1000,
    total: job.total,
    evaluated: job.total - job.unevaluated.length,
    pairs: job.pairs.length,
  };
}

async function main(): Promise<void> {
  const apps: RunningService[] = [];
  try {
    await migrate(url);
    if (!args['no-build']) buildService();
    const sql = new pg.Pool({ connectionString: url, max: 2 });
    console.log(`${os.cpus().length} cores, load average ${load()}; scratch database ${dbName}`);
    const first = await api(SAMPLES);
    apps.push(first);
    const players = new Map<string, string>();
    let t = performance.now();
    await importHands(first.base, players, HANDS, 0);
    console.log(`imported ${HANDS} hands in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const rates = new Map<string, number[]>(SHAPES.map((shape) => [shape.name, []]));
    let tag = 0;
    for (let round = 1; round <= ROUNDS; round++)
      for (const shape of SHAPES) {
        const r = await evidenceRun(first.base, sql, shape, ++tag);
        rates.get(shape.name)!.push(r.rate);
        console.log(
          `round ${round}, ${shape.processes} process(es) × ${shape.threads} thread(s), AUDIT_SAMPLES=${SAMPLES}: ${r.evaluated} hands' evidence + audit in ${r.seconds.toFixed(1)} s = ${r.rate.toFixed(1)} hands/s; ` +
            `workers ${r.workerMsPerHand.toFixed(0)} ms CPU per hand on ${r.workerCores.toFixed(2)} cores; PostgreSQL ${r.dbMsPerHand.toFixed(1)} ms per hand; other work ${r.otherCores.toFixed(2)} cores (load ${load()})`,
        );
      }
    // Each round's shapes ran one after the other: each against the baseline of its own round.
    const baselines = rates.get(SHAPES[0]!.name)!;
    for (const shape of SHAPES.slice(1)) {
      const ratios = rates.get(shape.name)!.map((r, i) => (r / baselines[i]!).toFixed(2));
      console.log(`${shape.name} against ${SHAPES[0]!.name} (the baseline of each round): ${ratios.join(', ')} ×`);
    }
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const baseline = mean(baselines);
    const best = Math.max(...[...rates.values()].map(mean));

    if (BIG > HANDS) {
      t = performance.now();
      await importHands(first.base, players, BIG, HANDS);
      console.log(`grew the log to ${BIG} hands in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    // Evidence for the grown log: copies of the computed rows (the same size and shape), since
    // computing it all would take the cold time estimated below. The timing is the query's and
    // the ranking's; the pairs ranked are not meaningful.
    t = performance.now();
    const estimator = `dobbm-v1-samples${SAMPLES}`;
    await sql.query(
      `WITH computed AS (SELECT evidence, row_number() OVER () - 1 AS i FROM hand_evidence WHERE estimator = $1),
            n AS (SELECT count(*) AS n FROM computed),
            missing AS (SELECT h.table_id, h.id, row_number() OVER () AS r FROM hands h
                        WHERE h.status = 'finished' AND NOT EXISTS (SELECT 1 FROM hand_evidence e WHERE e.hand_id = h.id AND e.estimator = $1)
                          AND NOT EXISTS (SELECT 1 FROM hand_evidence_problems p WHERE p.hand_id = h.id AND p.estimator = $1))
       INSERT INTO hand_evidence (table_id, hand_id, estimator, evidence)
       SELECT m.table_id, m.id, $1, c.evidence FROM missing m, n JOIN computed c ON true WHERE c.i = m.r % n.n`,
      [estimator],
    );
    console.log(`stored copies of the computed evidence for the rest in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await startWorker(SAMPLES);
    for (const round of [1, 2, 3]) {
      const r = await audit(first.base, 50 + round);
      console.log(
        `${r.total} hands from stored evidence, round ${round}: ${r.seconds.toFixed(2)} s (${r.pairs} pairs ranked; load ${load()})`,
      );
    }
    console.log(
      `${BIG} hands from cold at AUDIT_SAMPLES=${SAMPLES}, estimated from the best shape's rate above: ${(BIG / best / 60).toFixed(0)} min (${SHAPES[0]!.name}: ${(BIG / baseline / 60).toFixed(0)} min)`,
    );
    await sql.end();
  } finally {
    await stopWorkers(children);
    for (const app of apps) await app.stop();
    if (!args['keep-db']) await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
