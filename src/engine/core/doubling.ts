/**
 * The doubling dialogue of docs/rules/dobbm.md#doubling, shared by Dobbm and Droggn (docs/rules/droggn.md#doubling "exactly as
 * Dobbm"): the defenders D1, D2, … say `gut` or `schwacher` ("weak!", the first double); after
 * a Schwacher the declarer says `gut` or `retour` (re-double); after a Retour the defenders are
 * asked again from D1 (docs/rules/dobbm.md#decision-9), and so on. Each Schwacher/Retour doubles every payment.
 */
export type CallWord = 'gut' | 'schwacher' | 'retour';
export type DoublingStep = 'schwacher' | 'declarer' | 'retour';

export interface DoublingPosition {
  readonly step: DoublingStep;
  /** Which defender speaks (0 = D1); unused at the declarer's step. */
  readonly index: number;
  /** `k`, the Schwacher and Retour calls so far: the multiplier is 2^k. */
  readonly doublings: number;
}

export const firstDoublingPosition: DoublingPosition = { step: 'schwacher', index: 0, doublings: 0 };

/**
 * "Unlimited" doublings stop here, and no `maxDoublings` may name more. A score is a JSON
 * number: a double must tell its hundredths apart (Dobbm `rounding: exact`), which it does
 * below 2^46 (a unit in the last place ≤ 2^-7 < 0.01). The largest score with cents — the
 * five-player declarer's 4 × 59/60 × `MAX_STAKE` × Solo 2 × 2^k — is 4.2e13 at k = 29 and
 * 8.4e13 (past 2^46 ≈ 7.0e13) at k = 30. Beyond it only `gut` is offered, as at a cap.
 */
export const TECHNICAL_MAX_DOUBLINGS = 29;

/** The largest stake an option may name (see `TECHNICAL_MAX_DOUBLINGS`). */
export const MAX_STAKE = 10_000;

const GUT_ONLY: readonly CallWord[] = ['gut'];
const SCHWACHER_ROUND: readonly CallWord[] = ['gut', 'schwacher'];
const RETOUR_STEP: readonly CallWord[] = ['gut', 'retour'];

/** Calls open at this position; at the `maxDoublings` cap only `gut` (docs/rules/dobbm.md#doubling). */
export function openCalls(pos: DoublingPosition, maxDoublings: number | null): readonly CallWord[] {
  if (pos.doublings >= (maxDoublings ?? TECHNICAL_MAX_DOUBLINGS)) return GUT_ONLY;
  return pos.step === 'schwacher' ? SCHWACHER_ROUND : RETOUR_STEP;
}

/** The position after an open `call`, or `null` when the dialogue is over and play begins. */
export function nextDoublingPosition(pos: DoublingPosition, call: CallWord, defenderCount: number): DoublingPosition | null {
  if (call === 'gut') {
    if (pos.step === 'declarer' || pos.index + 1 === defenderCount) return null;
    return { ...pos, index: pos.index + 1 };
  }
  const doublings = pos.doublings + 1;
  return pos.step === 'declarer' ? { step: 'retour', index: 0, doublings } : { step: 'declarer', index: 0, doublings };
}

/** The seat that speaks at a position. */
export function doublingSpeaker(pos: DoublingPosition, defenders: readonly number[], declarer: number): number {
  return pos.step === 'declarer' ? declarer : defenders[pos.index]!;
}

/** A Dobbm or Droggn hand's doubling dialogue so far: part of both states. */
export interface DoublingFields {
  readonly calls: readonly { seat: number; call: CallWord }[];
  /** The round of the next call; `null` outside the doubling phase. */
  readonly doublingStep: DoublingStep | null;
  /** Index into `defenders` of the next defender to speak in a defenders' round. */
  readonly doublingIndex: number;
  /** `k`: Schwacher and Retour calls so far; the multiplier is 2^k. */
  readonly doublings: number;
}

/** What the dialogue reads of a hand state. */
interface DoublingState extends DoublingFields {
  readonly defenders: readonly number[];
  readonly declarer: number | null;
  readonly options: { readonly 'doubling.maxDoublings': number | null };
}

const positionOf = (s: DoublingState): DoublingPosition => ({ step: s.doublingStep!, index: s.doublingIndex, doublings: s.doublings });

/** Calls open to the speaker of a hand in its doubling phase (`doubling.maxDoublings`). */
export const openCallsOf = (s: DoublingState): readonly CallWord[] => openCalls(positionOf(s), s.options['doubling.maxDoublings']);

/** The doubling fields and the speaker after an open `call`, or `null` when the dialogue is over and play begins. */
export function afterCall(
  s: DoublingState,
  call: CallWord,
): { doublingStep: DoublingStep; doublingIndex: number; doublings: number; turn: number } | null {
  const after = nextDoublingPosition(positionOf(s), call, s.defenders.length);
  if (after === null) return null;
  return {
    doublingStep: after.step,
    doublingIndex: after.index,
    doublings: after.doublings,
    turn: doublingSpeaker(after, s.defenders, s.declarer!),
  };
}
