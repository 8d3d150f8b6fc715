import type { Action, Card } from '../core/types.js';
import { GSTIESS, PAGAT, MOND } from './cards.js';
import { legalCards } from './play.js';
import { discardProblem, highestBid, openCalls } from './rules.js';
import { CONTRACTS, type DroggnState } from './state.js';

/** Cards that may appear in a discard at all (RULES.md §3.6). */
export const discardable = (hand: readonly Card[]): Card[] => hand.filter((c) => c !== GSTIESS && c !== MOND && c !== PAGAT);

/** Cards the declarer may request when buying: those a defender holds. */
export function buyable(s: DroggnState): Card[] {
  return s.defenders.flatMap((d) => s.hands[d]!);
}

/**
 * Every action `seat` may take now (RULES.md §3.5–§3.9), each accepted by `apply`. Discards
 * and buys are listed in full (up to 2024 and 883 actions). A report of an irregularity is
 * not a move and is never listed.
 */
export function legalActions(s: DroggnState, seat: number): Action[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  switch (s.phase) {
    case 'bidding': {
      const best = highestBid(s);
      const from = best === null ? 0 : CONTRACTS.indexOf(best.contract) + 1;
      return [{ seat, type: 'bid', bid: 'pass' }, ...CONTRACTS.slice(from).map((bid) => ({ seat, type: 'bid', bid }))];
    }
    case 'discard': {
      const pool = discardable(s.hands[seat]!);
      const out: Action[] = [];
      for (let i = 0; i < pool.length; i++)
        for (let j = i + 1; j < pool.length; j++)
          for (let k = j + 1; k < pool.length; k++) {
            const cards = [pool[i]!, pool[j]!, pool[k]!];
            if (discardProblem(s, cards) === null) out.push({ seat, type: 'discard', cards });
          }
      return out;
    }
    case 'buy': {
      const out: Action[] = [{ seat, type: 'buy', card: null }];
      for (const card of buyable(s)) for (const give of s.hands[seat]!) out.push({ seat, type: 'buy', card, give });
      return out;
    }
    case 'ready': {
      const hand = s.hands[seat]!;
      const out: Action[] = [{ seat, type: 'ready', layout: null }];
      if (hand.includes(PAGAT)) out.push({ seat, type: 'ready', layout: PAGAT });
      if (s.contract === 'supermord' && hand.includes(GSTIESS)) out.push({ seat, type: 'ready', layout: GSTIESS });
      return out;
    }
    case 'layout': {
      const out: Action[] = [{ seat, type: 'layout', card: null }];
      if (s.hands[seat]!.includes(PAGAT)) out.push({ seat, type: 'layout', card: PAGAT });
      return out;
    }
    case 'doubling':
      return openCalls(s).map((call) => ({ seat, type: 'double', call }));
    default:
      return legalCards(s, seat).map((card) => ({ seat, type: 'play', card }));
  }
}
