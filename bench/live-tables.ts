import pg from 'pg';
import type { WebSocket } from 'ws';
import { KartentischClient, ProblemError, type Game, type HandView, type Player } from '../scripts/lib/api-client.js';
import { SeatBot } from '../scripts/lib/http-bot.js';
import { seededRng } from '../src/engine/core/rng.js';
import { etagOf } from '../src/hands/conditional.js';

/**
 * The live-tables shape of `npm run bench:api`: players as the web page has them.
 * Every seat of every table is its own client (its own token and kept-alive connection) that
 * follows its hand — with its stream (`GET /hands/{id}/stream`, as web/src/table/follow.ts
 * does) or with the long poll (`If-None-Match: "<seq>"` + `Prefer: wait=25`, its fallback) —
 * and acts when its view says it is its turn; a finished hand's view names the next hand,
 * which every seat then follows.
 *
 * The wake-up latency of an action is the time until every seat of the table holds a view at
 * that seq or later. The client cannot see the commit itself, so it is measured three ways:
 * from the moment the POST was sent (an upper bound: it includes the POST's own work and its
 * wait for the CPU), from the moment its answer arrived (a lower bound: the commit came before
 * it; 0 if every other seat had it already), and from the event's own time (`wakeFromCommit`).
 */

export interface LiveSpec {
  game: Game;
  rules: Record<string, unknown>;
  seats: number;
}

export interface LiveStats {
  seconds: number;
  tables: number;
  seats: number;
  actions: number;
  hands: number;
  stale: number;
  errors: string[];
  /** New views delivered after the first (long-poll answers with a view, stream lines); 304s after the whole wait. */
  wakes: number;
  timeouts: number;
  wakeUpper: number[];
  wakeLower: number[];
  /** Every action that reached every seat: when the last seat had it, in ms since the epoch. */
  settled: Settled[];
  act: number[];
}

export interface Settled {
  handId: string;
  seq: number;
  at: number;
}

/** The long poll's wait, as the web page asks for it. */
const WAIT_SECONDS = 25;

/** One action waiting to reach every seat. */
interface InFlight {
  handId: string;
  seq: number;
  sentAt: number;
  answeredAt: number;
  /** Seats that do not hold this seq yet. */
  missing: Set<number>;
  /** When the last of the others got it (so far). */
  lastArrival: number;
}

class LiveTable {
  private readonly held = new Map<number, { handId: string; seq: number }>();
  private readonly inFlight: InFlight[] = [];

  constructor(
    readonly bots: SeatBot[],
    private readonly stats: LiveStats,
  ) {}

  /** A seat now holds (handId, seq): the actions it completes are counted when every seat has them. */
  arrived(seat: number, handId: string, seq: number, at: number): void {
    const before = this.held.get(seat);
    if (before && before.handId !== handId) this.settleHand(seat, before.handId, at);
    this.held.set(seat, { handId, seq });
    this.settle(seat, handId, seq, at);
  }

  posted(seat: number, handId: string, seq: number, sentAt: number, answeredAt: number): void {
    const missing = new Set<number>();
    const lastArrival = answeredAt;
    for (const b of this.bots) {
      if (b.seat === seat) continue;
      const h = this.held.get(b.seat);
      if (!h || h.handId !== handId || h.seq < seq) missing.add(b.seat);
    }
    const flight: InFlight = { handId, seq, sentAt, answeredAt, missing, lastArrival };
    if (missing.size === 0) this.record(flight);
    else this.inFlight.push(flight);
    this.held.set(seat, { handId, seq });
  }

  private settle(seat: number, handId: string, seq: number, at: number): void {
    for (let i = this.inFlight.length - 1; i >= 0; i--) {
      const f = this.inFlight[i]!;
      if (f.handId !== handId || f.seq > seq || !f.missing.delete(seat)) continue;
      f.lastArrival = Math.max(f.lastArrival, at);
      if (f.missing.size === 0) {
        this.record(f);
        this.inFlight.splice(i, 1);
      }
    }
  }

  /** A seat that moved on to the next hand had every view of the last one. */
  private settleHand(seat: number, handId: string, at: number): void {
    this.settle(seat, handId, Number.MAX_SAFE_INTEGER, at);
  }

  private record(f: InFlight): void {
    this.stats.wakeUpper.push(f.lastArrival - f.sentAt);
    this.stats.wakeLower.push(Math.max(0, f.lastArrival - f.answeredAt));
    this.stats.settled.push({ handId: f.handId, seq: f.seq, at: performance.timeOrigin + f.lastArrival });
  }
}

export interface LiveTables {
  tables: { tableId: string; handId: string; bots: SeatBot[] }[];
  /** Closes every seat's connection. */
  close: () => void;
}

/** Seats `count` tables (players, table, every seat taken), each seat with its own client. */
export async function seatLiveTables(
  url: string,
  count: number,
  specs: readonly LiveSpec[],
  seed: number,
  keyed = false,
): Promise<LiveTables> {
  const clients: KartentischClient[] = [];
  const tables: LiveTables['tables'] = [];
  const setup = new KartentischClient(url);
  try {
    for (let i = 0; i < count; i++) {
      const spec = specs[i % specs.length]!;
      const players: Player[] = [];
      for (let s = 0; s < spec.seats; s++) players.push(await setup.createPlayer(`live${i}-${s}`));
      const table = await setup.createTable(players[0]!, spec.game, spec.rules);
      let handId = '';
      for (const [seat, p] of players.entries()) handId = (await setup.takeSeat(table.id, p, seat)).currentHandId ?? handId;
      const rng = seededRng(seed + i);
      const bots = players.map((p, seat) => {
        const api = new KartentischClient(url);
        clients.push(api);
        return new SeatBot(api, p, seat, spec.game, rng, keyed);
      });
      tables.push({ tableId: table.id, handId, bots });
    }
  } finally {
    setup.close();
  }
  return { tables, close: () => clients.forEach((c) => c.close()) };
}

/**
 * Plays the seated tables live for `seconds`, then closes every seat's connection: the long
 * polls still open end with a network error, which `stop` says to ignore. (One AbortSignal
 * passed to every request would collect a listener per request.)
 */
export async function playLive(seated: LiveTables, seconds: number, mode: LiveFollow): Promise<LiveStats> {
  const stats: LiveStats = {
    seconds: 0,
    tables: seated.tables.length,
    seats: 0,
    actions: 0,
    hands: 0,
    stale: 0,
    errors: [],
    wakes: 0,
    timeouts: 0,
    wakeUpper: [],
    wakeLower: [],
    settled: [],
    act: [],
  };
  const stop = new AbortController();
  const t0 = performance.now();
  const timer = setTimeout(() => {
    stop.abort();
    seated.close();
  }, seconds * 1000);
  const handsDone = new Set<string>();
  await Promise.all(
    seated.tables.flatMap((t) => {
      const table = new LiveTable(t.bots, stats);
      stats.seats += t.bots.length;
      return t.bots.map((bot) =>
        mode === 'table'
          ? followTable(bot, t.tableId, table, stats, handsDone, stop.signal)
          : followSeat(bot, t.handId, table, stats, handsDone, stop.signal, mode),
      );
    }),
  );
  clearTimeout(timer);
  stats.seconds = (performance.now() - t0) / 1000;
  return stats;
}

/**
 * The wake-up from the commit: when each settled action reached its last seat, less its event's
 * `created_at` — the server's clock read as it decided the action, before the one statement
 * that appends and commits it, so this counts the statement too (an upper bound by that much,
 * and by the column's millisecond). The server runs on this machine: one clock for both.
 */
export async function wakeFromCommit(dbUrl: string, settled: readonly Settled[]): Promise<number[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const hands = [...new Set(settled.map((s) => s.handId))];
    const { rows } = await db.query<{ hand_id: string; seq: number; at: number }>(
      'SELECT hand_id, seq, (extract(epoch FROM created_at) * 1000)::float8 AS at FROM events WHERE hand_id = ANY($1::uuid[])',
      [hands],
    );
    const committed = new Map(rows.map((r) => [`${r.hand_id}/${r.seq}`, r.at]));
    return settled.map((s) => {
      const at = committed.get(`${s.handId}/${s.seq}`);
      if (at === undefined) throw new Error(`live tables: no event ${s.seq} of hand ${s.handId} in the database`);
      return s.at - at;
    });
  } finally {
    await db.end();
  }
}

/**
 * How a seat learns of the others' actions: the long poll, the per-seat NDJSON stream, the hand's
 * WebSocket (acting on it too), or the table's, one socket for every hand of the session.
 */
export type LiveFollow = 'poll' | 'stream' | 'socket' | 'table';

async function followSeat(
  bot: SeatBot,
  firstHandId: string,
  table: LiveTable,
  stats: LiveStats,
  handsDone: Set<string>,
  signal: AbortSignal,
  mode: Exclude<LiveFollow, 'table'>,
): Promise<void> {
  let handId: string | null = firstHandId;
  while (handId && !signal.aborted) {
    try {
      handId = await { stream: byStream, poll: byLongPoll, socket: bySocket }[mode](bot, handId, table, stats, handsDone, signal);
    } catch (err) {
      if (signal.aborted) return;
      counted(stats, err); // then read the view afresh
    }
  }
}

/** A seat's connection failed: counted, and the run given up after 20. */
function counted(stats: LiveStats, err: unknown): void {
  stats.errors.push(err instanceof Error ? err.message : String(err));
  if (stats.errors.length > 20) throw new Error(`live tables: too many errors, the first: ${stats.errors[0]}`, { cause: err });
}

type Follow = (
  bot: SeatBot,
  handId: string,
  table: LiveTable,
  stats: LiveStats,
  handsDone: Set<string>,
  signal: AbortSignal,
) => Promise<string | null>;

/** Follows one hand with the long poll to its end; answers the next hand's id (null: the session ended). */
const byLongPoll: Follow = async (bot, handId, table, stats, handsDone, signal) => {
  let held: { view: HandView; etag: string } | null = null;
  while (!signal.aborted) {
    const answer = await bot.api.follow(handId, bot.player, held?.etag ?? null, WAIT_SECONDS);
    if (!answer) {
      stats.timeouts++;
      continue;
    }
    if (held) stats.wakes++;
    table.arrived(bot.seat, handId, answer.view.seq, performance.now());
    const view = await playTurns(bot, handId, answer.view, table, stats, signal);
    held = { view, etag: etagOf(view as unknown as Record<string, unknown>) };
    if (view.status !== 'active') return handEnded(handId, view, stats, handsDone);
  }
  return null;
};

/** Follows one hand with its stream, reconnecting with `after` if the server ends it early. */
const byStream: Follow = async (bot, handId, table, stats, handsDone, signal) => {
  let held: HandView | null = null;
  while (!signal.aborted) {
    for await (const line of bot.api.stream(handId, bot.player, held?.seq)) {
      if (signal.aborted) return null;
      if (held) stats.wakes++;
      table.arrived(bot.seat, handId, line.seq, performance.now());
      // The line of its own action repeats what the POST answered.
      if (held && line.seq <= held.seq && line.status === held.status) continue;
      held = await playTurns(bot, handId, line, table, stats, signal);
      if (held.status !== 'active') return handEnded(handId, held, stats, handsDone);
    }
  }
  return null;
};

/**
 * Follows one hand on its WebSocket and acts on it: each view or answer that makes it the seat's
 * turn sends one action (none while one is unanswered); a refused action waits for the next view.
 */
const bySocket: Follow = (bot, handId, table, stats, handsDone, signal) =>
  onSocket(bot.api.socket(handId, bot.player), handId, bot, table, stats, handsDone, signal);

/** Follows the table's hands on its WebSocket until the session ends; reconnects if the server closes it early. */
async function followTable(
  bot: SeatBot,
  tableId: string,
  table: LiveTable,
  stats: LiveStats,
  handsDone: Set<string>,
  signal: AbortSignal,
): Promise<void> {
  for (let again = true; again && !signal.aborted;) {
    try {
      again = (await onSocket(bot.api.tableSocket(tableId, bot.player), null, bot, table, stats, handsDone, signal)) !== null;
    } catch (err) {
      if (signal.aborted) return;
      counted(stats, err);
    }
  }
}

/**
 * Plays on a WebSocket: each view or answer that makes it the seat's turn sends one action (none
 * while one is unanswered); a refused action waits for the next view. A hand's socket (`only`)
 * closes with its hand: answers the next hand. A table's goes on with the next hand; its
 * actions name their hand, and it answers null once the session is over.
 */
function onSocket(
  ws: WebSocket,
  only: string | null,
  bot: SeatBot,
  table: LiveTable,
  stats: LiveStats,
  handsDone: Set<string>,
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let held: HandView | null = null;
    let sentAt: number | null = null;
    let next: string | null = only; // where to go when a hand's socket closes: this hand again, unless it ended
    const take = (view: HandView, now: number) => {
      if (!held || view.id !== held.id || view.seq > held.seq || view.status !== held.status) held = view;
      if (held.status !== 'active') {
        next = handEnded(held.id, held, stats, handsDone);
        return;
      }
      if (sentAt === null && held.toAct.includes(bot.seat) && (held.legalActions?.length ?? 0) > 0) {
        sentAt = now;
        const action = bot.choose(held);
        const key = bot.keyFor(held.id, held.seq);
        ws.send(JSON.stringify({ ...(only ? {} : { handId: held.id }), expectedSeq: held.seq, action, idempotencyKey: key }));
      }
    };
    ws.on('message', (data: Buffer) => {
      const now = performance.now();
      const msg = JSON.parse(data.toString()) as { view?: HandView; answer?: HandView; problem?: { code: string; detail: string } };
      if (msg.view) {
        if (held && held.id === msg.view.id) stats.wakes++;
        table.arrived(bot.seat, msg.view.id, msg.view.seq, now);
        take(msg.view, now);
      } else if (msg.answer) {
        stats.act.push(now - sentAt!);
        stats.actions++;
        table.posted(bot.seat, msg.answer.id, msg.answer.seq, sentAt!, now);
        sentAt = null;
        take(msg.answer, now);
      } else if (msg.problem) {
        sentAt = null;
        if (msg.problem.code === 'STALE_SEQ') stats.stale++;
        else stats.errors.push(`${msg.problem.code}: ${msg.problem.detail}`);
      }
    });
    ws.once('error', (err) => (signal.aborted ? resolve(null) : reject(err)));
    // At the end `playLive` closes every client, and with it this socket. A table's socket closed
    // with 1000 ended its session; any other close is reconnected (the table's current hand).
    ws.once('close', (code: number) => resolve(signal.aborted ? null : only ? next : code === 1000 ? null : 'again'));
  });
}

/** Its turn (possibly several times in a row, e.g. leading after taking a trick): act; answers the latest view. */
async function playTurns(
  bot: SeatBot,
  handId: string,
  view: HandView,
  table: LiveTable,
  stats: LiveStats,
  signal: AbortSignal,
): Promise<HandView> {
  while (!signal.aborted && view.status === 'active' && view.toAct.includes(bot.seat) && (view.legalActions?.length ?? 0) > 0) {
    const sentAt = performance.now();
    view = await actCounted(bot, handId, view, stats);
    const answeredAt = performance.now();
    stats.act.push(answeredAt - sentAt);
    stats.actions++;
    table.posted(bot.seat, handId, view.seq, sentAt, answeredAt);
  }
  return view;
}

/** Counts the hand once (every seat sees its end) and answers where the table went on. */
function handEnded(handId: string, view: HandView, stats: LiveStats, handsDone: Set<string>): string | null {
  if (!handsDone.has(handId)) {
    handsDone.add(handId);
    stats.hands++;
  }
  return view.nextHandId ?? null;
}

/** SeatBot.act, counting the 409 STALE_SEQ it rides out. */
async function actCounted(bot: SeatBot, handId: string, view: HandView, stats: LiveStats): Promise<HandView> {
  try {
    return await bot.act(handId, view);
  } catch (err) {
    if (err instanceof ProblemError && err.code === 'STALE_SEQ') stats.stale++;
    throw err;
  }
}
