import type { Card } from '../core/types.js';

/**
 * The 36-card Tell pack, docs/rules/dobbm.md#cards. Code = suit letter + rank token (`HS`, `A10`, `BO`).
 * Hearts (`H`) are permanent trumps; the Sow (Sau, the deuce) is the top card of every suit.
 * Lookups are precomputed tables: the engine runs hundreds of thousands of hands a second.
 */
const SUITS = ['H', 'L', 'A', 'B'] as const;
export type Suit = (typeof SUITS)[number];
/** High → low; the same order in every suit. */
const RANKS = ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'] as const;
const RANK_POINTS = [11, 10, 4, 3, 2, 0, 0, 0, 0];

/** The canonical unshuffled deck: hearts, leaves, acorns, bells, each Sow → Six. */
export const DOBBM_DECK: readonly Card[] = Object.freeze(SUITS.flatMap((s) => RANKS.map((r) => s + r)));

const SUIT_BY_CHAR = new Int8Array(128).fill(-1);
const RANK_BY_CHAR = new Int8Array(128).fill(-1);
SUITS.forEach((s, i) => (SUIT_BY_CHAR[s.charCodeAt(0)] = i));
RANKS.forEach((r, i) => (RANK_BY_CHAR[r.charCodeAt(0)] = i));

/** Position of a card code in `DOBBM_DECK` (suit × 9 + rank), or -1 for anything else. */
export function cardIndex(c: unknown): number {
  if (typeof c !== 'string' || c.length < 2 || c.length > 3) return -1;
  const s0 = c.charCodeAt(0);
  const s1 = c.charCodeAt(1);
  const suit = s0 < 128 ? SUIT_BY_CHAR[s0]! : -1;
  const rank = s1 < 128 ? RANK_BY_CHAR[s1]! : -1;
  if (suit < 0 || rank < 0) return -1;
  // `1` opens only `10`, and `10` is the only three-character code.
  if ((rank === 1) !== (c.length === 3) || (c.length === 3 && c.charCodeAt(2) !== 48)) return -1;
  return suit * 9 + rank;
}

// Points and strength by the char code of a code's second character (`S`, `1` of `10`,
// `K`, `O`, `U`, `9` … `6`): an array index instead of a string-keyed lookup on the hot path.
const POINTS_BY_CHAR = new Int8Array(128);
const STRENGTH_BY_CHAR = new Int8Array(128);
RANKS.forEach((r, i) => {
  POINTS_BY_CHAR[r.charCodeAt(0)] = RANK_POINTS[i]!;
  STRENGTH_BY_CHAR[r.charCodeAt(0)] = RANKS.length - i; // Sow 9 … Six 1
});

/** True when `cards` holds each of the 36 cards exactly once (deals are hot: a 36-bit mask). */
export function isWholePack(cards: readonly Card[]): boolean {
  if (cards.length !== 36) return false;
  let low = 0; // cards 0..29
  let high = 0; // cards 30..35
  for (const c of cards) {
    const i = cardIndex(c);
    if (i < 0) return false;
    if (i < 30) {
      if (low & (1 << i)) return false;
      low |= 1 << i;
    } else {
      if (high & (1 << (i - 30))) return false;
      high |= 1 << (i - 30);
    }
  }
  return true;
}

/** Card points (Augen): Sow 11, Ten 10, King 4, Ober 3, Unter 2, the rest 0. 120 in the pack. */
export const cardPoints = (c: Card): number => POINTS_BY_CHAR[c.charCodeAt(1)]!;
/** Trick-taking rank inside a suit, 9 (Sow) down to 1 (Six). */
export const strength = (c: Card): number => STRENGTH_BY_CHAR[c.charCodeAt(1)]!;
export const suitOf = (c: Card): Suit => c[0] as Suit;
/**
 * The hot loops (legal cards, revokes, trick winners, bots) compare suits as character codes:
 * no string is built per card. These names keep the trick readable.
 */
export const suitCode = (c: Card): number => c.charCodeAt(0);
/** `suitCode` of a heart ('H'). */
export const HEART_CODE = 72;
/** The rank character code of a sow, the deuce ('S'). */
const SOW_CODE = 83;
/** Hearts: permanent trumps (docs/rules/dobbm.md#summary). */
export const isHeart = (c: Card): boolean => suitCode(c) === HEART_CODE;
export const isSow = (c: Card): boolean => c.charCodeAt(1) === SOW_CODE;

export function pointsOf(cards: readonly Card[]): number {
  let total = 0;
  for (const c of cards) total += POINTS_BY_CHAR[c.charCodeAt(1)]!;
  return total;
}

/**
 * True when `a` beats `b` in a trick led in `led`: a heart beats any non-heart, inside one
 * suit the higher rank wins, a card that neither follows nor trumps never wins
 * (docs/rules/dobbm.md#play).
 */
export function beats(a: Card, b: Card, led: Suit): boolean {
  return beatsCode(a, b, suitCode(led));
}

function beatsCode(a: Card, b: Card, led: number): boolean {
  const as = suitCode(a);
  const bs = suitCode(b);
  if (as !== bs) return as === HEART_CODE || (bs !== HEART_CODE && as === led);
  return STRENGTH_BY_CHAR[a.charCodeAt(1)]! > STRENGTH_BY_CHAR[b.charCodeAt(1)]!;
}

/** Index of the winning card of a trick in play order. */
export function winningIndex(cards: readonly Card[]): number {
  const led = suitCode(cards[0]!);
  let best = 0;
  for (let i = 1; i < cards.length; i++) if (beatsCode(cards[i]!, cards[best]!, led)) best = i;
  return best;
}
