import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { KartentischClient, ProblemError, type Action, type Game, type HandView, type Player } from './api-client.js';
import { playHand, SeatBot } from './http-bot.js';
import { seededRng } from '../../src/engine/core/rng.js';
import { sha256Hex } from '../../src/events/canonical.js';

/**
 * The load and the reckoning of a chaos run (`npm run chaos`, test/chaos*.e2e.spec.ts): bot
 * tables play through the public HTTP API with idempotent retries while faults are injected;
 * afterwards the database is checked against every answer the bots were given.
 */

/** An action the service answered 200: it must be in the log at `seq`, once. */
interface Ack {
  handId: string;
  seq: number;
  playerId: string;
  key: string;
}

/** How long a bot keeps repeating one request through faults (a kill round and a restart fit). */
const RETRY_FOR_MS = 120_000;

/** A bot's connection: every action carries a fresh Idempotency-Key and is repeated until answered. */
class ChaosClient extends KartentischClient {
  constructor(
    url: string,
    private readonly sink: LoadRecord,
  ) {
    super(url, undefined, 1, { forMs: RETRY_FOR_MS, onTransient: (err) => sink.transient(err) });
  }

  override async act(handId: string, player: Player, expectedSeq: number, action: Action): Promise<HandView> {
    const key = randomUUID();
    const view = await super.act(handId, player, expectedSeq, action, key);
    this.sink.acks.push({ handId, seq: view.seq, playerId: player.id, key });
    return view;
  }
}

/** What the bots saw: the acknowledged actions and the faults they retried through. */
class LoadRecord {
  readonly acks: Ack[] = [];
  /** Retried errors by kind: `503 DATABASE_UNAVAILABLE`, `network`, … */
  readonly faults = new Map<string, number>();
  /** 503 answers without Retry-After (the contract says every one has it). */
  missingRetryAfter = 0;

  transient(err: Error): void {
    const kind = err instanceof ProblemError ? `${err.status} ${err.code}` : 'network';
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1);
    if (err instanceof ProblemError && !err.retryAfter) this.missingRetryAfter++;
  }
}

interface TableSpec {
  game: Game;
  rules: Record<string, unknown>;
  seats: number;
}

/** The tables in turn: all three games, so every engine's write path is under fault. */
const TABLES: TableSpec[] = [
  { game: 'dobbm', rules: { players: 4 }, seats: 4 },
  { game: 'doppelkopf', rules: {}, seats: 4 },
  { game: 'droggn', rules: { players: 3 }, seats: 3 },
  { game: 'dobbm', rules: { players: 5 }, seats: 5 },
];

export interface Load {
  record: LoadRecord;
  tableIds: string[];
  /** Hands finished so far, over all tables. */
  handsPlayed(): number;
  /** Stops between actions (an action under way is carried through) and reports the bots' errors. */
  stop(): Promise<Error[]>;
}

/**
 * Opens `tables` tables (set up before any fault) and keeps their bots playing hand after hand
 * until `stop`. Each seat is its own client with its own connection.
 */
export async function startLoad(url: string, opts: { tables: number; seed: number }): Promise<Load> {
  const record = new LoadRecord();
  const setup = new KartentischClient(url);
  const tables: { id: string; firstHand: string; bots: SeatBot[]; clients: ChaosClient[] }[] = [];
  try {
    for (let i = 0; i < opts.tables; i++) {
      const spec = TABLES[i % TABLES.length]!;
      const players: Player[] = [];
      for (let s = 0; s < spec.seats; s++) players.push(await setup.createPlayer(`Chaos ${i}-${s}`));
      const table = await setup.createTable(players[0]!, spec.game, spec.rules);
      let firstHand: string | undefined;
      for (const [seat, p] of players.entries()) firstHand = (await setup.takeSeat(table.id, p, seat)).currentHandId ?? firstHand;
      if (!firstHand) throw new Error(`table ${table.id} dealt no hand`);
      const rng = seededRng(opts.seed + i);
      const clients = players.map(() => new ChaosClient(url, record));
      tables.push({
        id: table.id,
        firstHand,
        clients,
        bots: players.map((p, seat) => new SeatBot(clients[seat]!, p, seat, spec.game, rng)),
      });
    }
  } finally {
    setup.close();
  }
  let stopping = false;
  let hands = 0;
  const runs = tables.map(async (t): Promise<Error | null> => {
    try {
      for (let handId: string | null = t.firstHand; handId && !stopping;) {
        const played = await playHand(handId, t.bots, { shouldStop: () => stopping });
        if (played.finished) hands++;
        handId = played.nextHandId;
      }
      return null;
    } catch (err) {
      return new Error(`table ${t.id}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      for (const c of t.clients) c.close();
    }
  });
  return {
    record,
    tableIds: tables.map((t) => t.id),
    handsPlayed: () => hands,
    stop: async () => {
      stopping = true;
      return (await Promise.all(runs)).filter((e): e is Error => e !== null);
    },
  };
}

export interface Reckoning {
  acknowledged: number;
  /** Acknowledged actions not in the log at their seq. */
  lost: number;
  /** Log entries claimed by two answers, or a command written twice. */
  duplicated: number;
  /** Hands whose log is not seq 0 (the deal) … the hand's seq without a hole. */
  gaps: number;
  /** Seat actions in the log that no bot was told about (a bot gave up on an answer). */
  unacknowledged: number;
  hands: number;
  notVerified: number;
  ledgers: number;
  ledgersNotZero: number;
  problems: string[];
}

/** The checks after the run: the log against the answers, the auditor's verify, the ledgers. */
export async function reckon(url: string, databaseUrl: string, auditToken: string, load: Load): Promise<Reckoning> {
  const problems: string[] = [];
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  let rows: { hand_id: string; seq: number; seat: number | null; command_id: string }[];
  let hands: { id: string; seq: number }[];
  try {
    hands = (await sql.query<{ id: string; seq: number }>('SELECT id, seq FROM hands WHERE table_id = ANY($1::uuid[])', [load.tableIds]))
      .rows;
    rows = (
      await sql.query('SELECT hand_id, seq, seat, command_id FROM events WHERE hand_id = ANY($1::uuid[]) ORDER BY hand_id, seq', [
        hands.map((h) => h.id),
      ])
    ).rows;
  } finally {
    await sql.end();
  }

  const byCommand = new Map<string, { handId: string; seq: number }[]>();
  for (const r of rows) byCommand.set(r.command_id, [...(byCommand.get(r.command_id) ?? []), { handId: r.hand_id, seq: r.seq }]);
  let lost = 0;
  let duplicated = 0;
  const claimed = new Map<string, string>();
  const ackedCommands = new Set<string>();
  for (const ack of load.record.acks) {
    // The service stores a keyed action under this command id (hands.service.ts).
    const command = sha256Hex(`${ack.playerId}\n${ack.handId}\n${ack.key}`);
    ackedCommands.add(command);
    const at = byCommand.get(command) ?? [];
    if (!at.some((e) => e.handId === ack.handId && e.seq === ack.seq)) {
      lost++;
      problems.push(`lost: hand ${ack.handId} seq ${ack.seq} (logged at ${JSON.stringify(at)})`);
    }
    if (at.length > 1) duplicated++;
    const slot = `${ack.handId}#${ack.seq}`;
    const other = claimed.get(slot);
    if (other !== undefined && other !== command) {
      duplicated++;
      problems.push(`two answers claim hand ${ack.handId} seq ${ack.seq}`);
    }
    claimed.set(slot, command);
  }
  const unacknowledged = rows.filter((r) => r.seat !== null && !ackedCommands.has(r.command_id)).length;

  let gaps = 0;
  const seqsOf = new Map<string, number[]>();
  for (const r of rows) seqsOf.set(r.hand_id, [...(seqsOf.get(r.hand_id) ?? []), r.seq]);
  for (const h of hands) {
    const seqs = seqsOf.get(h.id) ?? [];
    if (seqs.length !== h.seq + 1 || seqs.some((s, i) => s !== i)) {
      gaps++;
      problems.push(`hand ${h.id}: seqs ${seqs.length ? `${seqs[0]}…${seqs.at(-1)} (${seqs.length})` : 'none'}, hand at seq ${h.seq}`);
    }
  }

  const auditor = new KartentischClient(url);
  let notVerified = 0;
  let ledgersNotZero = 0;
  try {
    for (const h of hands) {
      const v = await auditor.verify(h.id, auditToken);
      if (!v.ok) {
        notVerified++;
        problems.push(`hand ${h.id} does not verify: ${JSON.stringify(v.problems).slice(0, 300)}`);
      }
    }
    for (const tableId of load.tableIds) {
      const ledger = await auditor.ledger(tableId);
      // Amounts are integers or exact decimals to 0.01: sum in cents.
      const cents = ledger.balances.reduce((sum, b) => sum + Math.round(Number(b.amount) * 100), 0);
      if (cents !== 0) {
        ledgersNotZero++;
        problems.push(`table ${tableId}: ledger sums to ${cents / 100}`);
      }
    }
  } finally {
    auditor.close();
  }
  return {
    acknowledged: load.record.acks.length,
    lost,
    duplicated,
    gaps,
    unacknowledged,
    hands: hands.length,
    notVerified,
    ledgers: load.tableIds.length,
    ledgersNotZero,
    problems,
  };
}

/**
 * `pg_terminate_backend` on every connection of `applicationName` (what a failover, an idle
 * timeout or a DBA does), from a connection of our own, timed for when one of them is inside a
 * transaction between two statements (`idle in transaction`: its client is checked out and
 * waiting) if that happens within `waitMs`, else at the end of it.
 */
export async function terminateBackends(
  adminUrl: string,
  applicationName: string,
  waitMs = 3000,
): Promise<{ terminated: number; midTransaction: boolean }> {
  const admin = new pg.Client({ connectionString: adminUrl, application_name: 'kartentisch-chaos-admin' });
  await admin.connect();
  const terminate = async (onlyMidTransaction: boolean) =>
    (
      await admin.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE application_name = $1 AND pid <> pg_backend_pid()
           AND (NOT $2 OR EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle in transaction'))`,
        [applicationName, onlyMidTransaction],
      )
    ).rows[0]!.n;
  try {
    for (const until = Date.now() + waitMs; Date.now() < until;) {
      const n = await terminate(true);
      if (n > 0) return { terminated: n, midTransaction: true };
    }
    return { terminated: await terminate(false), midTransaction: false };
  } finally {
    await admin.end();
  }
}
