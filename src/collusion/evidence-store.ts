import type { Tx } from '../database/database.service.js';
import type { HandAt } from '../hands/hand-store.js';
import type { AnyHandEvidence } from './evidence-of.js';
import { isSharingEstimator } from './audit-kinds.js';
import type { SharingEvidence } from './sharing/evidence.js';

/**
 * The evidence store: a finished hand's collusion evidence, kept per estimator (`evidenceKey`),
 * so that it is computed once — not again after a restart, on another instance, or by the next
 * audit. Both statements name one hand's rows by its table (docs/scaling.md).
 */
type Queryable = Pick<Tx, 'query'>;

/** A hand's stored evidence: the doubling calls, or the card-sharing moments. */
export type StoredEvidence = AnyHandEvidence | SharingEvidence;

/**
 * The table of an estimator's evidence: the doubling's `hand_evidence`, the card sharing's
 * `hand_sharing_evidence` (its rows are many times larger). Problems of both share
 * `hand_evidence_problems`, told apart by the estimator.
 */
export const evidenceTable = (estimator: string): string => (isSharingEstimator(estimator) ? 'hand_sharing_evidence' : 'hand_evidence');

/** A hand's settled evidence for the estimator: stored, or the problem that stopped it; undefined while it is not settled. */
export async function settledEvidence(
  q: Queryable,
  at: HandAt,
  estimator: string,
): Promise<{ evidence: StoredEvidence } | { problem: EvidenceProblem } | undefined> {
  const table = evidenceTable(estimator);
  const { rows } = await q.query<{ evidence: StoredEvidence | null; problem: EvidenceProblem | null }>({
    name: `${table}-settled-of`,
    text: `SELECT evidence, NULL::jsonb AS problem FROM ${table} WHERE table_id = $1 AND hand_id = $2 AND estimator = $3
           UNION ALL SELECT NULL, problem FROM hand_evidence_problems WHERE table_id = $1 AND hand_id = $2 AND estimator = $3`,
    values: [at.tableId, at.handId, estimator],
  });
  const r = rows.find((row) => row.evidence) ?? rows[0];
  if (!r) return undefined;
  return r.evidence ? { evidence: r.evidence } : { problem: r.problem! };
}

/** Kept once: evidence computed at the same time elsewhere is the same (a fixed seed per hand). */
export const storeEvidence = (q: Queryable, at: HandAt, estimator: string, evidence: StoredEvidence): Promise<void> =>
  storeOnce(q, evidenceTable(estimator), 'evidence', at, estimator, evidence);

/** A hand's row of `table`, per estimator, written once: a second writer's is the same. */
async function storeOnce(q: Queryable, table: string, column: string, at: HandAt, estimator: string, value: unknown): Promise<void> {
  await q.query({
    name: `${table}-insert`,
    text: `INSERT INTO ${table} (table_id, hand_id, estimator, ${column}) VALUES ($1, $2, $3, $4::jsonb)
           ON CONFLICT (table_id, hand_id, estimator) DO NOTHING`,
    values: [at.tableId, at.handId, estimator, JSON.stringify(value)],
  });
}

/** Why a hand has no evidence for an estimator: its problem code (HAND_NOT_REPLAYABLE, EVIDENCE_FAILED), what went wrong, where. */
export interface EvidenceProblem {
  code: string;
  detail: string;
  /** HAND_NOT_REPLAYABLE: the first refused action (absent: the rules or the deal). */
  actionIndex?: number;
  /** HAND_NOT_REPLAYABLE: the engine's rejection of it. */
  rejection?: unknown;
}

export const storeEvidenceProblem = (q: Queryable, at: HandAt, estimator: string, problem: EvidenceProblem): Promise<void> =>
  storeOnce(q, 'hand_evidence_problems', 'problem', at, estimator, problem);

/** Whether a hand's evidence for the estimator is settled: stored, or known not to be computable. */
export async function evidenceSettled(q: Queryable, at: HandAt, estimator: string): Promise<boolean> {
  const table = evidenceTable(estimator);
  const { rows } = await q.query({
    name: `${table}-settled`,
    text: `SELECT 1 FROM ${table} WHERE table_id = $1 AND hand_id = $2 AND estimator = $3
           UNION ALL SELECT 1 FROM hand_evidence_problems WHERE table_id = $1 AND hand_id = $2 AND estimator = $3`,
    values: [at.tableId, at.handId, estimator],
  });
  return rows.length > 0;
}

/**
 * The hands of a list whose evidence is settled for the estimator, without reading it: an
 * audit's progress. A read across tables (the audit's, docs/scaling.md), by each row's key.
 */
export async function settledHands(q: Queryable, hands: readonly HandAt[], estimator: string): Promise<Set<string>> {
  const { rows } = await q.query<{ hand_id: string }>(
    `WITH h AS (SELECT unnest($1::uuid[]) AS table_id, unnest($2::uuid[]) AS hand_id)
     SELECT e.hand_id FROM h JOIN ${evidenceTable(estimator)} e USING (table_id, hand_id) WHERE e.estimator = $3
     UNION ALL SELECT p.hand_id FROM h JOIN hand_evidence_problems p USING (table_id, hand_id) WHERE p.estimator = $3`,
    [...keys(hands), estimator],
  );
  return new Set(rows.map((r) => r.hand_id));
}

const keys = (hands: readonly HandAt[]): [string[], string[]] => [hands.map((h) => h.tableId), hands.map((h) => h.handId)];

/** The evidence and the problems of a list of hands, for the estimator: what an audit ranks its pairs from. */
export async function evidenceOfHands(
  q: Queryable,
  hands: readonly HandAt[],
  estimator: string,
): Promise<{ evidence: Map<string, StoredEvidence>; problems: Map<string, EvidenceProblem> }> {
  const of = `WITH h AS (SELECT unnest($1::uuid[]) AS table_id, unnest($2::uuid[]) AS hand_id)`;
  const [stored, failed] = await Promise.all([
    q.query<{ hand_id: string; evidence: StoredEvidence }>(
      `${of} SELECT e.hand_id, e.evidence FROM h JOIN ${evidenceTable(estimator)} e USING (table_id, hand_id) WHERE e.estimator = $3`,
      [...keys(hands), estimator],
    ),
    q.query<{ hand_id: string; problem: EvidenceProblem }>(
      `${of} SELECT p.hand_id, p.problem FROM h JOIN hand_evidence_problems p USING (table_id, hand_id) WHERE p.estimator = $3`,
      [...keys(hands), estimator],
    ),
  ]);
  return {
    evidence: new Map(stored.rows.map((r) => [r.hand_id, r.evidence])),
    problems: new Map(failed.rows.map((r) => [r.hand_id, r.problem])),
  };
}
