import { applyAllOrThrow, gameFor, type Action, type GameId, type HandSetup } from '../engine/index.js';

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
  /** the last event whose state the row holds (hand-store.ts `STATE_EVERY`) */
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
}

/** active → finished | thrownIn (the engine's result status); void: dropped unplayed when a session ended. */
export type HandStatus = 'active' | 'finished' | 'thrownIn' | 'void';

/** The columns of a hand row, for a query that names the table `h` (hand-store.ts adds `state_tail`). */
export const HAND_COLUMNS = `h.id, h.table_id, h.number, h.game, h.options, h.seat_count, h.dealer, h.setup, h.seating, h.seed, h.deck,
  h.dealt_hands, h.state, h.state_seq, h.seq, h.phase, h.to_act, h.status, h.result, h.last_hash, h.source, h.created_at, h.finished_at,
  h.turn_seconds, h.deadline, h.away, h.misses, h.away_since`;

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
});
