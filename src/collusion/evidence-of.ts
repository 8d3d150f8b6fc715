import type { HandEvidenceOf } from './evidence/call-evidence.js';
import type { PairOptions } from './pairs/pairs.js';
import { handEvidence as dobbmEvidence } from './evidence/dobbm.js';
import type { DobbmSolver } from '../solvers/dobbm/solver.js';
import { handEvidence as droggnEvidence } from './evidence/droggn.js';
import { handEvidence as doppelkopfEvidence } from './evidence/doppelkopf.js';
import type { GameId, HandRecord } from '../engine/index.js';

/**
 * The games the audit covers: those with Schwacher and Retour, and Doppelkopf, whose
 * announcements move value wherever one player plays alone against three (docs/audit-doppelkopf.md).
 */
export const AUDIT_GAMES = ['dobbm', 'droggn', 'doppelkopf'] as const satisfies readonly GameId[];
export type AuditGame = (typeof AUDIT_GAMES)[number];
export const isAuditGame = (game: string): game is AuditGame => (AUDIT_GAMES as readonly string[]).includes(game);

export type AnyHandEvidence = HandEvidenceOf<string>;

/** What one hand's evidence is computed from (in a worker thread or in place). */
export interface EvidenceInput {
  record: HandRecord<AuditGame>;
  /** Sampled deals per caller. */
  samples: number;
  seed: number;
  /** Only the defenders' calls, which are all the pair statistics read (the simulator's saving); default false. */
  defendersOnly?: boolean;
  /** Dobbm: the node budget of a double-dummy solve; default `MAX_NODES_PER_SOLVE`. */
  maxNodesPerSolve?: number;
  /** Droggn: the last tricks of every playout solved double-dummy instead of played by the bot (docs/audit-droggn.md "hybrid"); default 0, the bot plays all. */
  droggnExactTricks?: number;
  /** Droggn: also the declarer's own win estimate at the doubling (`declarerWinProbability`), which its statistic reads; default true. */
  declarerEstimate?: boolean;
}

/**
 * The estimator's version per game: raise it when the evidence a hand gives changes (the sampler,
 * the solver or playouts, the statistic's inputs), so that stored evidence is computed anew; an
 * unchanged estimator never recomputes a hand. Droggn's 2 adds the declarer's own estimate.
 */
const ESTIMATOR_VERSION: Record<AuditGame, number> = { dobbm: 1, droggn: 2, doppelkopf: 1 };

/** What names the estimator that computed a hand's evidence: the game's method, its version and the samples per caller. */
export const evidenceKey = (game: AuditGame, samples: number): string => `${game}-v${ESTIMATOR_VERSION[game]}-samples${samples}`;

/**
 * How the pair statistics score a game's calls: Droggn's against the declarer's own estimate, with
 * the caller's estimate fitted (docs/audit-droggn.md: it finds the planted pairs from fewer hands
 * than the 0/1 result, honest pairs as rarely flagged); Doppelkopf's by the announcements against a
 * strong lone player, strong by his own estimate (docs/audit-doppelkopf.md#statistics); Dobbm's as
 * they always were.
 */
export const pairOptionsFor = (game: AuditGame): PairOptions =>
  game === 'dobbm'
    ? {}
    : game === 'droggn'
      ? { outcome: 'declarerEstimate', fitBaseline: true }
      : { outcome: 'declarerEstimate', fitBaseline: true, strongDeclarerFrom: DOPPELKOPF_STRONG_DECLARER };

/**
 * Doppelkopf's pairs are tested by the defenders' announcements against a lone player whose own
 * chance is at least a half: from there on every point the value rises pays the pair (three shares
 * won against one lost), so that is where a colluder's announcement pays and an honest one is rare.
 */
const DOPPELKOPF_STRONG_DECLARER = 0.5;

/** The node budget of a Dobbm double-dummy solve, as in the simulator (over budget counts ½). */
const MAX_NODES_PER_SOLVE = 20000;

/**
 * One hand's evidence, by game: Dobbm solves each sampled deal double-dummy, Droggn plays it out
 * with the heuristic bot (exact solving is too slow there: docs/audit-droggn.md).
 */
export function evidenceOf(input: EvidenceInput, dobbmSolver: () => DobbmSolver): AnyHandEvidence {
  const { record, samples, seed } = input;
  const defendersOnly = input.defendersOnly ?? false;
  if (record.game === 'doppelkopf') {
    // Only the defenders' chances are evidence: the lone player's own announcements are his interest anyway.
    return doppelkopfEvidence(record as HandRecord<'doppelkopf'>, { samples, seed, declarerEstimate: input.declarerEstimate ?? true });
  }
  if (record.game === 'droggn') {
    const exact = input.droggnExactTricks ? { exact: { tricks: input.droggnExactTricks } } : {};
    const declarerEstimate = input.declarerEstimate ?? true;
    return droggnEvidence(record as HandRecord<'droggn'>, { samples, seed, defendersOnly, declarerEstimate, ...exact });
  }
  return dobbmEvidence(record as HandRecord<'dobbm'>, {
    samples,
    seed,
    defendersOnly,
    maxNodesPerSolve: input.maxNodesPerSolve ?? MAX_NODES_PER_SOLVE,
    solver: dobbmSolver(),
  });
}
