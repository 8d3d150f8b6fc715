/**
 * Evidence for one doubling call (docs/rules/dobbm.md#doubling, docs/rules/droggn.md#doubling): Gut counts as much as Schwacher and
 * Retour — a Gut where a double was cheap is as telling as a double that was dear. The same
 * shape for every game, so the pair statistics (pairs/pairs.ts) read any of them.
 */
export interface CallEvidence {
  actionIndex: number;
  seat: number;
  role: 'declarer' | 'defender';
  /**
   * Dobbm and Droggn: Gut, Schwacher, Retour. Doppelkopf (evidence/doppelkopf.ts): a defender's
   * announcement (Kontra, keine 90 … schwarz) or `none`, the chance of one he let pass.
   */
  call: 'gut' | 'schwacher' | 'retour' | DokoCall;
  /** True for Schwacher and Retour. */
  doubles: boolean;
  /** The round the call was made in: the defenders' Schwacher round, the declarer's answer, a defenders' Retour round. */
  step: 'schwacher' | 'declarer' | 'retour' | DokoStep;
  /** `2^k` before the call. */
  multiplierBefore: number;
  /** Declarer's win probability from the caller's information (sampled deals, each solved or played out). */
  winProbabilityCaller: number;
  samples: number;
  /** Samples whose solve ran out of its node budget (each counted as ½); 0 for playouts. */
  unresolved: number;
  /** 1 or 0: the declarer's result on the true deal (½ if a solve ran over budget). */
  winTrue: number;
  /**
   * Expected money the call costs the caller against the other word (Gut ↔ double), from his
   * own information, valuing a won or lost game at a nominal margin (each game says which).
   * Myopic: later calls are not looked ahead to.
   */
  expectedCostToCaller: number;
  /** What the call added to the declarer's settlement in the hand as played (0 for Gut). */
  valueToDeclarer: number;
}

/** A Doppelkopf defender's word at a moment he could announce: an announcement of his party, or none. */
export type DokoCall = 'kontra' | 'no90' | 'no60' | 'no30' | 'schwarz' | 'none';
/** Doppelkopf: a defender's first chance to announce (`ansage`), or a further announcement after his first (`absage`). */
export type DokoStep = 'ansage' | 'absage';

/** A hand's evidence: who declared and defended, the true-deal result, and every call. */
export interface HandEvidenceOf<C extends string> {
  declarer: number | null;
  contract: C | null;
  /** Active defenders in speaking order, from the declarer's left. */
  defenders: number[];
  /** The declarer's result on the true deal (null: thrown in, or a solve over budget). */
  declarerWinsTrue: boolean | null;
  /** `D` as played (null: not finished, thrown in, or stopped early). */
  declarerPointsPlayed: number | null;
  /**
   * The declarer's own win probability at the doubling, from his information (his cards, his
   * discard), when the estimator was asked for it: a smoother outcome for the pair statistics
   * than the 0/1 result, since a colluder's signal is about the declarer's cards.
   */
  declarerWinProbability?: number;
  calls: CallEvidence[];
}

/** Rounded to hundredths (money), never -0. */
export const round2 = (x: number): number => Math.round(x * 100) / 100 || 0;

/** What a game computes for one call; `callEvidence` makes the record every game shares. */
export interface CallFacts {
  actionIndex: number;
  seat: number;
  call: CallEvidence['call'];
  /** The state the call was made in. */
  state: { declarer: number | null; doublingStep: CallEvidence['step'] | null; doublings: number };
  estimate: { p: number; n: number; unresolved?: number };
  winsTrue: boolean | null;
  /** A won or lost game at the nominal margin, at the multiplier before the call, per opponent. */
  nominal: number;
  /** The declarer's opponents (each pays or is paid `nominal`). */
  opponents: number;
  valueToDeclarer: number;
}

/**
 * The evidence of one call: a double costs the caller the declarer's edge (2p − 1) at the
 * nominal game value — a defender once, the declarer once per opponent — and a Gut the reverse.
 */
export function callEvidence(f: CallFacts): CallEvidence {
  const doubles = f.call !== 'gut';
  const role = f.seat === f.state.declarer ? 'declarer' : 'defender';
  const edge = 2 * f.estimate.p - 1;
  const costOfDouble = role === 'defender' ? f.nominal * edge : -f.nominal * edge * f.opponents;
  return {
    actionIndex: f.actionIndex,
    seat: f.seat,
    role,
    call: f.call,
    doubles,
    step: f.state.doublingStep ?? 'schwacher',
    multiplierBefore: 2 ** f.state.doublings,
    winProbabilityCaller: f.estimate.p,
    samples: f.estimate.n,
    unresolved: f.estimate.unresolved ?? 0,
    winTrue: f.winsTrue === null ? 0.5 : f.winsTrue ? 1 : 0,
    expectedCostToCaller: round2(doubles ? costOfDouble : -costOfDouble),
    valueToDeclarer: f.valueToDeclarer,
  };
}
