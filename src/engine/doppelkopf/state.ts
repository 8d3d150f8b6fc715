import type { Card } from '../core/types.js';
import type { ContractKind } from './cards.js';
import type { DokoOptions } from './options.js';

export type Party = 're' | 'kontra';
export type ReservationCall = 'gesund' | 'vorbehalt' | 'throwin';
/** Wedding (Hochzeit) partner rule: which of tricks 1–3 may find the partner (docs/rules/doppelkopf.md#wedding-poverty). */
export type WeddingType = 'first' | 'trump' | 'nontrump';
export type DeclaredContract = Exclude<ContractKind, 'normal' | 'silent-solo'>;

/** What the session imposes on a hand (docs/rules/doppelkopf.md#sessions); JSON only. */
export type DokoContext = {
  /** Seats that already played their compulsory solo (Pflichtsolo) this session. */
  compulsoryDone?: number[];
  /** A Vorführung deal: this seat must declare a solo. */
  vorfuehrung?: number | null;
};

export interface PlayedCard {
  seat: number;
  card: Card;
}

export interface DokoTrick {
  leader: number;
  plays: PlayedCard[];
  winner?: number;
}

interface Announcement {
  seat: number;
  party: Party;
  /** 0 Re/Kontra, 1 keine 90, 2 keine 60, 3 keine 30, 4 schwarz (docs/rules/doppelkopf.md#announcements). */
  level: number;
  /** Booked by the server (forced announcement, piglets). */
  forced?: boolean;
  /**
   * The party's Re or Kontra came with this announcement as a late reply: after its own
   * window, in answer to the other party (docs/rules/doppelkopf.md#late-reply).
   */
  reply?: true;
}

interface Poverty {
  pauper: number;
  passed: Card[] | null;
  /** Seats that declined, in asking order. */
  declined: number[];
  acceptor: number | null;
  returned: Card[] | null;
}

type Phase = 'reservations' | 'contracts' | 'poverty' | 'poverty-answer' | 'poverty-return' | 'play' | 'over';

export interface DokoState {
  game: 'doppelkopf';
  options: DokoOptions;
  dealer: number;
  context: DokoContext;
  /** One list per seat; `null` for a sitting-out fifth dealer (docs/rules/doppelkopf.md#players). */
  hands: (Card[] | null)[];
  /** Hands as dealt (for the record and the silent solo / Re party lookup). */
  dealt: (Card[] | null)[];
  phase: Phase;
  /** R1 calls in active order from the dealer (docs/rules/doppelkopf.md#reservations). */
  reservations: { seat: number; call: ReservationCall }[];
  /** R2: one contract from each VORBEHALT player, private until resolved. */
  contractCalls: { seat: number; contract: DeclaredContract; wedding?: WeddingType }[];
  contract: ContractKind | null;
  declarer: number | null;
  /** The winning reservation was a compulsory solo (Pflichtsolo). */
  compulsory: boolean;
  weddingType: WeddingType | null;
  /** Wedding partner, once found; trick number c (1–3) that found it. */
  weddingPartner: number | null;
  weddingTrick: number | null;
  /** The wedding found no partner: a solo with σ = 2 (docs/rules/doppelkopf.md#decision-8). */
  weddingFailed: boolean;
  poverty: Poverty | null;
  piglets: number | null;
  superPiglets: number | null;
  announcements: Announcement[];
  tricks: DokoTrick[];
  current: DokoTrick | null;
  thrownIn: { seat: number | null; reason: 'fiveNines' | 'fiveKings' | 'povertyRefused' } | null;
}

/**
 * A shallow copy of `s` for `apply` to change before returning it (its argument is never
 * changed). Spelled out field by field, in the key order of `initialState`, rather than
 * `{ ...s }`: states reach the rules in many hidden-class shapes (built along different paths,
 * read back from the database), and V8's object spread then falls back to a generic copy of
 * about a microsecond, on every card played. A new field must be added here too.
 */
export function copyState(s: DokoState): DokoState {
  return {
    game: s.game,
    options: s.options,
    dealer: s.dealer,
    context: s.context,
    hands: s.hands,
    dealt: s.dealt,
    phase: s.phase,
    reservations: s.reservations,
    contractCalls: s.contractCalls,
    contract: s.contract,
    declarer: s.declarer,
    compulsory: s.compulsory,
    weddingType: s.weddingType,
    weddingPartner: s.weddingPartner,
    weddingTrick: s.weddingTrick,
    weddingFailed: s.weddingFailed,
    poverty: s.poverty,
    piglets: s.piglets,
    superPiglets: s.superPiglets,
    announcements: s.announcements,
    tricks: s.tricks,
    current: s.current,
    thrownIn: s.thrownIn,
  };
}

/** `{ ...s, ...changes }` by way of `copyState`. */
export const withChanges = (s: DokoState, changes: Partial<DokoState>): DokoState => Object.assign(copyState(s), changes);
