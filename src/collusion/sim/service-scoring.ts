import { validateEnv } from '../../config/env.js';
import { pairOptionsFor, type AuditGame } from '../evidence-of.js';
import type { PairOptions } from '../pairs/pairs.js';

/** What a simulator run may set against the service's scoring (`--outcome`, `--fit-baseline`, `--samples`). */
export interface ScoringOverrides {
  outcome?: 'result' | 'declarer';
  fitBaseline?: boolean;
  samples?: number;
}

/** The estimator and statistic a simulator run uses: the service's unless overridden. */
export interface SimScoring {
  /** Sampled deals (Droggn: playouts) per caller. */
  samples: number;
  /** The pair statistics' options, as `pairStatistics` takes them. */
  pairs: PairOptions;
  /** Whether the evidence must carry the declarer's own estimate (read by `outcome: 'declarerEstimate'`). */
  declarerEstimate: boolean;
}

/**
 * The service's scoring of a game, so that a plain simulator run shows what `GET /audit/collusion`
 * would find on the same hands: its statistic (`pairOptionsFor`) and its samples per caller (the
 * `AUDIT_SAMPLES` default, read from the service's own settings with nothing set).
 */
export function simScoring(game: AuditGame, overrides: ScoringOverrides = {}): SimScoring {
  const service = pairOptionsFor(game);
  const pairs: PairOptions = { ...service };
  if (overrides.outcome !== undefined) pairs.outcome = overrides.outcome === 'declarer' ? 'declarerEstimate' : 'result';
  if (overrides.fitBaseline !== undefined) pairs.fitBaseline = overrides.fitBaseline;
  return {
    samples: overrides.samples ?? validateEnv({}).auditSamples,
    pairs,
    declarerEstimate: pairs.outcome === 'declarerEstimate',
  };
}
