import { SHOWN_TABLE_ID, type HandAt, type Queryable } from '../hands/hand-store.js';
import { evidenceTable } from './evidence-store.js';

/**
 * The collusion audit's reads of `hands`: which finished hands an audit takes, and which still
 * lack evidence for the sweep. Both are reads across tables (docs/scaling.md); the evidence itself
 * is evidence-store.ts's.
 */

/**
 * Finished hands of a game for the collusion audit — a read across tables (fans out to every
 * shard, or reads a replica; docs/scaling.md), oldest first. `at` locates each hand's rows.
 */
export async function finishedHands(
  q: Queryable,
  f: { game: string; tableId?: string; from?: string; to?: string },
): Promise<{ id: string; tableId: string | null; at: HandAt; seating: (string | null)[] }[]> {
  const params: unknown[] = [f.game];
  const where = ['h.game = $1', `h.status = 'finished'`];
  if (f.tableId) where.push(`h.table_id = $${params.push(f.tableId)}::uuid`);
  if (f.from) where.push(`h.created_at >= $${params.push(f.from)}::timestamptz`);
  if (f.to) where.push(`h.created_at < $${params.push(f.to)}::timestamptz`);
  const { rows } = await q.query<{ id: string; table_id: string | null; home: string; seating: (string | null)[] }>(
    `SELECT h.id, ${SHOWN_TABLE_ID}, h.table_id AS home, h.seating FROM hands h WHERE ${where.join(' AND ')} ORDER BY h.created_at, h.id`,
    params,
  );
  return rows.map((r) => ({ id: r.id, tableId: r.table_id, at: { tableId: r.home, handId: r.id }, seating: r.seating }));
}

/**
 * Finished hands of a game with neither evidence nor a problem stored for the estimator, of
 * either kind (src/collusion/evidence-store.ts), newest first: the audit sweep's next batch to compute ahead —
 * a read across tables (fans out to every shard).
 */
export async function handsWithoutEvidence(q: Queryable, game: string, estimator: string, limit: number): Promise<HandAt[]> {
  const { rows } = await q.query<{ table_id: string; id: string }>(
    `SELECT h.table_id, h.id FROM hands h
     WHERE h.game = $1 AND h.status = 'finished'
       AND NOT EXISTS (SELECT 1 FROM ${evidenceTable(estimator)} e WHERE e.table_id = h.table_id AND e.hand_id = h.id AND e.estimator = $2)
       AND NOT EXISTS (SELECT 1 FROM hand_evidence_problems p WHERE p.table_id = h.table_id AND p.hand_id = h.id AND p.estimator = $2)
     ORDER BY h.created_at DESC LIMIT $3`,
    [game, estimator, limit],
  );
  return rows.map((r) => ({ tableId: r.table_id, handId: r.id }));
}
