/**
 * `npm run bench:audit`: the collusion audit's throughput with workers as processes
 * (docs/audit.md#throughput). On a scratch database of the PostgreSQL at DATABASE_URL:
 *
 * 1. a simulated Dobbm log of `--hands` hands is imported through the API (`POST /hand-records`);
 *    its evidence is computed by one worker process (`scripts/worker.ts`, one evidence thread),
 *    then again from nothing by two: evidence per second each time, the one-worker run being the
 *    baseline of the same sitting;
 * 2. the log is grown to `--big` hands, each given a copy of a computed hand's evidence row,
 *    and the audit of all of them is timed from stored evidence (three rounds). The audit from
 *    cold is estimated from the rates of step 1 (said so in the output): computing it would take
 *    the better part of an hour on two cores.
 *
 * Options: --hands 300 --big 20000 --samples 16 --keep-db. Run it `nice`d.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { castPlayers, simulateHands } from '../src/analysis/sim/simulate.js';
import { buildService, startService, type RunningService } from '../scripts/lib/service-process.js';
import { migrate } from '../src/database/migrations.js';

const { values: args } = parseArgs({
  options: {
    hands: { type: 'string', default: '300' },
    big: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '16' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const HANDS = Number(args.hands);
const BIG = Number(args.big);
const SAMPLES = args.samples!;
const TOKEN = 'bench-auditor-token-0123456789abcdef';
const admin = process.env.DATABASE_URL;
if (!admin) {
  console.error('set DATABASE_URL to a PostgreSQL server the bench may create a scratch database on');
  process.exit(1);
}
const dbName = `kartentisch_bench_audit_${process.pid}`;
const url = Object.assign(new URL(admin), { pathname: `/${dbName}` }).toString();
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

function startWorker(samples: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, DATABASE_URL: url, AUDIT_SAMPLES: samples, AUDIT_WORKERS: '1', AUDIT_SWEEP_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('worker ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
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
  const server = new pg.Client({ connectionString: admin });
  await server.connect();
  await server.query(`CREATE DATABASE "${dbName}"`);
  const workers: ChildProcess[] = [];
  const apps: RunningService[] = [];
  try {
    await migrate(url);
    buildService();
    const sql = new pg.Pool({ connectionString: url, max: 2 });
    console.log(`${os.cpus().length} cores, load average ${load()}; scratch database ${dbName}`);
    const first = await api(SAMPLES);
    apps.push(first);
    const players = new Map<string, string>();
    let t = performance.now();
    await importHands(first.base, players, HANDS, 0);
    console.log(`imported ${HANDS} hands in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const rates: number[] = [];
    for (const n of [1, 2]) {
      await sql.query('DELETE FROM hand_evidence; DELETE FROM hand_evidence_problems');
      const started = await Promise.all(Array.from({ length: n }, () => startWorker(SAMPLES)));
      workers.push(...started);
      const r = await audit(first.base, n);
      rates.push(r.evaluated / r.seconds);
      console.log(
        `${n} worker process(es), AUDIT_SAMPLES=${SAMPLES}: ${r.evaluated} hands' evidence + audit in ${r.seconds.toFixed(1)} s = ${(r.evaluated / r.seconds).toFixed(1)} hands/s (load ${load()})`,
      );
      for (const w of started) w.kill('SIGTERM');
    }
    console.log(`two workers against one (the baseline of this run): ${(rates[1]! / rates[0]!).toFixed(2)} ×`);

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
    const warm = await Promise.all([startWorker(SAMPLES)]);
    workers.push(...warm);
    for (const round of [1, 2, 3]) {
      const r = await audit(first.base, 10 + round);
      console.log(
        `${r.total} hands from stored evidence, round ${round}: ${r.seconds.toFixed(2)} s (${r.pairs} pairs ranked; load ${load()})`,
      );
    }
    console.log(
      `${BIG} hands from cold at AUDIT_SAMPLES=${SAMPLES}, estimated from the two-worker rate above: ${(BIG / rates[1]! / 60).toFixed(0)} min (one worker: ${(BIG / rates[0]! / 60).toFixed(0)} min)`,
    );
    await sql.end();
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    for (const app of apps) await app.stop();
    if (!args['keep-db']) await server.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await server.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
