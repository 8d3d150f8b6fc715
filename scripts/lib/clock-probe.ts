import pg from 'pg';
import { KartentischClient, type Action, type HandView, type Player } from './api-client.js';

/**
 * The turn clock under attack, for `npm run chaos`: a Dobbm table whose four people each act once
 * per hand — the first time it is their turn, with an Idempotency-Key shaped like the ones a
 * substitute or a bot once used for a seat's next turn (`substitute-<seq>`, `bot-<seq>`,
 * `substitute:<hand>:<seq>`) — and never again in that hand: every other decision is left to
 * their substitutes. The probe follows the hand as the auditor and measures how long after each
 * deadline the seat was played. `blip` is a database blip during a clock: it holds the hand row's
 * lock until a move of the service waits on it, terminates all of the service's connections, lets
 * go, and measures how long the hand takes to move on.
 */
export interface ClockReport {
  /** Decisions played by a substitute after a deadline the probe saw. */
  played: number;
  /** Actions sent with a planted key. */
  planted: number;
  /** How long after its deadline each such decision was played, ms, with the deadline's time. */
  lateness: { deadline: number; ms: number }[];
  /** Whether the hand stood past its deadline for more than STUCK_MS when the probe stopped. */
  stuck: boolean;
}

export interface ClockProbe {
  blip(): Promise<{ movedAfterMs: number | null; terminated: number } | null>;
  stop(): Promise<ClockReport>;
}

const POLL_MS = 100;
/** A seat not played this long after its deadline counts as stuck. */
export const STUCK_MS = 30_000;

/** Keys a client might send to take the place of its substitute's or a bot's move at `seq`. */
const plantedKey = (form: number, handId: string, seq: number): string =>
  [`substitute-${seq}`, `bot-${seq}`, `substitute:${handId}:${seq}`][form % 3]!;

export async function startClockProbe(
  url: string,
  opts: { databaseUrl: string; auditToken: string; applicationName: string; turnSeconds: number },
): Promise<ClockProbe> {
  const client = new KartentischClient(url, undefined, 2, { forMs: 120_000 });
  const auditor: Player = { id: '', name: 'auditor', token: opts.auditToken };
  const players: Player[] = [];
  for (let s = 0; s < 4; s++) players.push(await client.createPlayer(`Clock ${s}`));
  const table = await client.call('POST /tables', () =>
    client.api.POST('/tables', {
      body: { game: 'dobbm', rules: { players: 4 }, turnSeconds: opts.turnSeconds },
      headers: { Authorization: `Bearer ${players[0]!.token}` },
    }),
  );
  let handId = '';
  for (const [seat, p] of players.entries()) handId = (await client.takeSeat(table.id, p, seat)).currentHandId ?? handId;

  const report: ClockReport = { played: 0, planted: 0, lateness: [], stuck: false };
  let stopping = false;
  let hands = 0;
  /** What the probe saw last: the hand, its seq and that seq's deadline. */
  let last: { handId: string; seq: number; deadline: number | null } = { handId, seq: -1, deadline: null };
  let planted = new Set<number>();
  /** The seat to act as last seen; while a blip holds the lock, nobody here acts. */
  let toAct: number | undefined;
  let blipping = false;

  const tick = async (): Promise<void> => {
    const view = (await client.view(handId, auditor)) as HandView & { deadline?: string | null; nextHandId?: string };
    if (view.status !== 'active') {
      const next = view.nextHandId ?? (await client.table(table.id)).currentHandId;
      if (next && next !== handId) {
        handId = next;
        hands++;
        planted = new Set();
      }
      return;
    }
    if (last.handId === handId && view.seq === last.seq + 1 && last.deadline !== null) {
      const events = await fetch(`${url}/hands/${handId}/events`, { headers: { Authorization: `Bearer ${opts.auditToken}` } });
      const log = events.ok ? ((await events.json()) as { seq: number; by?: string; createdAt: string }[]) : [];
      const e = log.find((x) => x.seq === view.seq);
      if (e?.by === 'substitute') {
        report.played++;
        report.lateness.push({ deadline: last.deadline, ms: Date.parse(e.createdAt) - last.deadline });
      }
    }
    last = { handId, seq: view.seq, deadline: view.deadline ? Date.parse(view.deadline) : null };
    const seat = view.toAct[0];
    toAct = seat;
    if (seat === undefined || planted.has(seat) || blipping) return;
    // This seat's one action of the hand, with a key for its next turn (a round later) planted.
    planted.add(seat);
    const own = await client.view(handId, players[seat]!);
    const legal = (own.legalActions ?? []) as (Action & { seat?: number })[];
    if (own.seq !== view.seq || legal.length === 0) return;
    // A bid rather than a pass where there is one: four passes would throw the hand in at once.
    const { seat: _seat, ...action } = legal.find((a) => a.type === 'bid' && a.bid !== 'pass') ?? legal[0]!;
    try {
      await client.act(handId, players[seat]!, own.seq, action as Action, plantedKey(hands + seat, handId, own.seq + 4));
      report.planted++;
      last = { handId, seq: -1, deadline: null }; // its own move: no substitute's to time
    } catch {
      // The clock ran out meanwhile (409), or a fault: the substitute plays this one.
    }
  };

  /**
   * Holds the hand row's lock until one of the service's statements waits on it (a move under
   * way), then terminates all of the service's connections and lets go; null when no move came.
   */
  const terminateDuringMove = async (locked: string): Promise<{ seq: number; terminated: number } | null> => {
    const admin = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'kartentisch-chaos-clock' });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await admin.query('BEGIN');
      const row = await admin.query<{ seq: number }>(`SELECT seq FROM hands WHERE id = $1 AND status = 'active' FOR UPDATE`, [locked]);
      if (row.rows.length === 0) return null;
      let waiting = false;
      for (const end = Date.now() + opts.turnSeconds * 1000 + 5000; !waiting && Date.now() < end;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [opts.applicationName],
        );
        waiting = rows[0]!.n > 0;
      }
      if (!waiting) return null;
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1`,
        [opts.applicationName],
      );
      return { seq: row.rows[0]!.seq, terminated: rows[0]!.n };
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        await tick();
      } catch {
        // A fault of the service (a kill round, a restart): the next tick looks again.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  return {
    blip: async () => {
      // A substitute's move next: the seat to act has had its one action of the hand.
      blipping = true;
      for (const end = Date.now() + 10_000; (toAct === undefined || !planted.has(toAct)) && Date.now() < end;)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const locked = handId;
      const caught = await terminateDuringMove(locked).finally(() => (blipping = false));
      if (!caught) return null;
      const released = Date.now();
      for (const end = released + STUCK_MS; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, POLL_MS))) {
        if (handId !== locked || last.seq > caught.seq) return { movedAfterMs: Date.now() - released, terminated: caught.terminated };
      }
      return { movedAfterMs: null, terminated: caught.terminated };
    },
    stop: async () => {
      stopping = true;
      await loop;
      const view = (await client.view(handId, auditor).catch(() => null)) as (HandView & { deadline?: string | null }) | null;
      report.stuck = !!view?.deadline && view.status === 'active' && Date.now() - Date.parse(view.deadline) > STUCK_MS;
      client.close();
      return report;
    },
  };
}
