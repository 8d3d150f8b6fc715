import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BotRunner, type BotTurn } from '../src/bots/bot-runner.js';
import type { SeatView } from '../src/solvers/search/strategy.js';
import { bearer, ownDatabase, startApp, AUDIT_TOKEN, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';
import { openSocket } from './support/socket.testkit.js';
import { listening, openStream } from './support/stream.testkit.js';

/**
 * `GET /metrics` through HTTP on a database of this file's own (its clocks must run out under
 * no other file's app): no route without METRICS_TOKEN, the scraper's token only, the Prometheus
 * text format; the request histogram, the live connections, and the bot and substitute counters
 * move when the service does what they count.
 */
const METRICS_TOKEN = 'metrics-scraper-token-0123456789abcdef';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

/** The Prometheus text format (version 0.0.4), strictly enough that a malformed line fails the test. */
function parse(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) labels[key!] = value!;
    // As Prometheus reads a value (Go's ParseFloat): NaN and ±Inf in any case; prom-client writes
    // `Nan` for the event-loop figures before they have a sample.
    const raw = sample[3]!;
    const value = /^[+-]?inf$/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : /^nan$/i.test(raw) ? NaN : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`not a number: ${line}`);
    samples.push({ name: sample[1]!, labels, value });
  }
  return { types, samples };
}

/** The one sample of `name` whose labels include `labels` (0 when there is none yet). */
function valueOf(e: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(t: TestApp): Promise<Exposition> {
  const res = await t.http.get('/metrics').set(bearer(METRICS_TOKEN)).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

/** A Dobbm table of four people with a clock; the fourth seat deals. */
async function clockTable(t: TestApp, players: Player[], turnSeconds: number): Promise<{ tableId: string; handId: string }> {
  const table = await t.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm', turnSeconds }).expect(201);
  let handId = '';
  for (const [seat, p] of players.entries()) {
    const res = await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
    if (res.body.currentHandId) handId = res.body.currentHandId;
  }
  return { tableId: table.body.id as string, handId };
}

describe('GET /metrics (Prometheus)', () => {
  let db: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;

  beforeAll(async () => {
    db = await ownDatabase('metrics');
    t = await startApp({ DATABASE_URL: db.url, METRICS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('is no route without METRICS_TOKEN, the default', async () => {
    const off = await startApp({ DATABASE_URL: db.url });
    try {
      const res = await off.http.get('/metrics').set(bearer(METRICS_TOKEN));
      expect([res.status, res.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    } finally {
      await off.close();
    }
  });

  it('answers the scraper only: no token, a wrong one or the auditor’s is 401', async () => {
    const none = await t.http.get('/metrics');
    expect([none.status, none.body.code]).toEqual([401, 'TOKEN_MISSING']);
    const wrong = await t.http.get('/metrics').set(bearer(METRICS_TOKEN.replace('0', '1')));
    expect([wrong.status, wrong.body.code]).toEqual([401, 'TOKEN_INVALID']);
    const auditor = await t.http.get('/metrics').set(bearer(AUDIT_TOKEN));
    expect([auditor.status, auditor.body.code]).toEqual([401, 'TOKEN_INVALID']);
    // An operator's endpoint: not in the players' API document (nor, so, in what the fuzzer draws from).
    const doc = await t.http.get('/docs-json').expect(200);
    expect(Object.keys(doc.body.paths as object)).not.toContain('/metrics');
  });

  it('answers the text format, every metric typed, Node’s own under the prefix; requests are timed by route pattern', async () => {
    const before = await scrape(t);
    expect(before.types.get('kartentisch_http_request_duration_seconds')).toBe('histogram');
    expect(before.types.get('kartentisch_live_connections')).toBe('gauge');
    expect(before.types.get('kartentisch_bot_strong_decisions_total')).toBe('counter');
    expect(before.types.get('kartentisch_substitute_moves_total')).toBe('counter');
    expect(before.types.get('kartentisch_hands_parked_total')).toBe('counter');
    expect(before.types.get('kartentisch_job_queue_jobs')).toBe('gauge');
    expect(before.types.get('kartentisch_job_queue_oldest_queued_age_seconds')).toBe('gauge');
    expect(before.types.get('kartentisch_process_cpu_seconds_total')).toBe('counter');
    expect(before.types.get('kartentisch_nodejs_eventloop_lag_seconds')).toBe('gauge');
    for (const name of before.types.keys()) expect(name).toMatch(/^kartentisch_/);
    // A counter has a number from the start.
    expect(valueOf(before, 'kartentisch_hands_parked_total')).toBe(0);
    expect(Number.isFinite(valueOf(before, 'kartentisch_process_cpu_seconds_total'))).toBe(true);
    // The audit's queues are there once pg-boss has made them (this app's in-process worker does at start).
    for (let i = 0; i < 50 && !before.samples.some((s) => s.name === 'kartentisch_job_queue_jobs'); i++) {
      await sleep(100);
      Object.assign(before, await scrape(t));
    }
    expect(valueOf(before, 'kartentisch_job_queue_jobs', { queue: 'collusion-audit', state: 'queued' })).toBe(0);
    expect(valueOf(before, 'kartentisch_job_queue_oldest_queued_age_seconds', { queue: 'collusion-audit' })).toBe(0);

    const games = { method: 'GET', route: '/games', status_class: '2xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    for (let i = 0; i < 3; i++) await t.http.get('/games').expect(200);
    await t.http.get('/no/such/route/4711').expect(404);
    const after = await scrape(t);
    const count = 'kartentisch_http_request_duration_seconds_count';
    expect(valueOf(after, count, games) - valueOf(before, count, games)).toBe(3);
    expect(valueOf(after, count, unmatched) - valueOf(before, count, unmatched)).toBe(1);
    expect(valueOf(after, 'kartentisch_http_request_duration_seconds_bucket', { ...games, le: '+Inf' })).toBe(valueOf(after, count, games));
    expect(valueOf(after, 'kartentisch_http_request_duration_seconds_sum', games)).toBeGreaterThan(0);
    // A route's pattern, never the URL a client sent.
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].some((r) => r!.includes('4711'))).toBe(false);
  });

  it('leaves the queue out of a scrape when the database does not answer about it in time, and answers the rest', async () => {
    const locker = await t.sql.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const e = await scrape(t);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(e.samples.some((s) => s.name.startsWith('kartentisch_job_queue'))).toBe(false);
      expect(e.types.get('kartentisch_substitute_moves_total')).toBe('counter');
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    expect((await scrape(t)).samples.some((s) => s.name === 'kartentisch_job_queue_jobs')).toBe(true);
  });

  it('counts the open sockets, streams and lobby feeds by kind, and not as requests', async () => {
    const base = await listening(t);
    const players = await newPlayers(t, 4, 'Live');
    const { tableId, handId } = await clockTable(t, players, 600);
    const token = players[0]!.token;
    const hand = await openSocket(base, handId, token);
    const table = await openSocket(base, handId, token, { path: `/tables/${tableId}/socket` });
    const stream = await openStream(base, handId, token);
    const abort = new AbortController();
    const feed = await fetch(`${base}/lobby/feed`, { signal: abort.signal });
    expect([hand.status, table.status, stream.status, feed.status]).toEqual([101, 101, 200, 200]);
    const live = (e: Exposition) =>
      ['hand_socket', 'table_socket', 'hand_stream', 'lobby_feed'].map((kind) => valueOf(e, 'kartentisch_live_connections', { kind }));
    expect(live(await scrape(t))).toEqual([1, 1, 1, 1]);
    hand.close();
    table.close();
    stream.close();
    abort.abort();
    let now = await scrape(t);
    for (let i = 0; i < 50 && live(now).some((n) => n > 0); i++) {
      await sleep(100);
      now = await scrape(t);
    }
    expect(live(now)).toEqual([0, 0, 0, 0]);
    const timed = new Set(now.samples.filter((s) => s.name.startsWith('kartentisch_http_request_duration')).map((s) => s.labels.route));
    for (const route of ['/hands/:id/socket', '/tables/:id/socket', '/hands/:id/stream', '/lobby/feed'])
      expect(timed.has(route)).toBe(false);
  });

  it('counts a hand parked because its substitute was refused', async () => {
    const players = await newPlayers(t, 4, 'Park');
    const bots = t.app.get(BotRunner);
    const choose = bots.choose;
    const { handId } = await clockTable(t, players, 1);
    // This hand's substitute chooses a card during the bidding: the rules refuse it, and the hand is parked.
    bots.choose = (turn: BotTurn, view: SeatView) =>
      turn.handId === handId ? { type: 'play', card: (view.hand as string[])[0]! } : choose(turn, view);
    try {
      const start = await scrape(t);
      let parked = 0;
      for (let i = 0; i < 60 && parked < 1; i++) {
        await sleep(100);
        parked = valueOf(await scrape(t), 'kartentisch_hands_parked_total', {}) - valueOf(start, 'kartentisch_hands_parked_total', {});
      }
      expect(parked).toBeGreaterThanOrEqual(1);
    } finally {
      bots.choose = choose;
    }
  }, 30_000);

  it('counts substitute moves, and strong decisions answered by the beginner when more wait than the workers take', async () => {
    // Twelve clocks run out while no instance is up; the instance that starts then finds them all
    // due in its first sweep, and twelve decisions ask its one worker, still starting, at once:
    // past eight waiting, the beginner answers at once.
    const players = await newPlayers(t, 4, 'Sub');
    const hands: string[] = [];
    for (let i = 0; i < 12; i++) hands.push((await clockTable(t, players, 4)).handId);
    const start = await scrape(t);
    await t.close();
    await sleep(4500);
    t = await startApp({ DATABASE_URL: db.url, METRICS_TOKEN });
    const moved = async () =>
      (
        await Promise.all(
          hands.map(async (id) => (await t.http.get(`/hands/${id}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body.length as number),
        )
      ).every((n) => n > 1);
    for (let i = 0; i < 100 && !(await moved()); i++) await sleep(100);
    expect(await moved()).toBe(true);
    const end = await scrape(t);
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(end, name, labels) - valueOf(start, name, labels);
    expect(delta('kartentisch_substitute_moves_total')).toBeGreaterThanOrEqual(12);
    const beginner = delta('kartentisch_bot_strong_decisions_total', { answered_by: 'beginner' });
    const searched = delta('kartentisch_bot_strong_decisions_total', { answered_by: 'search' });
    expect(beginner).toBeGreaterThanOrEqual(1);
    expect(beginner + searched).toBeGreaterThanOrEqual(12);
  }, 30_000);
});
