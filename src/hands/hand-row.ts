import type { GameId, HandSetup } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import { ApiError } from '../common/problems.js';
import { isUuid } from '../common/ids.js';

/** A `hands` row as the services read it (snake_case columns mapped once, here). */
export interface HandRow {
  id: string;
  tableId: string | null;
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
  state: unknown;
  seq: number;
  phase: string;
  toAct: number[];
  status: HandStatus;
  result: unknown;
  lastHash: string;
  source: 'table' | 'record';
  createdAt: Date;
  finishedAt: Date | null;
}

/** active → finished | thrownIn (the engine's result status); void: dropped unplayed when a session ended. */
export type HandStatus = 'active' | 'finished' | 'thrownIn' | 'void';

const COLUMNS = `id, table_id, number, game, options, seat_count, dealer, setup, seating, seed, deck, dealt_hands, state, seq,
  phase, to_act, status, result, last_hash, source, created_at, finished_at`;

interface Raw {
  id: string;
  table_id: string | null;
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
  seq: number;
  phase: string;
  to_act: number[] | null;
  status: HandStatus;
  result: unknown;
  last_hash: string;
  source: 'table' | 'record';
  created_at: Date;
  finished_at: Date | null;
}

const toRow = (r: Raw): HandRow => ({
  id: r.id,
  tableId: r.table_id,
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
  state: r.state,
  seq: r.seq,
  phase: r.phase,
  toAct: r.to_act ?? [],
  status: r.status,
  result: r.result,
  lastHash: r.last_hash,
  source: r.source,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** Reads a hand; `lock` takes its row lock for the rest of the transaction (the append path). */
export async function loadHand(q: Pick<Tx, 'query'>, id: string, lock = false): Promise<HandRow> {
  if (!isUuid(id)) throw ApiError.of('HAND_NOT_FOUND', `no hand ${id}`);
  const { rows } = await q.query<Raw>({
    name: lock ? 'hand-for-update' : 'hand',
    text: `SELECT ${COLUMNS} FROM hands WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    values: [id],
  });
  if (!rows[0]) throw ApiError.of('HAND_NOT_FOUND', `no hand ${id}`);
  return toRow(rows[0]);
}
