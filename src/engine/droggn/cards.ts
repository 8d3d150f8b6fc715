import type { Card } from '../core/types.js';

/**
 * The 66-card Droggn pack (docs/rules/droggn.md#cards): 21 trumps `T1`…`T21`, four suits of eleven and
 * the Gstieß (fool, excuse) `GS`, which is not a trump.
 */
export const GSTIESS = 'GS';
/** Trump I, the Pagat ("der Kleine"). */
export const PAGAT = 'T1';
/** Trump XXI, the Mond ("der Große"). */
export const MOND = 'T21';

export type Suit = 'S' | 'C' | 'H' | 'D';
export const SUITS: readonly Suit[] = ['S', 'C', 'H', 'D'];

/** Ranks high → low; the red suits run K Q R J 1 2 … 7 (docs/rules/droggn.md#cards). */
const BLACK_RANKS = ['K', 'Q', 'R', 'J', '10', '9', '8', '7', '6', '5', '4'] as const;
const RED_RANKS = ['K', 'Q', 'R', 'J', '1', '2', '3', '4', '5', '6', '7'] as const;

const ranksOf = (suit: Suit): readonly string[] => (suit === 'S' || suit === 'C' ? BLACK_RANKS : RED_RANKS);

export const DECK: readonly Card[] = [
  ...Array.from({ length: 21 }, (_, i) => `T${i + 1}`),
  ...SUITS.flatMap((s) => ranksOf(s).map((r) => `${s}${r}`)),
  GSTIESS,
];

const DECK_SET: ReadonlySet<Card> = new Set(DECK);
export const isCard = (c: unknown): c is Card => typeof c === 'string' && DECK_SET.has(c);

export const isTrump = (c: Card): boolean => c[0] === 'T';
/** The suit of a suit card; `null` for trumps and the Gstieß. */
export const suitOf = (c: Card): Suit | null => (c === GSTIESS || isTrump(c) ? null : (c[0] as Suit));
export const isKing = (c: Card): boolean => suitOf(c) !== null && c.slice(1) === 'K';
const trumpNumber = (c: Card): number => (isTrump(c) ? Number(c.slice(1)) : 0);

/** Strength inside its own class: trump number, or 11 − position in the suit (king = 11). */
export function rankValue(c: Card): number {
  if (isTrump(c)) return trumpNumber(c);
  const s = suitOf(c);
  if (s === null) return 0;
  return 11 - ranksOf(s).indexOf(c.slice(1));
}

/** Face value before counting in threes (docs/rules/droggn.md#cards). */
export function facePoints(c: Card): number {
  if (c === GSTIESS || c === MOND || c === PAGAT) return 5;
  if (isTrump(c)) return 1;
  switch (c.slice(1)) {
    case 'K':
      return 5;
    case 'Q':
      return 4;
    case 'R':
      return 3;
    case 'J':
      return 2;
    default:
      return 1;
  }
}

/**
 * A pile counted in threes (docs/rules/droggn.md#counting): each group of three loses 2, a leftover pair or
 * single card loses 1.
 */
export function countPile(cards: readonly Card[]): number {
  let v = 0;
  for (const c of cards) v += facePoints(c);
  const n = cards.length;
  return v - 2 * Math.floor(n / 3) - (n % 3 !== 0 ? 1 : 0);
}
