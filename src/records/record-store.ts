import { SHOWN_TABLE_ID, type Queryable } from '../hands/hand-store.js';

/**
 * The records' store: their lists of hands — a table's or a player's history, and the hands dealt
 * from a deck an import names. Reads across tables say so (docs/scaling.md).
 */

export interface HandSummaryRow {
  id: string;
  /** null for an imported record (its own table is a storage detail) */
  table_id: string | null;
  number: number | null;
  game: string;
  dealer: number;
  status: string;
  seq: number;
  result: unknown;
  /** player id per seat (null entries for an imported record's unnamed seats) */
  seating: (string | null)[];
  created_at: Date;
  finished_at: Date | null;
}

/**
 * A page of hand summaries, newest first, keyset on (created_at, id): a table's hands (one
 * shard), or — a read across tables, fanning out to every shard — those a player sat in.
 */
export async function handPage(
  q: Queryable,
  by: { tableId: string } | { playerId: string },
  limit: number,
  after: { createdAt: string; id: string } | null,
): Promise<HandSummaryRow[]> {
  const where = 'tableId' in by ? 'h.table_id = $1' : 'h.seating @> jsonb_build_array($1::text)';
  const params: unknown[] = ['tableId' in by ? by.tableId : by.playerId, limit];
  let keyset = '';
  if (after) {
    params.push(after.createdAt, after.id);
    keyset = 'AND (h.created_at, h.id) < ($3::timestamptz, $4::uuid)';
  }
  const { rows } = await q.query<HandSummaryRow>(
    `SELECT h.id, ${SHOWN_TABLE_ID}, h.number, h.game, h.dealer, h.status, h.seq, h.result, h.seating, h.created_at, h.finished_at
     FROM hands h WHERE ${where} ${keyset} ORDER BY h.created_at DESC, h.id DESC LIMIT $2`,
    params,
  );
  return rows;
}

/**
 * The hands dealt here from exactly this deck — a read across tables (fans out to every shard),
 * with no index: only an import without a `handId` asks it, and a shuffled deck names one hand.
 */
export async function handsDealtFrom(q: Queryable, deck: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`SELECT h.id FROM hands h WHERE h.source = 'table' AND h.deck = $1::jsonb LIMIT 4`, [
    JSON.stringify(deck),
  ]);
  return rows.map((r) => r.id);
}
