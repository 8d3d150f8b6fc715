/**
 * `npm run bench:bot-load`: does the strong bots' thinking slow the service's answers? The built
 * service on a scratch database (dropped at the end) of the PostgreSQL at DATABASE_URL, with
 * `--tables` tables (4), each one person and strong bots in every other seat, BOT_PACE_MS=0 and no
 * turn clock. One polling client reads a person's `GET /hands/{id}` every `--poll-ms` (20 ms,
 * one request at a time) and times it, in phases of `--seconds` (30) alternated idle, bots, bots,
 * idle for `--rounds` (2):
 *
 * - bots: each person plays at once whenever it is their turn (the beginner's choice), so the
 *   strong bots think without pause at every table;
 * - idle: the people do not play, so every table waits on its person and no bot thinks: the
 *   baseline of the same run.
 *
 * Printed per phase and in total: the GET's p50 / p99 / max, the bots' moves per second, the
 * strong decisions the pool answered by the beginner (deadline or overload; from the service's
 * log) and the moves the service refused a bot, and the CPU seconds of the service's main thread,
 * the decision workers (its threads of lowered priority, or its child processes) and the rest (GC,
 * compiler), of the PostgreSQL backends serving the scratch database, and of the bench itself (the
 * people and the poller: a client on the same cores). The aim (docs/bots.md):
 * p99 with the bots thinking within 20 % of the idle p99.
 *
 * With `--beginner-tables` each game also gets a table of one person and beginner bots, and a
 * third phase, *beginner*, in which only those people play: the same moves through the same
 * service without the strong bots' thinking. With `--pace-ms` (the service's BOT_PACE_MS, 0) at
 * or above the strong bots' thinking, both kinds of table move at that pace, and the bots phase
 * against the beginner phase is what the thinking alone costs the event loop.
 *
 * Before the first phase the bots play and the poller reads for `--warmup` seconds (10), untimed.
 *
 * Options: --tables 4 --seconds 30 --rounds 2 --poll-ms 20 --warmup 10 --games dobbm,droggn,doppelkopf
 * --bot-workers <n> (the service's BOT_WORKERS; default its own) --server-entry <main.js> (another
 * build, to alternate two) --node-args '<flags>' (the service's node flags, e.g. a V8 flag to try)
 * --poller thread|inline (the timed GET in a thread of its own, or in the people's event loop as
 * before) --beginner-tables --pace-ms 0 --no-build --keep-db. Run it `nice`d.
 */
import os from 'node:os';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { migrate } from '../src/database/migrations.js';
import { scratchDatabase } from '../scripts/lib/scratch-database.js';
import { seededRng, type Rng } from '../src/engine/core/rng.js';
import { chooseAction } from '../src/solvers/search/strategy.js';
import { KartentischClient, ProblemError, type Game, type HandView, type Player } from '../scripts/lib/api-client.js';
import { buildService, Cleanup, sleep, startService } from '../scripts/lib/service-process.js';
import { backendCpu, cpuSeconds, cpuSince, percentiles } from '../scripts/lib/measure.js';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    'poll-ms': { type: 'string', default: '20' },
    warmup: { type: 'string', default: '10' },
    games: { type: 'string', default: 'dobbm,droggn,doppelkopf' },
    'bot-workers': { type: 'string' },
    'server-entry': { type: 'string' },
    'node-args': { type: 'string', default: '' },
    poller: { type: 'string', default: 'thread' },
    'beginner-tables': { type: 'boolean', default: false },
    'pace-ms': { type: 'string', default: '0' },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
  },
});
const TABLES = Number(args.tables);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const POLL_MS = Number(args['poll-ms']);
const WARMUP_S = Number(args.warmup);
const GAMES = args.games!.split(',') as Game[];
const NODE_ARGS = args['node-args']!.split(' ').filter(Boolean);
const WITH_BEGINNERS = args['beginner-tables']!;
/** Who plays: nobody (idle), the people at the strong bots' tables, or those at the beginners'. */
type Phase = 'idle' | 'bots' | 'beginner';
if (args.poller !== 'thread' && args.poller !== 'inline') throw new Error('--poller is thread or inline');
/** After a phase starts, the bots get going (or wind down) before the timing begins. */
const SETTLE_MS = 3000;
/** What the service logs when a strong decision is answered by the beginner, and when a bot's move is refused. */
const FALLBACK_LOG = 'answered by the beginner';
const REFUSAL_LOG = 'it stops there';

const admin = process.env.DATABASE_URL;
if (!admin) {
  console.error('set DATABASE_URL to a PostgreSQL server the bench may create a scratch database on');
  process.exit(1);
}
const scratch = scratchDatabase(admin, 'kartentisch_bench_bot_load');
const { name: dbName, url } = scratch;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** One table's person: follows its hand and, while `playing`, acts whenever its seat is to act. */
class Person {
  handId: string;
  moves = 0;
  /** The table's progress: the seqs of its hands seen so far, summed (for the bots' moves per second). */
  seqSeen = 0;
  private readonly rng: Rng;

  constructor(
    private readonly api: KartentischClient,
    readonly player: Player,
    readonly game: Game,
    readonly index: number,
    firstHand: string,
    /** The phase in which this person plays: the one of its table's bots. */
    readonly kind: Exclude<Phase, 'idle'>,
  ) {
    this.handId = firstHand;
    this.rng = seededRng(index + 1);
  }

  async run(state: { phase: Phase; stopped: boolean }): Promise<void> {
    let etag: string | null = null;
    let lastSeq = 0;
    // The view last read: a turn left waiting while idle is taken once the phase plays.
    let view: HandView | null = null;
    while (!state.stopped) {
      const answer: { view: HandView; etag: string } | null = await this.api.follow(this.handId, this.player, etag, 1);
      if (answer) {
        etag = answer.etag;
        view = answer.view;
        this.seqSeen += Math.max(0, view.seq - lastSeq);
        lastSeq = view.seq;
        if (view.nextHandId) {
          this.handId = view.nextHandId;
          [etag, view, lastSeq] = [null, null, 0];
          continue;
        }
        if (view.status !== 'active') return;
      }
      const playing = state.phase === this.kind;
      if (view && playing && view.toAct.includes(view.seat!) && view.legalActions?.length) {
        try {
          await this.api.act(this.handId, this.player, view.seq, chooseAction(this.game, view, this.rng));
          this.moves++;
        } catch (err) {
          // A bot acting in the same phase (several seats to act) came first: read again.
          if (!(err instanceof ProblemError) || err.code !== 'STALE_SEQ') throw err;
        }
        [etag, view] = [null, null];
        continue;
      }
      if (!playing) await sleep(100);
    }
  }
}

/**
 * CPU seconds so far of the service's threads (/proc/<pid>/task): the main thread, the threads
 * whose nice value is above the main thread's (the decision workers lower their own priority),
 * and the rest (V8's garbage collector and compiler, libuv).
 */
function threadCpu(pid: number): { main: number; bots: number; rest: number } {
  const out = { main: 0, bots: 0, rest: 0 };
  // The decision workers that are processes of their own (children of the service), every thread of them.
  for (const child of childrenOf(pid)) out.bots += cpuSeconds(child);
  try {
    const stat = (tid: string) => readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const mainNice = Number(stat(String(pid))[16]);
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const f = stat(tid);
      const cpu = (Number(f[11]) + Number(f[12])) / 100;
      if (tid === String(pid)) out.main += cpu;
      else if (Number(f[16]) > mainNice) out.bots += cpu;
      else out.rest += cpu;
    }
  } catch {
    // a thread ended while being read: the next reading is whole again
  }
  return out;
}

/**
 * The timed GET in a thread of its own: in the bench's main thread its clock would also count
 * the time the event loop spends on the people's long polls and moves, which grow with the bots'
 * pace (the inline poller, `--poller inline`, times both). It follows the hand to the next one.
 */
function pollerThread(url: string, handId: string, token: string, pollMs: number) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { url, token, pollMs } = workerData;
    const origin = new URL(url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let handId = workerData.handId, running = false, times = [], done = Promise.resolve(), error = null;
    const get = () => new Promise((resolve, reject) => {
      const req = http.request({ hostname: origin.hostname, port: origin.port, path: '/hands/' + handId, headers: { authorization: 'Bearer ' + token }, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))) : reject(new Error('GET /hands/' + handId + ': ' + res.statusCode)));
      });
      req.on('error', reject);
      req.end();
    });
    async function loop() {
      while (running) {
        const t0 = performance.now();
        const view = await get();
        times.push(performance.now() - t0);
        if (view.nextHandId) handId = view.nextHandId;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    }
    parentPort.on('message', (m) => {
      if (m === 'start') { times = []; error = null; running = true; done = loop().catch((err) => { error = err; }); }
      else if (m === 'stop') { running = false; done.then(() => parentPort.postMessage(error ? { error: String(error) } : { times })); }
      else if (m === 'close') { agent.destroy(); parentPort.close(); }
    });`;
  const worker = new Worker(code, { eval: true, workerData: { url, handId, token, pollMs } });
  return {
    async during(ms: number): Promise<number[]> {
      worker.postMessage('start');
      await sleep(ms);
      const answer = new Promise<{ times?: number[]; error?: string }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const { times, error } = await answer;
      if (error !== undefined) throw new Error(error);
      return times!;
    },
    close: async () => void (await worker.terminate()),
  };
}

const cpuOf = (u: NodeJS.CpuUsage): number => u.user + u.system;

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid)) out.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

function logCount(file: string, text: string): number {
  try {
    return readFileSync(file, 'utf8').split(text).length - 1;
  } catch {
    return NaN;
  }
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  await scratch.create();
  if (!args['keep-db']) cleanup.add('scratch database', scratch.drop);
  const clients: KartentischClient[] = [];
  const state: { phase: Phase; stopped: boolean } = { phase: 'idle', stopped: false };
  try {
    await migrate(url);
    if (!args['no-build']) buildService();
    const logFile = path.join(os.tmpdir(), `bench-bot-load-${process.pid}.log`);
    const env: Record<string, string> = {
      DATABASE_URL: url,
      RATE_LIMIT_PER_MINUTE: '0',
      AUDIT_JOBS: 'off',
      BOT_PACE_MS: String(Number(args['pace-ms'])),
      RESULT_PAUSE_MS: '0',
      DEFAULT_TURN_CLOCK: 'off',
      LOG_FORMAT: 'json',
    };
    if (args['bot-workers'] !== undefined) env.BOT_WORKERS = args['bot-workers'];
    const service = await startService({ env, logFile, entry: args['server-entry'], nodeArgs: NODE_ARGS });
    cleanup.add('service', () => service.stop());
    const api = new KartentischClient(service.url);
    clients.push(api);

    const people: Person[] = [];
    const kinds: Exclude<Phase, 'idle'>[] = WITH_BEGINNERS ? ['bots', 'beginner'] : ['bots'];
    for (let i = 0; i < TABLES * kinds.length; i++) {
      const [t, kind] = [i % TABLES, kinds[Math.floor(i / TABLES)]!];
      const game = GAMES[t % GAMES.length]!;
      const person = await api.createPlayer(`Person ${i + 1}`);
      const table = await api.createTable(person, game, {});
      await api.takeSeat(table.id, person);
      let handId: string | undefined;
      for (let s = 1; s < table.seatCount; s++) {
        const seated = await api.call('POST /tables/{id}/bots', () =>
          api.api.POST('/tables/{id}/bots', {
            params: { path: { id: table.id } },
            body: { strength: kind === 'bots' ? 'strong' : 'heuristic' },
            headers: { Authorization: `Bearer ${person.token}` },
          }),
        );
        handId = seated.currentHandId ?? handId;
      }
      if (!handId) throw new Error(`table ${t + 1} (${game}) dealt no hand`);
      // Each person follows on a client of its own (a long poll holds its socket).
      const own = new KartentischClient(service.url);
      clients.push(own);
      people.push(new Person(own, person, game, i, handId, kind));
    }
    const running = people.map((p) =>
      p.run(state).catch((err) => {
        console.error(`person ${p.index + 1} stopped: ${(err as Error).message}`);
      }),
    );
    console.log(
      `${os.cpus().length} cores, load average ${load()}; ${people.length} tables (${people.map((p) => `${p.game} ${p.kind}`).join(', ')}), ` +
        `one person and bots each; BOT_PACE_MS=${Number(args['pace-ms'])}; BOT_WORKERS=${args['bot-workers'] ?? 'default'}; GET every ${POLL_MS} ms (poller ${args.poller}); ` +
        `service ${args['server-entry'] ?? 'dist/src/main.js'}${NODE_ARGS.length ? ` with ${NODE_ARGS.join(' ')}` : ''}; ${new Date().toISOString()}`,
    );

    const poller = new KartentischClient(service.url);
    clients.push(poller);
    const watched = people[0]!;
    const thread = args.poller === 'thread' ? pollerThread(service.url, watched.handId, watched.player.token, POLL_MS) : null;
    if (thread) cleanup.add('poller', () => thread.close());
    const samples: Record<Phase, number[]> = { idle: [], bots: [], beginner: [] };
    const round: Phase[] = WITH_BEGINNERS ? ['idle', 'bots', 'beginner'] : ['idle', 'bots'];
    const order: Phase[] = [];
    for (let r = 0; r < ROUNDS; r++) order.push(...(r % 2 === 0 ? round : [...round].reverse()));
    // Untimed: the service's code paths compiled and the workers started before the first phase,
    // which would otherwise count the warm-up against the idle baseline.
    for (const kind of WARMUP_S > 0 ? kinds : []) {
      state.phase = kind;
      if (thread) await thread.during((WARMUP_S * 1000) / kinds.length);
      else await sleep((WARMUP_S * 1000) / kinds.length);
    }
    console.log(
      'phase     GET p50 ms   p99 ms   max ms   requests   bot moves/s   fallbacks   refused   CPU s main / bots / rest   PostgreSQL   bench   load',
    );
    for (const phase of order) {
      state.phase = phase;
      await sleep(SETTLE_MS);
      const times: number[] = [];
      const seq0 = people.reduce((n, p) => n + p.seqSeen - p.moves, 0);
      const fallbacks0 = logCount(logFile, FALLBACK_LOG);
      const refused0 = logCount(logFile, REFUSAL_LOG);
      const cpu0 = threadCpu(service.pid);
      const own0 = process.cpuUsage();
      const pg0 = backendCpu(dbName);
      const started = performance.now();
      if (thread) times.push(...(await thread.during(SECONDS * 1000)));
      else
        while (performance.now() - started < SECONDS * 1000) {
          const t0 = performance.now();
          await poller.view(watched.handId, watched.player);
          times.push(performance.now() - t0);
          await sleep(POLL_MS);
        }
      const seconds = (performance.now() - started) / 1000;
      const cpu = threadCpu(service.pid);
      samples[phase].push(...times);
      const p = percentiles(times);
      const botMoves = people.reduce((n, q) => n + q.seqSeen - q.moves, 0) - seq0;
      console.log(
        `${phase.padEnd(8)} ${p.p50.toFixed(2).padStart(11)} ${p.p99.toFixed(2).padStart(8)} ${p.max.toFixed(1).padStart(8)} ${String(times.length).padStart(10)}` +
          ` ${(botMoves / seconds).toFixed(1).padStart(13)} ${String(logCount(logFile, FALLBACK_LOG) - fallbacks0).padStart(11)}` +
          ` ${String(logCount(logFile, REFUSAL_LOG) - refused0).padStart(9)}` +
          ` ${[cpu.main - cpu0.main, cpu.bots - cpu0.bots, cpu.rest - cpu0.rest]
            .map((x) => x.toFixed(1))
            .join(' / ')
            .padStart(24)} ${(cpuSince(pg0, backendCpu(dbName)) ?? NaN).toFixed(1).padStart(12)}` +
          ` ${(cpuOf(process.cpuUsage(own0)) / 1e6).toFixed(1).padStart(7)}   ${load()}`,
      );
    }
    console.log(people.map((p) => `${p.game} ${p.kind}: seq ${p.seqSeen}, own moves ${p.moves}`).join('; '));
    const idle = percentiles(samples.idle);
    const bots = percentiles(samples.bots);
    console.log(
      `\nall phases: GET /hands/{id} p99 ${bots.p99.toFixed(2)} ms with the bots thinking against ${idle.p99.toFixed(2)} ms idle ` +
        `(${((bots.p99 / idle.p99 - 1) * 100).toFixed(0)} %; aim ≤ +20 %); p50 ${bots.p50.toFixed(2)} against ${idle.p50.toFixed(2)} ms; ` +
        `${new Date().toISOString()}`,
    );
    if (WITH_BEGINNERS) {
      const beginner = percentiles(samples.beginner);
      console.log(
        `the same moves without the thinking (beginner tables): p99 ${beginner.p99.toFixed(2)} ms, p50 ${beginner.p50.toFixed(2)} ms; ` +
          `the strong bots' thinking on top of their moves: ${((bots.p99 / beginner.p99 - 1) * 100).toFixed(0)} % at p99 (aim ≤ +20 %)`,
      );
    }
    state.stopped = true;
    state.phase = 'idle';
    await Promise.race([Promise.allSettled(running), sleep(3000)]);
  } finally {
    state.stopped = true;
    for (const c of clients) c.close();
    await cleanup.run();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
