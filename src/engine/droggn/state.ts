import type { Card, TurnState } from '../core/types.js';
import type { CallWord, DoublingFields } from '../core/doubling.js';

export type { CallWord };
import type { DroggnOptions } from './options.js';

/** Contracts low → high (docs/rules/droggn.md#bidding): Ansager (ordinary game), Solo, Super, Super Mord. */
export type Contract = 'ansager' | 'solo' | 'super' | 'supermord';
export const CONTRACTS: readonly Contract[] = ['ansager', 'solo', 'super', 'supermord'];
/** "weiter"/"gut" is `pass`. */
export type BidWord = 'pass' | Contract;
type Phase = 'bidding' | 'discard' | 'buy' | 'ready' | 'layout' | 'doubling' | 'play' | 'over';

export interface Play {
  seat: number;
  card: Card;
}
export interface CompletedTrick {
  leader: number;
  plays: Play[];
  winner: number;
}

/** Buying in an Ansager (docs/rules/droggn.md#exchange): bought, declined, or the right forfeited. */
type BuyRecord = { kind: 'bought'; card: Card; give: Card; from: number } | { kind: 'declined' } | { kind: 'forfeited'; card: Card };

/** A card laid out face up ("auslegen", docs/rules/droggn.md#layout); it stays in its owner's hand. */
export interface Layout {
  seat: number;
  card: 'T1' | 'GS';
}

/** Why the hand ended. */
type EndReason = 'played' | 'mordLost' | 'thrownIn' | 'irregularity';

/**
 * One Droggn deal: an immutable JSON value. `apply` returns a new object and shares the
 * unchanged parts, so no array in a state may be mutated. Active seats a0, a1, a2 (
 * docs/rules/droggn.md#deal); laid-out cards stay in `hands`.
 */
export interface DroggnState extends TurnState<DroggnOptions, Phase>, DoublingFields {
  readonly game: 'droggn';
  /** As dealt (the Ansager/Solo declarer picks it up; Super keeps it face down). */
  readonly dealtHands: readonly (readonly Card[])[];
  readonly talon: readonly Card[];
  readonly bids: readonly { seat: number; bid: BidWord }[];
  readonly declarer: number | null;
  readonly contract: Contract | null;
  readonly discard: readonly Card[] | null;
  readonly buy: BuyRecord | null;
  /** D1, D2: the defenders from the declarer's left (docs/rules/droggn.md#doubling). */
  readonly defenders: readonly number[];
  readonly layouts: readonly Layout[];
  /** Defenders who answered the layout question (docs/rules/droggn.md#layout). */
  readonly layoutAnswers: number;
  readonly trickLeader: number;
  readonly trick: readonly Play[];
  readonly tricks: readonly CompletedTrick[];
  /** "Kleine und Gstieß Ultimo" conditions met at trick 20 (docs/rules/droggn.md#scoring). */
  readonly ultimoClaim: boolean;
  readonly endReason: EndReason | null;
  /** Set when a reported irregularity abandoned the deal (`irregularities: penalize`, docs/rules/droggn.md#irregularities). */
  readonly irregularity: { offender: number; reporter: number } | null;
}

export const BASE_VALUE: Record<Exclude<Contract, 'supermord'>, number> = { ansager: 20, solo: 40, super: 80 };

/** A state under construction inside `apply` (a fresh copy, never the argument). */
export type DraftState = { -readonly [K in keyof DroggnState]: DroggnState[K] };

/**
 * A shallow copy of `s` for `apply` to change before returning it. Spelled out field by field,
 * in the key order of the initial state, rather than `{ ...s }`: states reach the rules in many
 * hidden-class shapes (built along different paths, read back from the database), and V8's
 * object spread then falls back to a generic copy of about a microsecond, on every card
 * played. A new field must be added here too.
 */
export function copyState(s: DroggnState): DraftState {
  return {
    game: s.game,
    options: s.options,
    dealer: s.dealer,
    active: s.active,
    phase: s.phase,
    turn: s.turn,
    hands: s.hands,
    dealtHands: s.dealtHands,
    talon: s.talon,
    bids: s.bids,
    declarer: s.declarer,
    contract: s.contract,
    discard: s.discard,
    buy: s.buy,
    defenders: s.defenders,
    layouts: s.layouts,
    layoutAnswers: s.layoutAnswers,
    calls: s.calls,
    doublingStep: s.doublingStep,
    doublingIndex: s.doublingIndex,
    doublings: s.doublings,
    trickLeader: s.trickLeader,
    trick: s.trick,
    tricks: s.tricks,
    ultimoClaim: s.ultimoClaim,
    endReason: s.endReason,
    irregularity: s.irregularity,
  };
}

/** `{ ...s, ...changes }` by way of `copyState`. */
export const withChanges = (s: DroggnState, changes: Partial<DroggnState>): DroggnState => Object.assign(copyState(s), changes);
