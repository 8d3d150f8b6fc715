import type { Tx } from '../database/database.service.js';
import type { HandAt } from '../hands/hand-store.js';
import type { AnyHandEvidence } from './evidence-of.js';

/**
 * The evidence store: a finished hand's collusion evidence, kept per estimator (`evidenceKey`),
 * so that it is computed once — not again after a restart, on another instance, or by the next
 * audit. Both statements name one hand's rows by its table (docs/scaling.md).
 */
type Queryable = Pick<Tx, 'query'>;

export async function storedEvidence(q: Queryable, at: HandAt, estimator: string): Promise<AnyHandEvidence | undefined> {
  const { rows } = await q.query<{ evidence: AnyHandEvidence }>({
    name: 'hand-evidence',
    text: 'SELECT evidence FROM hand_evidence WHERE table_id = $1 AND hand_id = $2 AND estimator = $3',
    values: [at.tableId, at.handId, estimator],
  });
  return rows[0]?.evidence;
}

/** Kept once: evidence computed at the same time elsewhere is the same (a fixed seed per hand). */
export async function storeEvidence(q: Queryable, at: HandAt, estimator: string, evidence: AnyHandEvidence): Promise<void> {
  await q.query({
    name: 'hand-evidence-insert',
    text: `INSERT INTO hand_evidence (table_id, hand_id, estimator, evidence) VALUES ($1, $2, $3, $4::jsonb)
           ON CONFLICT (table_id, hand_id, estimator) DO NOTHING`,
    values: [at.tableId, at.handId, estimator, JSON.stringify(evidence)],
  });
}
