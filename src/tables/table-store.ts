import type { GameId, HandSetup } from '../engine/index.js';
import type { DatabaseService, Tx } from '../database/database.service.js';
import { ApiError } from '../common/problems.js';
import type { BotStrength } from '../solvers/search/strategy.js';
import type { HandAt } from '../hands/hand-store.js';

/**
 * The table store: every statement on `tables` and `table_seats`. Plain CRUD and the list go
 * through Prisma Client; what runs inside a transaction of the pg pool (seats, the session's
 * locks and updates) is raw SQL on that transaction's connection (README "Architecture").
 * `tables` is distributed by `id`, `table_seats` by `table_id` (docs/scaling.md): the
 * statements of `HOT_PATH_SQL` name one table; reads across tables say so. An imported hand
 * record's own table (`imported`) is never found, listed or joined here.
 */
export type Queryable = Pick<Tx, 'query'>;

/** Statements on one table's rows: `tables` by id, the others by table_id (one shard on Citus). */
const SQL = {
  importedTable: `INSERT INTO tables (id, game, options, seat_count, host_player_id, status, hand_count, imported, rated)
    VALUES ($1, $2, $3::jsonb, $4, NULL, 'ended', 1, true, false)`,
  tableExists: 'SELECT 1 FROM tables WHERE id = $1 AND NOT imported',
  lockForSeats: 'SELECT seat_count, status, host_player_id FROM tables WHERE id = $1 AND NOT imported FOR UPDATE',
  isSeated: 'SELECT 1 FROM table_seats WHERE table_id = $1 AND player_id = $2',
  botInSeat: `SELECT s.player_id FROM table_seats s JOIN players p ON p.id = s.player_id
    WHERE s.table_id = $1 AND s.seat = $2 AND p.bot IS NOT NULL`,
  takenSeats: 'SELECT seat FROM table_seats WHERE table_id = $1',
  addSeat: 'INSERT INTO table_seats (table_id, seat, player_id) VALUES ($1, $2, $3)',
  seatCount: 'SELECT count(*)::int AS n FROM table_seats WHERE table_id = $1',
  removeSeat: 'DELETE FROM table_seats WHERE table_id = $1 AND player_id = $2',
  seatHolder: `SELECT s.player_id, s.offered_at, p.bot IS NOT NULL AS bot
    FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = $1 AND s.seat = $2`,
  offerSeat: 'UPDATE table_seats SET offered_at = now() WHERE table_id = $1 AND seat = $2',
  withdrawOffer: 'UPDATE table_seats SET offered_at = NULL WHERE table_id = $1 AND seat = $2',
  withdrawOfferOf:
    'UPDATE table_seats SET offered_at = NULL WHERE table_id = $1 AND seat = $2 AND player_id = $3 AND offered_at IS NOT NULL',
  passSeat: `UPDATE table_seats SET player_id = $3, previous_player_id = player_id, offered_at = NULL, joined_at = now(),
      from_hand = (SELECT t.hand_count + 1 FROM tables t WHERE t.id = $1) WHERE table_id = $1 AND seat = $2`,
  lockForSession: `SELECT t.id, t.game, t.options, t.status, t.session, t.hand_count, t.host_player_id, t.current_hand_id, t.turn_seconds,
                  ARRAY(SELECT s.player_id::text FROM table_seats s WHERE s.table_id = t.id ORDER BY s.seat) AS seating
           FROM tables t WHERE t.id = $1 FOR UPDATE OF t`,
  currentHand: 'SELECT current_hand_id FROM tables WHERE id = $1 AND NOT imported',
  saveSession: 'UPDATE tables SET session = $2::jsonb WHERE id = $1',
  endSession: `UPDATE tables SET session = $2::jsonb, status = 'ended' WHERE id = $1`,
  startHand: `UPDATE tables SET session = $2::jsonb, status = 'playing', dealer = $3, current_hand_id = $4, hand_count = $5 WHERE id = $1`,
  seatBalances: `SELECT b.seat, b.player_id, p.name, b.amount::numeric(20,2)::text AS amount FROM (
       SELECT s.seat, s.player_id, true AS holds,
              COALESCE((SELECT SUM(l.amount) FROM ledger_entries l
                        WHERE l.table_id = s.table_id AND l.seat = s.seat AND l.player_id = s.player_id), 0) AS amount
       FROM table_seats s WHERE s.table_id = $1
       UNION ALL
       SELECT l.seat, l.player_id, false, SUM(l.amount) FROM ledger_entries l
       WHERE l.table_id = $1
         AND NOT EXISTS (SELECT 1 FROM table_seats s WHERE s.table_id = l.table_id AND s.seat = l.seat AND s.player_id = l.player_id)
       GROUP BY l.seat, l.player_id
     ) b JOIN players p ON p.id = b.player_id ORDER BY b.seat, b.holds DESC, p.name`,
  seatsBots: 'SELECT 1 FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = $1 AND p.bot IS NOT NULL LIMIT 1',
  seatsPerson: 'SELECT 1 FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = $1 AND p.bot IS NULL LIMIT 1',
  botSeats: `SELECT t.current_hand_id, s.seat, p.id AS bot_id, p.name AS bot_name, p.bot AS strength
           FROM tables t JOIN table_seats s ON s.table_id = t.id JOIN players p ON p.id = s.player_id AND p.bot IS NOT NULL
           WHERE t.id = $1 AND t.status = 'playing' AND t.current_hand_id IS NOT NULL ORDER BY s.seat`,
  endAway: `UPDATE tables SET status = 'ended', end_reason = 'away' WHERE id = $1 AND status = 'playing'`,
  voidHand: `UPDATE hands SET status = 'void', finished_at = now() WHERE table_id = $1 AND id = $2`,
  handSeatsForUpdate: 'SELECT seq, status, seating, away, away_since FROM hands WHERE table_id = $1 AND id = $2 FOR UPDATE',
  insertTable: `INSERT INTO tables (id, game, options, seat_count, host_player_id, status, turn_seconds, rated)
    VALUES ($1, $2, $3::jsonb, $4, $5, 'waiting', $6, $7)`,
  lockForRematch: `SELECT game, options, seat_count, status, turn_seconds, rated, rematch_table_id FROM tables
           WHERE id = $1 AND NOT imported FOR UPDATE`,
  seatsWithBots: `SELECT s.seat, s.player_id, p.bot FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = $1 ORDER BY s.seat`,
  setRematch: 'UPDATE tables SET rematch_table_id = $2 WHERE id = $1',
  currentSetup: 'SELECT h.setup FROM tables t JOIN hands h ON h.table_id = t.id AND h.id = t.current_hand_id WHERE t.id = $1',
  botOnlyTable: `SELECT t.host_player_id AS host, t.hand_count AS hands, bool_and(p.bot IS NOT NULL) AS only_bots
           FROM tables t JOIN table_seats s ON s.table_id = t.id JOIN players p ON p.id = s.player_id
           WHERE t.id = $1 AND t.status = 'playing' GROUP BY t.id`,
} as const;

/** The table's part of the hot path (seats, session, ledger, bots), for test/sharding.spec.ts. */
export const HOT_PATH_SQL: Readonly<Record<string, string>> = SQL;

/** A `tables` row with its seats, as both GET routes read it. */
export interface TableRecord {
  id: string;
  game: string;
  options: unknown;
  seatCount: number;
  dealer: number | null;
  currentHandId: string | null;
  status: string;
  hostPlayerId: string;
  handCount: number;
  createdAt: Date;
  endReason: string | null;
  turnSeconds: number | null;
  rated: boolean;
  /** the engine's session state (game.session) */
  session: unknown;
  /** once ended: the table its rematch opened */
  rematchTableId: string | null;
  seats: {
    seat: number;
    playerId: string;
    offeredAt: Date | null;
    fromHand: number | null;
    previousPlayerId: string | null;
    player: { name: string; bot: string | null };
  }[];
}

const WITH_SEATS = { seats: { include: { player: { select: { name: true, bot: true } } }, orderBy: { seat: 'asc' } } } as const;

export async function createTable(
  db: DatabaseService,
  t: {
    id: string;
    game: GameId;
    options: Record<string, unknown>;
    seatCount: number;
    hostPlayerId: string;
    turnSeconds: number | null;
    rated: boolean;
  },
): Promise<void> {
  await db.prisma.cardTable.create({ data: { ...t, options: t.options as object, status: 'waiting' } });
}

/** An imported hand record's table of its own (its id is the hand's), in the import's transaction. */
export async function createImportedTable(tx: Tx, t: { id: string; game: GameId; options: Record<string, unknown>; seatCount: number }) {
  await tx.query({
    name: 'table-imported',
    text: SQL.importedTable,
    values: [t.id, t.game, JSON.stringify(t.options), t.seatCount],
  });
}

/** A new table in the caller's transaction (a rematch), waiting for its seats like any new one. */
export async function insertTable(
  tx: Tx,
  t: { id: string; game: string; options: unknown; seatCount: number; hostPlayerId: string; turnSeconds: number | null; rated: boolean },
): Promise<void> {
  await tx.query(SQL.insertTable, [t.id, t.game, JSON.stringify(t.options), t.seatCount, t.hostPlayerId, t.turnSeconds, t.rated]);
}

/** An ended table as its rematch needs it, locked so that two callers open one rematch between them. */
export interface RematchSource {
  game: string;
  options: Record<string, unknown>;
  seat_count: number;
  status: string;
  turn_seconds: number | null;
  rated: boolean;
  rematch_table_id: string | null;
}

export async function lockForRematch(tx: Tx, tableId: string): Promise<RematchSource | undefined> {
  const { rows } = await tx.query<RematchSource>(SQL.lockForRematch, [tableId]);
  return rows[0];
}

/** Who holds each seat, and a bot's strength (null: a person). */
export async function seatsWithBots(
  q: Queryable,
  tableId: string,
): Promise<{ seat: number; player_id: string; bot: BotStrength | null }[]> {
  const { rows } = await q.query<{ seat: number; player_id: string; bot: BotStrength | null }>(SQL.seatsWithBots, [tableId]);
  return rows;
}

export async function setRematch(tx: Tx, tableId: string, rematchTableId: string): Promise<void> {
  await tx.query(SQL.setRematch, [tableId, rematchTableId]);
}

/** The setup of the table's hand under way (its dealer and context: a Mußrunde deal, …), if it has one. */
export async function currentSetup(q: Queryable, tableId: string): Promise<HandSetup | null> {
  const { rows } = await q.query<{ setup: HandSetup }>(SQL.currentSetup, [tableId]);
  return rows[0]?.setup ?? null;
}

/** Only tables played here have a host: the imported ones are filtered out by every read that returns a TableRecord. */
const hosted = <T extends { hostPlayerId: string | null }>(t: T): T & { hostPlayerId: string } => t as T & { hostPlayerId: string };

export async function findTable(db: DatabaseService, id: string): Promise<TableRecord | null> {
  const t = await db.prisma.cardTable.findUnique({ where: { id, imported: false }, include: WITH_SEATS });
  return t && hosted(t);
}

/** Tables newest first, keyset on (createdAt, id) — a read across tables (fans out to every shard). */
export async function listTables(
  db: DatabaseService,
  f: { game?: string; statuses: string[]; after: { createdAt: string; id: string } | null; take: number },
): Promise<TableRecord[]> {
  const { after } = f;
  const rows = await db.prisma.cardTable.findMany({
    where: {
      imported: false,
      ...(f.game ? { game: f.game } : {}),
      status: { in: f.statuses },
      ...(after
        ? { OR: [{ createdAt: { lt: new Date(after.createdAt) } }, { createdAt: new Date(after.createdAt), id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: f.take,
    include: WITH_SEATS,
  });
  return rows.map(hosted);
}

/** When each of `ids` was opened — a read across tables (fans out), for the few tables of a history page. */
export async function tablesOpenedAt(q: Queryable, ids: string[]): Promise<Map<string, Date>> {
  const { rows } = await q.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM tables WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.created_at]));
}

export async function tableExists(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query({ name: 'table-exists', text: SQL.tableExists, values: [id] });
  return !!rowCount;
}

// ---- seats (before the first deal), in the caller's transaction --------------------------------

export interface SeatLock {
  seat_count: number;
  status: string;
  host_player_id: string;
}

/** Locks the table row for a change of seats. */
export async function lockForSeats(tx: Tx, tableId: string): Promise<SeatLock> {
  const { rows } = await tx.query<SeatLock>({ name: 'table-for-seats', text: SQL.lockForSeats, values: [tableId] });
  if (!rows[0]) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
  return rows[0];
}

export async function isSeated(tx: Tx, tableId: string, playerId: string): Promise<boolean> {
  const { rowCount } = await tx.query(SQL.isSeated, [tableId, playerId]);
  return !!rowCount;
}

export async function botInSeat(tx: Tx, tableId: string, seat: number): Promise<string | undefined> {
  const { rows } = await tx.query<{ player_id: string }>(SQL.botInSeat, [tableId, seat]);
  return rows[0]?.player_id;
}

export async function takenSeats(tx: Tx, tableId: string): Promise<number[]> {
  const { rows } = await tx.query<{ seat: number }>(SQL.takenSeats, [tableId]);
  return rows.map((r) => r.seat);
}

/** Seats the player; returns how many seats are taken now. */
export async function addSeat(tx: Tx, tableId: string, seat: number, playerId: string): Promise<number> {
  await tx.query(SQL.addSeat, [tableId, seat, playerId]);
  const { rows } = await tx.query<{ n: number }>(SQL.seatCount, [tableId]);
  return rows[0]!.n;
}

export async function removeSeat(tx: Tx, tableId: string, playerId: string): Promise<void> {
  await tx.query(SQL.removeSeat, [tableId, playerId]);
}

// ---- seats in play: the host hands an away player's seat on, from the next hand ----------------

/** Who holds the seat, since when the host offers it (null: not offered), and whether a bot holds it; none for an empty seat. */
export async function seatHolder(
  tx: Tx,
  tableId: string,
  seat: number,
): Promise<{ playerId: string; offeredAt: Date | null; bot: boolean } | undefined> {
  const { rows } = await tx.query<{ player_id: string; offered_at: Date | null; bot: boolean }>(SQL.seatHolder, [tableId, seat]);
  const r = rows[0];
  return r && { playerId: r.player_id, offeredAt: r.offered_at, bot: r.bot };
}

export async function offerSeat(tx: Tx, tableId: string, seat: number, offered: boolean): Promise<void> {
  await tx.query(offered ? SQL.offerSeat : SQL.withdrawOffer, [tableId, seat]);
}

/** The offer of a seat ends, if `playerId` still holds it (its player is back). */
export async function withdrawOfferOf(q: Queryable, tableId: string, seat: number, playerId: string): Promise<void> {
  await q.query({ name: 'table-withdraw-offer', text: SQL.withdrawOfferOf, values: [tableId, seat, playerId] });
}

/** The seat passes to `playerId` (its offer ends); the hand under way keeps the seating it was dealt with. */
export async function passSeat(tx: Tx, tableId: string, seat: number, playerId: string): Promise<void> {
  await tx.query(SQL.passSeat, [tableId, seat, playerId]);
}

// ---- the session, in the caller's transaction ----------------------------------------------------

export interface SessionTable {
  id: string;
  game: GameId;
  options: Record<string, unknown>;
  status: string;
  session: unknown;
  handCount: number;
  hostPlayerId: string;
  currentHandId: string | null;
  seating: string[];
  /** the table's turn clock, seconds per decision; null: none */
  turnSeconds: number | null;
}

/** Locks the table row for the session's next step and reads it with its seating. */
export async function lockForSession(tx: Tx, id: string): Promise<SessionTable> {
  const { rows } = await tx.query<{
    id: string;
    game: GameId;
    options: Record<string, unknown>;
    status: string;
    session: unknown;
    hand_count: number;
    host_player_id: string;
    current_hand_id: string | null;
    seating: string[];
    turn_seconds: number | null;
  }>({
    name: 'table-for-session',
    text: SQL.lockForSession,
    values: [id],
  });
  const r = rows[0];
  if (!r) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
  return {
    id: r.id,
    game: r.game,
    options: r.options,
    status: r.status,
    session: r.session,
    handCount: r.hand_count,
    hostPlayerId: r.host_player_id,
    currentHandId: r.current_hand_id,
    seating: r.seating,
    turnSeconds: r.turn_seconds,
  };
}

/** The table's current hand, read without a lock (a peek before locking hand, then table). */
export async function currentHandOf(tx: Tx, tableId: string): Promise<{ currentHandId: string | null } | undefined> {
  const { rows } = await tx.query<{ current_hand_id: string | null }>(SQL.currentHand, [tableId]);
  return rows[0] ? { currentHandId: rows[0].current_hand_id } : undefined;
}

export async function saveSession(tx: Tx, tableId: string, session: unknown): Promise<void> {
  await tx.query(SQL.saveSession, [tableId, JSON.stringify(session)]);
}

export async function endSession(tx: Tx, tableId: string, session: unknown): Promise<void> {
  await tx.query(SQL.endSession, [tableId, JSON.stringify(session)]);
}

export async function startHand(
  tx: Tx,
  tableId: string,
  s: { session: unknown; dealer: number; handId: string; handNumber: number },
): Promise<void> {
  await tx.query({
    name: 'table-next-hand',
    text: SQL.startHand,
    values: [tableId, JSON.stringify(s.session), s.dealer, s.handId, s.handNumber],
  });
}

// ---- ledger and bots -----------------------------------------------------------------------------

/**
 * Each player's balance at the table, summed by PostgreSQL (exact NUMERIC): a seat's holder first,
 * then anyone who held the seat before (the host handed it on), each with the hands they played.
 */
export async function seatBalances(
  q: Queryable,
  tableId: string,
): Promise<{ seat: number; player_id: string; name: string; amount: string }[]> {
  const { rows } = await q.query<{ seat: number; player_id: string; name: string; amount: string }>(SQL.seatBalances, [tableId]);
  return rows;
}

export interface BotSeat {
  seat: number;
  botId: string;
  botName: string;
  strength: BotStrength;
}

/** Whether a bot holds a seat at the table. */
export async function seatsBots(q: Queryable, tableId: string): Promise<boolean> {
  const { rowCount } = await q.query({
    name: 'table-seats-bots',
    text: SQL.seatsBots,
    values: [tableId],
  });
  return !!rowCount;
}

/** Playing tables with a bot seated — a read across tables (the bots' sweep; fans out to every shard). */
export async function playingTablesWithBots(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT t.id FROM tables t WHERE t.status = 'playing'
       AND EXISTS (SELECT 1 FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = t.id AND p.bot IS NOT NULL)`,
  );
  return rows.map((r) => r.id);
}

/** A playing table's current hand and its bot seats. */
export async function botSeatsAt(q: Queryable, tableId: string): Promise<{ currentHandId: string; bots: BotSeat[] } | undefined> {
  const { rows } = await q.query<{ current_hand_id: string; seat: number; bot_id: string; bot_name: string; strength: BotStrength }>({
    name: 'table-bot-seats',
    text: SQL.botSeats,
    values: [tableId],
  });
  if (!rows[0]) return undefined;
  return {
    currentHandId: rows[0].current_hand_id,
    bots: rows.map((r) => ({ seat: r.seat, botId: r.bot_id, botName: r.bot_name, strength: r.strength })),
  };
}

/** A playing table's host, its hand count, and whether only bots sit at it. */
export async function botOnlyTable(
  q: Queryable,
  tableId: string,
): Promise<{ host: string; hands: number; only_bots: boolean } | undefined> {
  const { rows } = await q.query<{ host: string; hands: number; only_bots: boolean }>({
    name: 'bot-only-table',
    text: SQL.botOnlyTable,
    values: [tableId],
  });
  return rows[0];
}

/**
 * Waiting tables opened more than `minutes` ago at which no person sits (bots may): ended as
 * abandoned — a read and write across tables, by status (fans out to every shard). Answers
 * their ids. Any instance may run it at any time: a table is ended once.
 */
export async function endAbandonedTables(q: Queryable, minutes: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE tables t SET status = 'ended', end_reason = 'abandoned'
      WHERE t.status = 'waiting' AND NOT t.imported AND t.created_at < now() - $1::float8 * interval '1 minute'
        AND NOT EXISTS (SELECT 1 FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = t.id AND p.bot IS NULL)
      RETURNING t.id`,
    [minutes],
  );
  return rows.map((r) => r.id);
}

/**
 * Drops (`void`: nobody scores) the hands in play whose people are all away — every seat whose
 * player is no bot is in `away` — and each of whom went away at least `minutes` ago (`away_since`,
 * carried from hand to hand while the seat stays away): a read and write across tables, by
 * status (the housekeeping's sweep). Answers them, for their tables to be ended and their
 * followers told.
 */
export async function dropAwayHands(tx: Tx, minutes: number): Promise<{ tableId: string; handId: string; seq: number }[]> {
  const people = `FROM jsonb_array_elements_text(h.seating) WITH ORDINALITY AS s(player_id, n) JOIN players p ON p.id = s.player_id::uuid AND p.bot IS NULL`;
  const { rows } = await tx.query<{ table_id: string; id: string; seq: number }>(
    `UPDATE hands h SET status = 'void', finished_at = now(), deadline = NULL
      WHERE h.status = 'active' AND h.source = 'table'
        AND EXISTS (SELECT 1 ${people})
        AND NOT EXISTS (SELECT 1 ${people}
                        WHERE NOT ((s.n - 1)::int = ANY(h.away))
                           OR NOT COALESCE(h.away_since[s.n] <= now() - $1::float8 * interval '1 minute', false))
      RETURNING h.table_id, h.id, h.seq`,
    [minutes],
  );
  return rows.map((r) => ({ tableId: r.table_id, handId: r.id, seq: r.seq }));
}

/** Who a hand was dealt to, and which of them are away since when. */
export interface HandSeats {
  /** the hand's seq and status as locked: a change of its seats is announced at them (HandWatch.seatsChanged) */
  seq: number;
  status: string;
  seating: (string | null)[];
  away: number[];
  awaySince: (Date | null)[];
}

/**
 * Locks the hand row and reads its seats: the tables' check that a seat may be handed on holds
 * until its transaction ends, as no `/back`, action or deal can change them meanwhile.
 */
export async function lockHandSeats(tx: Tx, at: HandAt): Promise<HandSeats | undefined> {
  const { rows } = await tx.query<{
    seq: number;
    status: string;
    seating: (string | null)[];
    away: number[] | null;
    away_since: (Date | null)[] | null;
  }>({
    name: 'hand-seats-for-update',
    text: SQL.handSeatsForUpdate,
    values: [at.tableId, at.handId],
  });
  const r = rows[0];
  return r && { seq: r.seq, status: r.status, seating: r.seating, away: r.away ?? [], awaySince: r.away_since ?? [] };
}

/** Drops a hand nobody has acted in (the session ended between deals): status `void`, nobody scores. */
export async function voidHand(tx: Tx, at: HandAt): Promise<void> {
  await tx.query({ name: 'void-hand', text: SQL.voidHand, values: [at.tableId, at.handId] });
}

/** Ends a table in play whose people were all away (its hand dropped by `dropAwayHands`): `endReason: away`. */
export async function endAwayTable(tx: Tx, tableId: string): Promise<void> {
  await tx.query({ name: 'table-end-away', text: SQL.endAway, values: [tableId] });
}

/**
 * The tables a player hosts that are in play or were opened in the last `waitingMinutes` and wait
 * for players, and of them those at which no person sits but a bot does (each plays on its own)
 * — a read across tables, by host, for the caps per player. A table left waiting longer is not
 * held against its host (the housekeeping ends it once no person sits at it).
 */
export async function hostedOpenTables(q: Queryable, host: string, waitingMinutes: number): Promise<{ open: number; botOnly: number }> {
  const { rows } = await q.query<{ open: number; bot_only: number }>(
    `SELECT count(*)::int AS open,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM table_seats s WHERE s.table_id = t.id)
              AND NOT EXISTS (SELECT 1 FROM table_seats s JOIN players p ON p.id = s.player_id
                              WHERE s.table_id = t.id AND p.bot IS NULL))::int AS bot_only
       FROM tables t WHERE t.host_player_id = $1 AND NOT t.imported
        AND (t.status = 'playing' OR (t.status = 'waiting' AND t.created_at > now() - $2::float8 * interval '1 minute'))`,
    [host, waitingMinutes],
  );
  return { open: rows[0]!.open, botOnly: rows[0]!.bot_only };
}

/** Whether a person (not a bot) holds a seat at the table. */
export async function seatsPerson(q: Queryable, tableId: string): Promise<boolean> {
  const { rowCount } = await q.query({ name: 'table-seats-person', text: SQL.seatsPerson, values: [tableId] });
  return !!rowCount;
}

/**
 * What the lobby shows, as one short text (src/tables/lobby-feed.ts hashes it): the open and
 * running tables counted by status, the newest of them, the seats of the open ones (a seat
 * taken moves the latest join, a seat left the count), and the seats offered at running ones (an
 * offer made moves the latest offer, one withdrawn or taken the count): a seat offered is one
 * a newcomer can take from the lobby. A table opened, filled, started or ended, or a seat offered
 * or no longer, changes it — a read across tables, on the index GET /tables walks.
 */
export async function lobbyVersion(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ waiting: number; playing: number; newest: Date | null; seats: string; offered: string }>({
    name: 'lobby-version',
    text: `SELECT count(*) FILTER (WHERE t.status = 'waiting')::int AS waiting,
                  count(*) FILTER (WHERE t.status = 'playing')::int AS playing,
                  max(t.created_at) AS newest,
                  (SELECT count(*) || '/' || coalesce(max(s.joined_at)::text, '')
                     FROM table_seats s JOIN tables w ON w.id = s.table_id
                    WHERE w.status = 'waiting' AND NOT w.imported) AS seats,
                  (SELECT count(*) || '/' || coalesce(max(s.offered_at)::text, '')
                     FROM table_seats s JOIN tables p ON p.id = s.table_id
                    WHERE p.status = 'playing' AND NOT p.imported AND s.offered_at IS NOT NULL) AS offered
             FROM tables t
            WHERE t.status IN ('waiting', 'playing') AND NOT t.imported`,
  });
  const r = rows[0]!;
  return `${r.waiting}|${r.playing}|${r.newest?.toISOString() ?? ''}|${r.seats}|${r.offered}`;
}
