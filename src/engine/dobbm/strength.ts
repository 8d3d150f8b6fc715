import type { Card } from '../core/types.js';
import { isHeart, isSow } from './cards.js';

/** Who a hand is judged for: bidding Dobbm (the Dobb still to come), a Solo, a declarer's final 8, a defender. */
export type StrengthRole = 'dobbm' | 'solo' | 'declarer' | 'defence';

const HEART_VALUE: Record<string, number> = { HS: 14, H10: 11, HK: 8, HO: 7, HU: 6 };
/** What the Dobb adds on average to a Dobbm declarer's hand (four cards, a free exchange). */
const DOBB_BONUS = 6;
const PLAIN = { L: 0, A: 1, B: 2 } as Record<string, number>;
// Scratch counters (the function is synchronous and pure: nothing survives a call).
const count = new Int8Array(3);
const sow = new Int8Array(3);
const ten = new Int8Array(3);

/**
 * A rough estimate of a hand's trick-taking power on a card-point-like scale, used by the
 * heuristic bot for bidding and doubling. Calibrated on S1's tactics note: "the heart sow,
 * another heart and another sow, or any three hearts plus a sow are generally sufficient"
 * for a Dobbm (≈ 30 with the Dobb bonus); a Solo "requires an extremely strong hand".
 * `skip` (optional) leaves out the cards at those indexes: the discard search uses it.
 */
export function handStrength(cards: readonly Card[], role: StrengthRole, skip?: readonly number[]): number {
  let total = 0;
  let hearts = 0;
  count.fill(0);
  sow.fill(0);
  ten.fill(0);
  for (let i = 0; i < cards.length; i++) {
    if (skip !== undefined && skip.includes(i)) continue;
    const c = cards[i]!;
    if (isHeart(c)) {
      hearts++;
      total += HEART_VALUE[c] ?? 5;
      continue;
    }
    const s = PLAIN[c[0]!]!;
    count[s]!++;
    if (isSow(c)) sow[s] = 1;
    else if (c.length === 3) ten[s] = 1;
  }
  for (let s = 0; s < 3; s++) {
    if (sow[s]) total += 9;
    // A ten behind its own sow usually makes; a bare ten is a gift to the other side.
    if (ten[s]) total += sow[s] ? 5 : count[s]! >= 3 ? 1 : -2;
    // A void lets a declarer trump in: worth something only with trumps to spare.
    if (count[s] === 0 && role !== 'defence' && hearts >= 3) total += 3;
  }
  return role === 'dobbm' ? total + DOBB_BONUS : total;
}
