import type { Card } from '../core/types.js';
import { GSTIESS, MOND, PAGAT, SUITS, isKing, isTrump, rankValue, suitOf } from './cards.js';

/**
 * A rough bidding strength: trumps count double, high trumps, the Mond, the Gstieß and
 * kings add, voids help. An average 21-card hand scores about 22.
 */
export function handStrength(hand: readonly Card[]): number {
  const trumps = hand.filter(isTrump);
  let v = 2 * trumps.length + trumps.filter((c) => rankValue(c) >= 16).length;
  if (hand.includes(MOND)) v += 3;
  if (hand.includes(GSTIESS)) v += 3;
  if (hand.includes(PAGAT) && trumps.length >= 8) v += 2;
  v += 3 * hand.filter(isKing).length + hand.filter((c) => suitOf(c) !== null && c.slice(1) === 'Q').length;
  v += 2 * SUITS.filter((su) => !hand.some((c) => suitOf(c) === su)).length;
  return v;
}
