import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { WebSocket } from 'ws';
import { KartentischClient, type Player } from './api-client.js';

/**
 * What one hostile client can cost the service, measured from outside as an attacker would do
 * it: a socket flooded with frames (read or not, JSON or not), sockets and streams hoarded, TCP
 * connections held, a body sent a byte at a time. Each probe answers figures, not verdicts;
 * `npm run fuzz` prints them and checks them against its goals, test/fuzz.e2e.spec.ts runs them small.
 */
export interface ProbeTarget {
  /** the service, as the attacker reaches it */
  url: string;
  /** the same service from another address (the bystanders' requests) */
  bystanderUrl: string;
  /** the service's resident memory in bytes */
  rss: () => number;
}

export interface FloodReport {
  /** frames the client sent, and how many of them the server answered */
  framesSent: number;
  framesAnswered: number;
  /** sockets the flood opened, and upgrades refused (its limits spent) */
  socketsOpened: number;
  upgradesRefused: number;
  closeCodes: number[];
  seconds: number;
  rssStartMiB: number;
  rssPeakMiB: number;
  /** a bystander's `/health` and seat view during the flood */
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
  /** bystander answers other than 200/304, by status and code */
  bystanderFailures: Record<string, number>;
}

export interface FloodOptions {
  token: string;
  handId: string;
  /** a seated bystander's token, whose view of the hand is read during the flood */
  bystanderToken: string;
  frames: number;
  /** `garbage`: text that is no JSON; `stale`: well-formed actions with an old seq, each costing a read */
  kind: 'garbage' | 'stale';
  /** false: the client never reads what the server sends */
  read: boolean;
  seconds: number;
  /** no flood at all: the bystander alone for `seconds` */
  idle?: boolean;
}

const MiB = 1024 * 1024;
/** The client's own send buffer, past which it waits: the flood is as fast as the network takes it. */
const CLIENT_BUFFER = 4 * MiB;

export async function flood(target: ProbeTarget, o: FloodOptions): Promise<FloodReport> {
  const started = Date.now();
  const until = started + o.seconds * 1000;
  const rssStart = target.rss();
  let rssPeak = rssStart;
  const sampler = sampleBystander(target, o.handId, o.bystanderToken, () => (rssPeak = Math.max(rssPeak, target.rss())));
  const frame = o.kind === 'garbage' ? 'x' : JSON.stringify({ expectedSeq: 0, handId: o.handId, action: { type: 'bid', bid: 'pass' } });
  const r = { framesSent: 0, framesAnswered: 0, socketsOpened: 0, upgradesRefused: 0, closeCodes: [] as number[] };
  if (o.idle) await new Promise((resolve) => setTimeout(resolve, o.seconds * 1000));
  while (r.framesSent < o.frames && Date.now() < until) {
    const ws = await openSocket(target.url, o.handId, o.token);
    if (!ws) {
      r.upgradesRefused++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    r.socketsOpened++;
    if (o.read) ws.on('message', () => r.framesAnswered++);
    else ws.pause();
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    while (ws.readyState === WebSocket.OPEN && r.framesSent < o.frames && Date.now() < until) {
      for (let i = 0; i < 1000 && r.framesSent < o.frames; i++, r.framesSent++) ws.send(frame);
      while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount > CLIENT_BUFFER) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (ws.readyState === WebSocket.OPEN) ws.terminate();
    r.closeCodes.push(await closed);
  }
  const health = await sampler.stop();
  return {
    ...r,
    seconds: (Date.now() - started) / 1000,
    rssStartMiB: rssStart / MiB,
    rssPeakMiB: rssPeak / MiB,
    healthP50Ms: quantile(health.latencies, 0.5),
    healthP99Ms: quantile(health.latencies, 0.99),
    healthMaxMs: Math.max(0, ...health.latencies),
    bystanderFailures: health.failures,
  };
}

/** The bystander alone for `seconds`, no flood: the baseline of the same run beside which the floods' figures are read. */
export async function quiet(target: ProbeTarget, handId: string, bystanderToken: string, seconds: number): Promise<FloodReport> {
  return flood(target, { token: '', bystanderToken, handId, frames: 0, kind: 'garbage', read: false, seconds, idle: true });
}

/**
 * How many sockets one player, and one address, may hold: opened until refused (or `max`), by
 * `tokens[0]` first and then by all of them in turn; then one by `bystander` from another address.
 */
export async function hoardSockets(
  target: ProbeTarget,
  handId: string,
  tokens: string[],
  bystander: string,
  max: number,
): Promise<{ perPlayer: number; perAddress: number; bystanderServed: boolean }> {
  const held: WebSocket[] = [];
  const openUntilRefused = async (tokenOf: (i: number) => string): Promise<number> => {
    for (let i = 0; i < max; i++) {
      const ws = await openSocket(target.url, handId, tokenOf(i));
      if (!ws) return i;
      held.push(ws);
    }
    return max;
  };
  try {
    const perPlayer = await openUntilRefused(() => tokens[0]!);
    const perAddress = perPlayer + (await openUntilRefused((i) => tokens[1 + (i % (tokens.length - 1))]!));
    const other = await openSocket(target.bystanderUrl, handId, bystander);
    other?.terminate();
    return { perPlayer, perAddress, bystanderServed: other !== null };
  } finally {
    for (const ws of held) ws.terminate();
  }
}

/** How many TCP connections one address holds open (idle, sending nothing), of `tries`. */
export async function hoardConnections(target: ProbeTarget, tries: number): Promise<{ held: number; bystanderServed: boolean }> {
  const { hostname, port } = new URL(target.url);
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < tries; i++) {
      const s = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
      s.on('error', () => undefined);
      sockets.push(s);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const held = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
    const res = await fetch(`${target.bystanderUrl}/health`).catch(() => null);
    return { held, bystanderServed: res?.status === 200 };
  } finally {
    for (const s of sockets) s.destroy();
    // Until the service has seen them go: the next probe from this address is served again.
    for (const end = Date.now() + 3000; Date.now() < end;) {
      if ((await fetch(`${target.url}/health`).catch(() => null))?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A body that never arrives whole, a byte every `everyMs`: how long the service holds it, and its answer. */
export async function slowBody(target: ProbeTarget, everyMs: number, giveUpMs: number): Promise<{ heldMs: number; status: string }> {
  const { hostname, port } = new URL(target.url);
  const s = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
  s.on('error', () => undefined);
  const started = Date.now();
  let text = '';
  s.setEncoding('utf8');
  s.on('data', (chunk: string) => (text += chunk));
  s.write('POST /players HTTP/1.1\r\nHost: probe\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
  const drip = setInterval(() => s.write(' '), everyMs);
  await new Promise<void>((resolve) => {
    s.once('close', () => resolve());
    setTimeout(resolve, giveUpMs);
  });
  clearInterval(drip);
  s.destroy();
  return { heldMs: Date.now() - started, status: /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? (text ? 'other' : 'none') };
}

function openSocket(url: string, handId: string, token: string): Promise<WebSocket | null> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/hands/${handId}/socket`, ['kartentisch'], {
    headers: { Authorization: `Bearer ${token}` },
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(null);
    });
    ws.once('error', () => resolve(null));
  });
}

/**
 * A bystander at another address, in a process of its own (the flooder's own work must not
 * delay its clock): `/health` and its seat view, one after the other, every 20 ms, until stopped.
 */
function sampleBystander(target: ProbeTarget, handId: string, token: string, tick: () => void) {
  const child = spawn(process.execPath, ['-e', BYSTANDER, target.bystanderUrl, handId, token], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ticker = setInterval(tick, 100);
  return {
    stop: async (): Promise<{ latencies: number[]; failures: Record<string, number> }> => {
      clearInterval(ticker);
      child.stdin.end();
      await exited;
      return JSON.parse(out) as { latencies: number[]; failures: Record<string, number> };
    },
  };
}

/** The bystander's loop, plain JavaScript for `node -e`: its figures go to stdout once stdin closes. */
const BYSTANDER = `
const [url, handId, token] = process.argv.slice(1);
const latencies = [], failures = {};
let running = true;
process.stdin.on('end', () => (running = false)).resume();
(async () => {
  while (running) {
    for (const [path, headers] of [['/health', {}], ['/hands/' + handId, { Authorization: 'Bearer ' + token }]]) {
      const at = performance.now();
      try {
        const res = await fetch(url + path, { headers, signal: AbortSignal.timeout(30000) });
        const body = await res.text();
        if (path === '/health') latencies.push(performance.now() - at);
        if (res.status !== 200 && res.status !== 304) {
          const key = (res.status + ' ' + ((/"code":"([A-Z_]+)"/.exec(body) || [])[1] || '')).trim();
          failures[key] = (failures[key] || 0) + 1;
        }
      } catch (err) {
        failures[err.name] = (failures[err.name] || 0) + 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write(JSON.stringify({ latencies, failures }));
})();
`;

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** One line per probe, for the fuzz's output and docs/reliability.md. */
export function floodLine(name: string, r: FloodReport): string {
  if (r.socketsOpened === 0 && r.upgradesRefused === 0) {
    return `${name}: no flood, ${r.seconds.toFixed(1)} s; RSS ${r.rssStartMiB.toFixed(0)} MiB; bystander /health p50 ${r.healthP50Ms.toFixed(1)} ms, p99 ${r.healthP99Ms.toFixed(1)} ms, max ${r.healthMaxMs.toFixed(0)} ms`;
  }
  const failures = Object.entries(r.bystanderFailures)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
  return (
    `${name}: ${r.framesSent.toLocaleString('en')} frames sent in ${r.seconds.toFixed(1)} s over ${r.socketsOpened} socket(s) ` +
    `(${r.upgradesRefused} upgrades refused, closes ${[...new Set(r.closeCodes)].join('/')}), ${r.framesAnswered} answered; ` +
    `RSS ${r.rssStartMiB.toFixed(0)} → peak ${r.rssPeakMiB.toFixed(0)} MiB; bystander /health p50 ${r.healthP50Ms.toFixed(1)} ms, ` +
    `p99 ${r.healthP99Ms.toFixed(1)} ms, max ${r.healthMaxMs.toFixed(0)} ms; bystander failures: ${failures || 'none'}`
  );
}

export type ProbePlayer = Player;

/** `n` players, created through the project's API client. */
export async function newProbePlayers(url: string, n: number): Promise<ProbePlayer[]> {
  const client = new KartentischClient(url);
  try {
    const players: ProbePlayer[] = [];
    for (let i = 0; i < n; i++) players.push(await client.createPlayer(`Probe ${i}`));
    return players;
  } finally {
    client.close();
  }
}

/** Four players of its own and a Dobbm table with its first hand dealt, through the API client. */
export async function dealDobbm(url: string): Promise<{ players: ProbePlayer[]; handId: string }> {
  const players = await newProbePlayers(url, 4);
  const client = new KartentischClient(url);
  try {
    const table = await client.createTable(players[0]!, 'dobbm', {});
    let handId = '';
    for (const [seat, p] of players.entries()) handId = (await client.takeSeat(table.id, p, seat)).currentHandId ?? handId;
    return { players, handId };
  } finally {
    client.close();
  }
}

/**
 * A flooder that keeps at it until stopped: a socket, frames that are no JSON as fast as it
 * takes them, and when the socket closes (the server's limits, or the server gone) another.
 * `npm run chaos` runs one through its faults.
 */
export function floodUntilStopped(url: string, token: string, handId: string) {
  const tally = { frames: 0, sockets: 0, refused: 0, closes: {} as Record<string, number> };
  let running = true;
  const loop = (async () => {
    while (running) {
      const ws = await openSocket(url, handId, token);
      if (!ws) {
        tally.refused++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      tally.sockets++;
      ws.on('message', () => undefined);
      const closed = new Promise<number>((resolve) => ws.once('close', resolve));
      while (running && ws.readyState === WebSocket.OPEN) {
        for (let i = 0; i < 200; i++, tally.frames++) ws.send('x');
        while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount > CLIENT_BUFFER)
          await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      if (ws.readyState === WebSocket.OPEN) ws.terminate();
      const code = String(await closed);
      tally.closes[code] = (tally.closes[code] ?? 0) + 1;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return tally;
    },
  };
}

/** A frame as a careless or hostile client may send it: text, JSON of any shape, near-actions, bytes. */
export const hostileFrame = (handId: string, seq: number): fc.Arbitrary<{ text: string } | { bytes: Uint8Array }> =>
  fc.oneof(
    fc.string({ maxLength: 200 }).map((text) => ({ text })),
    fc.json({ maxDepth: 4 }).map((text) => ({ text })),
    fc
      .record(
        {
          ref: fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.constant(null), fc.object()),
          handId: fc.oneof(fc.constant(handId), fc.uuid(), fc.string({ maxLength: 80 }), fc.constant(null), fc.integer()),
          expectedSeq: fc.oneof(fc.constant(seq), fc.integer({ min: -2, max: seq + 2 }), fc.double(), fc.string()),
          action: fc.oneof(
            fc.record(
              { type: fc.constantFrom('bid', 'play', 'double', 'discard', 'x'), bid: fc.string(), card: fc.string() },
              { requiredKeys: ['type'] },
            ),
            fc.object({ maxDepth: 3 }),
          ),
          idempotencyKey: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
        },
        { requiredKeys: [] },
      )
      .map((m) => ({ text: JSON.stringify(m) })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes })),
  );

/**
 * `count` hostile frames (fast-check, from `seed`) on a seat's socket, one at a time, each
 * waiting for its answer: what came back, by problem code, and any 5xx or frame left unanswered.
 */
export async function hostileFrames(
  target: ProbeTarget,
  o: { token: string; handId: string; count: number; seed: number },
): Promise<{ sent: number; answers: number; problems: Record<string, number>; serverErrors: number; unanswered: number }> {
  const r = { sent: 0, answers: 0, problems: {} as Record<string, number>, serverErrors: 0, unanswered: 0 };
  let ws = await openSocket(target.url, o.handId, o.token);
  if (!ws) throw new Error('the socket was refused');
  const frames = fc.sample(hostileFrame(o.handId, 0), { numRuns: o.count, seed: o.seed });
  const inbox: string[] = [];
  let wake: (() => void) | null = null;
  const listen = (socket: WebSocket) =>
    socket.on('message', (data: Buffer) => {
      inbox.push(data.toString());
      wake?.();
    });
  listen(ws);
  const next = (ms: number) =>
    new Promise<string | null>((resolve) => {
      if (inbox.length > 0) return resolve(inbox.shift()!);
      const timer = setTimeout(() => resolve(null), ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve(inbox.shift() ?? null);
      };
    });
  await next(5_000); // the view it opens with
  for (const f of frames) {
    if (ws.readyState !== WebSocket.OPEN) {
      ws = await openSocket(target.url, o.handId, o.token);
      if (!ws) break;
      listen(ws);
      await next(5_000);
    }
    ws.send('bytes' in f ? Buffer.from(f.bytes) : f.text, { binary: 'bytes' in f });
    r.sent++;
    const got = await next(5_000);
    if (got === null) {
      r.unanswered++;
      continue;
    }
    const msg = JSON.parse(got) as { answer?: unknown; problem?: { status: number; code: string } };
    if (msg.problem) {
      r.problems[msg.problem.code] = (r.problems[msg.problem.code] ?? 0) + 1;
      if (msg.problem.status >= 500) r.serverErrors++;
    } else r.answers++;
  }
  ws?.terminate();
  return r;
}
