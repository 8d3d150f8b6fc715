/**
 * `npm run fuzz [-- --requests 50000 --seed 1 --concurrency 8 --minutes 20]`: builds the
 * service, starts it (as `npm start` does) on a database of its own — a fresh one on
 * DATABASE_URL's server, else an embedded PostgreSQL in a temporary folder — and fuzzes it from
 * its OpenAPI document (scripts/lib/fuzz.ts). Prints one summary line; exits 1 on any 5xx,
 * time-out, 4xx without a problem code, changed or unexplained event, unknown field in a log,
 * failed verify, or RSS beyond twice its start.
 *
 * Then the abuse probes (scripts/lib/abuse-probes.ts) against the service restarted with its
 * default limits, as a user runs it: sockets flooded with `--frames` frames (JSON or not, read
 * or not), sockets and connections hoarded, a body sent a byte a second. Exits 1 when a flood
 * lifts the RSS past 1.2 × its start or a bystander's `/health` p99 past 100 ms, a bystander
 * meets any failure, or one address holds more than its caps. `--probes false` skips them.
 *
 * Then the attacks on a seat's record (scripts/lib/seat-attacks.ts), on the same service:
 * `/back` storms at a `--storm-seconds` clock table, and `--races` handover races. Exits 1 on
 * any 5xx, a decision slower than its clock + 2 s, a seat handed on twice or not where the
 * answers put it, or an offer left standing after its player's return. `--seats false` skips them.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../src/database/embedded.js';
import {
  dealDobbm,
  hostileFrames,
  newProbePlayers,
  quiet,
  flood,
  floodLine,
  hoardConnections,
  hoardSockets,
  slowBody,
  type ProbePlayer,
  type ProbeTarget,
} from './lib/abuse-probes.js';
import { fuzz, summary } from './lib/fuzz.js';
import { backStorm, backStormLine, handoverRaceLine, handoverRaces } from './lib/seat-attacks.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { buildService, Cleanup, PROJECT_ROOT, startService } from './lib/service-process.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '50000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '8' },
    minutes: { type: 'string', default: '20' },
    probes: { type: 'string', default: 'true' },
    frames: { type: 'string', default: '1000000' },
    seats: { type: 'string', default: 'true' },
    'storm-seconds': { type: 'string', default: '30' },
    races: { type: 'string', default: '50' },
  },
});

async function main(): Promise<boolean> {
  const cleanup = new Cleanup();
  try {
    const log = (m: string) => console.error(`[fuzz] ${m}`);
    log('building');
    buildService();
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'kartentisch_fuzz');
      cleanup.add('drop the fuzz database', scratch.drop);
      databaseUrl = scratch.url;
    } else {
      const dataDir = path.join(PROJECT_ROOT, '.data', 'postgres-fuzz', String(process.pid));
      const db = await startEmbeddedPostgres({ dataDir, database: 'kartentisch_fuzz' });
      cleanup.add('stop the embedded PostgreSQL', async () => {
        await db.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      databaseUrl = db.url;
    }
    const auditToken = randomBytes(32).toString('hex');
    const logFile = path.join(os.tmpdir(), `kartentisch-fuzz-${process.pid}.log`);
    const service = await startService({
      logFile,
      env: { DATABASE_URL: databaseUrl, AUDIT_TOKEN: auditToken, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error' },
    });
    cleanup.add('stop the service', () => service.stop());
    const requests = Number(args.requests);
    log(`service ${service.url} (log: ${logFile}); ${requests} requests, seed ${args.seed}, concurrency ${args.concurrency}`);
    const report = await fuzz({
      url: service.url,
      databaseUrl,
      auditToken,
      requests,
      seed: Number(args.seed),
      concurrency: Number(args.concurrency),
      timeLimitMs: Number(args.minutes) * 60_000,
      rss: () => (service.memory()?.rssKiB ?? NaN) * 1024,
      progress: (done) => process.stderr.write(`\r[fuzz] ${done}/${requests}`),
    });
    process.stderr.write('\n');
    console.log(
      JSON.stringify({ byStatus: report.byStatus, failures: report.failures, unknownFieldExamples: report.unknownFieldExamples }, null, 1),
    );
    console.log(summary(report));
    await service.stop();
    const probed = args.probes === 'false' || (await probeAbuse(databaseUrl, auditToken, logFile, Number(args.frames)));
    const seatsHeld = args.seats === 'false' || (await attackSeats(databaseUrl, auditToken, logFile));
    return (
      probed &&
      seatsHeld &&
      report.failureCount === 0 &&
      report.eventsChanged === 0 &&
      report.eventsUnexplained === 0 &&
      report.unknownFieldsInLogs === 0 &&
      report.handsFailingVerify === 0 &&
      report.rssEndMiB < 2 * report.rssStartMiB &&
      report.requests >= requests
    );
  } finally {
    await cleanup.run();
  }
}

/** The abuse probes against the service with its default limits; true when every goal holds. */
async function probeAbuse(databaseUrl: string, auditToken: string, logFile: string, frames: number): Promise<boolean> {
  const service = await startService({
    logFile,
    appendLog: true,
    env: { DATABASE_URL: databaseUrl, AUDIT_TOKEN: auditToken, LOG_LEVEL: 'error' },
  });
  try {
    const port = new URL(service.url).port;
    const target: ProbeTarget = {
      url: `http://127.0.0.1:${port}`,
      bystanderUrl: `http://[::1]:${port}`,
      rss: () => (service.memory()?.rssKiB ?? NaN) * 1024,
    };
    const { players, handId } = await dealDobbm(target.bystanderUrl);
    const [flooder, bystander] = players as [ProbePlayer, ProbePlayer];
    console.log(floodLine('baseline', await quiet(target, handId, bystander.token, 10)));
    const hostile = await hostileFrames(target, { token: bystander.token, handId, count: 2000, seed: 20261127 });
    console.log(
      `hostile frames: ${hostile.sent} sent one at a time, ${hostile.answers} answered with a view, problems ${JSON.stringify(hostile.problems)}, ` +
        `${hostile.serverErrors} 5xx, ${hostile.unanswered} unanswered`,
    );
    let ok = hostile.serverErrors === 0 && hostile.unanswered === 0;
    for (const [kind, read] of [
      ['garbage', false],
      ['garbage', true],
      ['stale', false],
      ['stale', true],
    ] as const) {
      const r = await flood(target, { token: flooder.token, bystanderToken: bystander.token, handId, frames, kind, read, seconds: 20 });
      console.log(floodLine(`flood (${kind}, ${read ? 'read' : 'not read'})`, r));
      const goals = r.rssPeakMiB <= 1.2 * r.rssStartMiB && r.healthP99Ms <= 100 && Object.keys(r.bystanderFailures).length === 0;
      if (!goals) console.log('  ↑ over a goal: RSS ≤ 1.2 × its start, /health p99 ≤ 100 ms, no bystander failure');
      ok &&= goals;
    }
    console.log(floodLine('baseline again', await quiet(target, handId, bystander.token, 10)));
    const [other, ...hoarders] = await newProbePlayers(target.bystanderUrl, 20);
    const sockets = await hoardSockets(target, handId, [flooder.token, ...hoarders.map((p) => p.token)], other!.token, 400);
    console.log(
      `sockets held: ${sockets.perPlayer} by one player, ${sockets.perAddress} by one address; a bystander ${sockets.bystanderServed ? 'served' : 'REFUSED'}`,
    );
    const connections = await hoardConnections(target, 1000);
    console.log(
      `connections held by one address: ${connections.held} of 1,000 opened; a bystander ${connections.bystanderServed ? 'served' : 'REFUSED'}`,
    );
    const slow = await slowBody(target, 1000, 60_000);
    console.log(`a body sent a byte a second: answered ${slow.status} after ${(slow.heldMs / 1000).toFixed(1)} s`);
    return (
      ok &&
      sockets.perPlayer <= 16 &&
      sockets.perAddress <= 256 &&
      sockets.bystanderServed &&
      connections.bystanderServed &&
      connections.held <= 256 &&
      slow.status === '408'
    );
  } finally {
    await service.stop();
  }
}

/**
 * `/back` storms and handover races; true when every goal holds. The per-client caps are off: a
 * race round takes six new players, more than one address may make in an hour.
 */
async function attackSeats(databaseUrl: string, auditToken: string, logFile: string): Promise<boolean> {
  const service = await startService({
    logFile,
    appendLog: true,
    env: { DATABASE_URL: databaseUrl, AUDIT_TOKEN: auditToken, LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    const storm = await backStorm(service.url, { turnSeconds: 3, seconds: Number(args['storm-seconds']), everyMs: 300 });
    console.log(backStormLine(storm));
    const races = await handoverRaces(service.url, Number(args.races));
    console.log(handoverRaceLine(races));
    return (
      storm.serverErrors === 0 &&
      storm.decisions > 0 &&
      storm.maxOverClockMs <= 2_000 &&
      races.serverErrors === 0 &&
      races.doubleHandovers === 0 &&
      races.offersOutlivingReturn === 0 &&
      races.misplaced === 0
    );
  } finally {
    await service.stop();
  }
}

// Exit explicitly: with only process.exitCode set, a failed run was seen to end with status 0.
main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
