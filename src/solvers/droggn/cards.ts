import type { Card } from '../../engine/core/types.js';
import { DECK, facePoints } from '../../engine/droggn/index.js';
import { isTrump, rankValue, suitOf } from '../../engine/droggn/cards.js';

/**
 * Compact cards for the solver: index = position in the engine's `DECK` (T1…T21 = 0…20, then
 * S, C, H, D with eleven cards each from the king down, GS = 65). Class 0 = trumps, 1–4 =
 * the suits in `DECK` order, 5 = the Gstieß; rank = strength inside the class (higher wins).
 */
export const CARD_COUNT = 66;
export const GS_INDEX = 65;
export const PAGAT_INDEX = 0;
const SUIT_CLASS: Record<string, number> = { S: 1, C: 2, H: 3, D: 4 };

export const CLASS = Int8Array.from(DECK, (c) => (c === 'GS' ? 5 : isTrump(c) ? 0 : SUIT_CLASS[suitOf(c)!]!));
export const RANK = Int8Array.from(DECK, (c) => rankValue(c));
export const FACE = Int8Array.from(DECK, (c) => facePoints(c));
const INDEX = new Map<Card, number>(DECK.map((c, i) => [c, i]));

/** `CARD_AT[class][rank]`: the card index (−1 where no card). */
export const CARD_AT: Int8Array[] = Array.from({ length: 6 }, () => new Int8Array(23).fill(-1));
for (let i = 0; i < CARD_COUNT; i++) CARD_AT[CLASS[i]!]![RANK[i]!] = i;

export function cardIndex(c: Card): number {
  const i = INDEX.get(c);
  if (i === undefined) throw new Error(`not a Droggn card: ${c}`);
  return i;
}
export const cardCode = (i: number): Card => DECK[i]!;

/** docs/rules/droggn.md#counting: a pile of `n` cards with face total `v`. */
export const countedPoints = (v: number, n: number): number => v - 2 * Math.floor(n / 3) - (n % 3 !== 0 ? 1 : 0);
