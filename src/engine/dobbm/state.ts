import type { Card, TurnState } from '../core/types.js';
import type { CallWord, DoublingFields } from '../core/doubling.js';

export type { CallWord };
import type { DobbmOptions } from './options.js';

/** The two contracts: `dobbm` (ordinary game with exchange) and `solo` (no exchange). */
export type Contract = 'dobbm' | 'solo';
export type BidWord = 'pass' | Contract;
export type Phase = 'bidding' | 'exchange' | 'doubling' | 'play' | 'over';

export interface Bid {
  seat: number;
  bid: BidWord;
}
/** A finished trick: cards in play order from `leader`, won by `winner`. */
interface CompletedTrick {
  leader: number;
  cards: Card[];
  winner: number;
  points: number;
}

/**
 * One Dobbm deal. Immutable plain JSON: `apply` copies only what changes (the hot path of
 * the benchmark), so arrays are shared between successive states and must never be mutated.
 */
export interface DobbmState extends TurnState<DobbmOptions, Phase>, DoublingFields {
  /** A Mußrunde ("must round") deal: forehand must declare, no throw-in (docs/rules/dobbm.md#mussrunde). Active seats: a0..a3 (docs/rules/dobbm.md#deal). */
  readonly mussrunde: boolean;
  /** The Dobb (talon) as dealt. */
  readonly dobb: readonly Card[];
  readonly bids: readonly Bid[];
  readonly declarer: number | null;
  readonly contract: Contract | null;
  /** The declarer's four discarded cards (Dobbm only). */
  readonly discard: readonly Card[] | null;
  /** D1, D2, D3: the defenders in speaking order of the doubling (docs/rules/dobbm.md#doubling). */
  readonly defenders: readonly number[];
  /** The trick being played (cards in play order; `leader` led). */
  readonly trickLeader: number;
  readonly trick: readonly Card[];
  readonly tricks: readonly CompletedTrick[];
  readonly declarerTricks: number;
  readonly declarerTrickPoints: number;
  /** Set when a reported irregularity abandoned the deal (`irregularities: penalize`, docs/rules/dobbm.md#irregularities). */
  readonly irregularity: { offender: number; reporter: number } | null;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A shallow copy to change a few fields of. A literal with every field in one fixed order
 * keeps a single object shape, which object spread does not, and one shape is what keeps
 * `apply` fast (bench:engine shows the difference in every game), so the field list is written
 * out in each game.
 */
export function copyState(s: DobbmState): Mutable<DobbmState> {
  return {
    options: s.options,
    dealer: s.dealer,
    mussrunde: s.mussrunde,
    active: s.active,
    phase: s.phase,
    turn: s.turn,
    hands: s.hands,
    dobb: s.dobb,
    bids: s.bids,
    declarer: s.declarer,
    contract: s.contract,
    discard: s.discard,
    defenders: s.defenders,
    calls: s.calls,
    doublingStep: s.doublingStep,
    doublingIndex: s.doublingIndex,
    doublings: s.doublings,
    trickLeader: s.trickLeader,
    trick: s.trick,
    tricks: s.tricks,
    declarerTricks: s.declarerTricks,
    declarerTrickPoints: s.declarerTrickPoints,
    irregularity: s.irregularity,
  };
}

/** A new state with `changes` applied; the input is left as it was. */
export const withChanges = (s: DobbmState, changes: Partial<DobbmState>): DobbmState => Object.assign(copyState(s), changes);
