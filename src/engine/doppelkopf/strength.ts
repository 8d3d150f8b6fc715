import type { Card } from '../core/types.js';
import { trumpsOf, type ContractKind } from './cards.js';

/**
 * Rough strength of a hand for a contract: trumps weighted by height (top of the list
 * counts most) plus plain aces. Integer; about 20 is an average normal-game hand.
 */
export function handStrength(hand: readonly Card[], contract: ContractKind = 'normal', deck: 48 | 40 = 48): number {
  const trumps = trumpsOf(contract, deck);
  let s = 0;
  for (const c of hand) {
    const t = trumps.indexOf(c);
    if (t >= 0) s += t < 2 ? 4 : t < 5 ? 3 : t < 9 ? 2 : 1;
    else if (c.endsWith('A')) s += 2;
  }
  return s;
}
