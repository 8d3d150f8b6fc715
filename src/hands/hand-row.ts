import { applyAllOrThrow, gameFor, type Action, type GameId, type HandResult, type HandSetup } from '../engine/index.js';

/** A `hands` row: as first written (`NewHand`), as each append moves it (`HandProjection`), and as the services read it (`HandRow`). */

/** The hand row as first written (besides the projection). */
export interface NewHand {
  id: string;
  /** the table it is dealt at, or an imported record's own table (table-store.ts createImportedTable) */
  tableId: string;
  number: number | null;
  game: string;
  options: unknown;
  seatCount: number;
  dealer: number;
  setup: unknown;
  seating: (string | null)[];
  seed: string;
  deck: string[] | null;
  dealtHands: unknown;
  source: 'table' | 'record';
  /** the turn clock, seconds per decision; null: none */
  turnSeconds: number | null;
  /** seats whose substitute plays from the start (away at the end of the table's previous hand) */
  away: number[];
  /** each seat's clock expiries in a row so far, by seat (empty: none) */
  misses: number[];
  /** when each seat in `away` went away, by seat (null: not away; empty: none away) */
  awaySince: (Date | null)[];
  /** nobody acts before then while the people read the table's last result (null: no wait) */
  heldUntil?: Date | null;
  /** seats whose person has read that result already */
  ready?: number[];
}

/** What a hand row says about the hand's current state (kept in step with its last event). */
export interface HandProjection {
  state: unknown;
  seq: number;
  phase: string;
  toAct: number[];
  status: string;
  result: HandResult | null;
  finishedAt: Date | null;
  /** when the seat to act runs out of time (null: no clock, or the hand is over) */
  deadline: Date | null;
}

/**
 * The state is written at the deal, at the end and after every `STATE_EVERY`th event since it
 * was last written, not on every action: each rewrite is a large (TOASTed) jsonb write for
 * PostgreSQL and the whole state's JSON for this process. A reader
 * folds in the events after it (hand-store.ts `HAND_READ`, `toHandRow` below): at most this many less one.
 */
export const STATE_EVERY = 8;

/** Whether an append after `stateSeq` stores the state (`null`: the row keeps the one it has). */
export const stateToStore = (p: HandProjection, stateSeq: number): string | null =>
  p.status !== 'active' || p.seq - stateSeq >= STATE_EVERY ? JSON.stringify(p.state) : null;

/** The projection's columns, in the order both hand-writing statements take them. */
export const projectionColumns = (p: HandProjection, state: string | null): unknown[] => [
  state,
  p.seq,
  p.phase,
  p.toAct,
  p.status,
  p.result === null ? null : JSON.stringify(p.result),
  p.deadline,
];

/** A `hands` row as the services read it (snake_case columns mapped once, here). */
export interface HandRow {
  id: string;
  /** the table it was dealt at; null for an imported record */
  tableId: string | null;
  /** the table_id its rows are keyed by (the shard key): `tableId`, or an imported record's own table */
  homeTableId: string;
  number: number | null;
  game: GameId;
  options: Record<string, unknown>;
  seatCount: number;
  dealer: number;
  setup: HandSetup;
  seating: (string | null)[];
  seed: string;
  deck: string[] | null;
  dealtHands: { hands: (string[] | null)[]; talon: string[] } | null;
  /** the engine's state after event `seq` */
  state: unknown;
  seq: number;
  /** the last event whose state the row holds (`STATE_EVERY`) */
  stateSeq: number;
  phase: string;
  toAct: number[];
  status: HandStatus;
  result: unknown;
  lastHash: string;
  source: 'table' | 'record';
  createdAt: Date;
  finishedAt: Date | null;
  /** the turn clock it was dealt with, in seconds per decision; null: no clock */
  turnSeconds: number | null;
  /** when the seat to act runs out of time and its substitute acts (null: no clock, or the hand is over) */
  deadline: Date | null;
  /** seats whose substitute plays for them until their person is back */
  away: number[];
  /** each seat's clock expiries in a row, by seat (carried into the table's next hand) */
  misses: number[];
  /** when each seat in `away` went away, by seat (null: not away); carried into the next hand with `away` */
  awaySince: (Date | null)[];
  /** seats in `away` whose host offers them to a newcomer (table_seats), read with the row; none once the hand is over */
  offered?: number[];
  /**
   * until when the hand waits, before its first move, while the people read the table's last
   * result; null once every person is `ready` (and for a hand that never waited)
   */
  heldUntil: Date | null;
  /** seats whose person has read the last result and said "next" */
  ready: number[];
}

/** active → finished | thrownIn (the engine's result status); void: dropped unplayed when a session ended. */
export type HandStatus = 'active' | 'finished' | 'thrownIn' | 'void';

/** The columns of a hand row, for a query that names the table `h` (hand-store.ts adds `state_tail`). */
export const HAND_COLUMNS = `h.id, h.table_id, h.number, h.game, h.options, h.seat_count, h.dealer, h.setup, h.seating, h.seed, h.deck,
  h.dealt_hands, h.state, h.state_seq, h.seq, h.phase, h.to_act, h.status, h.result, h.last_hash, h.source, h.created_at, h.finished_at,
  h.turn_seconds, h.deadline, h.away, h.misses, h.away_since, h.held_until, h.ready`;

/** The row as PostgreSQL returns it. */
export interface RawHand {
  id: string;
  table_id: string;
  number: number | null;
  game: GameId;
  options: Record<string, unknown>;
  seat_count: number;
  dealer: number;
  setup: HandSetup;
  seating: (string | null)[];
  seed: string;
  deck: string[] | null;
  dealt_hands: HandRow['dealtHands'];
  state: unknown;
  state_seq: number;
  /** the actions of the events after `state_seq`, in order; null when there are none */
  state_tail: Record<string, unknown>[] | null;
  seq: number;
  phase: string;
  to_act: number[] | null;
  status: HandStatus;
  result: unknown;
  last_hash: string;
  source: 'table' | 'record';
  created_at: Date;
  finished_at: Date | null;
  turn_seconds: number | null;
  deadline: Date | null;
  away: number[] | null;
  misses: number[] | null;
  away_since: (Date | null)[] | null;
  held_until: Date | null;
  ready: number[] | null;
  /** the seats offered (hand-store.ts OFFERED_SEATS), when the read asked for them */
  offered?: number[] | null;
}

export const toHandRow = (r: RawHand): HandRow => ({
  id: r.id,
  tableId: r.source === 'record' ? null : r.table_id,
  homeTableId: r.table_id,
  number: r.number,
  game: r.game,
  options: r.options,
  seatCount: r.seat_count,
  dealer: r.dealer,
  setup: r.setup,
  seating: r.seating,
  seed: r.seed,
  deck: r.deck,
  dealtHands: r.dealt_hands,
  // Each event after the deal is an action the engine accepted, seat included: applying them
  // again is deterministic, and a refusal means the log was changed behind the service's back.
  state: r.state_tail ? applyAllOrThrow(gameFor(r.game), r.state, r.state_tail as unknown as Action[]) : r.state,
  seq: r.seq,
  stateSeq: r.state_seq,
  phase: r.phase,
  toAct: r.to_act ?? [],
  status: r.status,
  result: r.result,
  lastHash: r.last_hash,
  source: r.source,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  turnSeconds: r.turn_seconds,
  deadline: r.deadline,
  away: r.away ?? [],
  misses: r.misses ?? [],
  awaySince: r.away_since ?? [],
  offered: r.offered ?? [],
  heldUntil: r.held_until,
  ready: r.ready ?? [],
});

/**
 * What an event says about its seat's presence: its player `acted` (the seat is back, its
 * expiries in a row start again), its substitute acted because the clock `missed` it (one more
 * in a row; AWAY_AFTER_MISSES of them mark the seat away), or `covered` for an away seat.
 */
export interface SeatTurn {
  seat: number;
  kind: 'acted' | 'missed' | 'covered';
}

/** After this many clock expiries in a row a seat is away: its substitute plays at once until its person is back. */
export const AWAY_AFTER_MISSES = 2;

/**
 * `misses` with the seat at 1-based `index` set to `value`, one entry per seat: written whole,
 * as an element assignment on an empty array would start it at that index.
 */
export const missesWith = (index: string, value: string): string =>
  `(SELECT array_agg(CASE WHEN i = ${index} THEN ${value} ELSE COALESCE(misses[i], 0) END ORDER BY i) FROM generate_series(1, seat_count) AS i)`;

/** `away_since` with the seat at 1-based `index` set to `value` (a time, or NULL: not away), one entry per seat, as `missesWith`. */
export const awaySinceWith = (index: string, value: string): string =>
  `(SELECT array_agg(CASE WHEN i = ${index} THEN ${value}::timestamptz ELSE away_since[i] END ORDER BY i) FROM generate_series(1, seat_count) AS i)`;
