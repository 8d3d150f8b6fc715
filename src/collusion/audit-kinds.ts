import { sharingBudget, sharingEstimator } from './sharing/evidence.js';
import { evidenceKey, type AuditGame } from './evidence-of.js';

/**
 * What the collusion audit looks for: `doubling` (docs/audit.md: calls that follow a partner's
 * strength) or `card-sharing` (docs/audit-card-sharing.md: play as if another player's cards
 * were seen). Each kind has its own evidence per hand, estimator and pair statistics; the job
 * queue, the jobs and the workers are shared.
 */
export const AUDIT_KINDS = ['doubling', 'card-sharing'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The estimator settings of the audit's workers: samples per doubling call, worlds per card-sharing valuation. */
export interface EstimatorSettings {
  auditSamples: number;
  auditSharingWorlds: number;
}

/** The estimator key a kind's evidence is stored under for a game (a new key computes anew). */
export const estimatorOf = (kind: AuditKind, game: AuditGame, s: EstimatorSettings): string =>
  kind === 'card-sharing' ? sharingEstimator(sharingBudget(s.auditSharingWorlds)) : evidenceKey(game, s.auditSamples);

/** Card-sharing estimators (`card-sharing-v…`) name their evidence in a table of its own. */
export const isSharingEstimator = (estimator: string): boolean => estimator.startsWith('card-sharing-');

/** The worlds a card-sharing estimator names (the job's, not the worker's setting). */
export function worldsOf(estimator: string): number {
  const m = /-w(\d+)-/.exec(estimator);
  if (!m) throw new Error(`not a card-sharing estimator: ${estimator}`);
  return Number(m[1]);
}
