import { seededRng, type GameId } from '../src/engine/index.js';
import { chooseBotAction } from '../src/solvers/search/strategy.js';
import { viewWithRules } from '../src/solvers/search/seat-input.js';
import { DEFAULT_BUDGET, type StrongBudget } from '../src/solvers/search/search.js';
import type { SeatBot } from '../src/bots/seat-play.js';

/** The game variants the bots' benchmarks play. */
export const VARIANTS: Record<string, { game: GameId; rules: Record<string, unknown> }> = {
  dobbm4: { game: 'dobbm', rules: { players: 4 } },
  dobbm5: { game: 'dobbm', rules: { players: 5 } },
  droggn3: { game: 'droggn', rules: { players: 3 } },
  droggn4: { game: 'droggn', rules: { players: 4 } },
  doko48: { game: 'doppelkopf', rules: {} },
  doko40: { game: 'doppelkopf', rules: { deck: 40 } },
  /** Doppelkopf with poverty (Armut) allowed, which the default rules leave out. */
  doko48armut: { game: 'doppelkopf', rules: { poverty: { enabled: true } } },
};

/** A quarter of the strong bot's default budget: the reference for "more thinking must help". */
export const QUARTER: StrongBudget = {
  ...DEFAULT_BUDGET,
  worlds: Math.max(1, Math.round(DEFAULT_BUDGET.worlds / 4)),
  timeMs: DEFAULT_BUDGET.timeMs / 4,
};

/**
 * Deal d's dealer and the seat under test: the dealer goes round, and the seat under test goes
 * round the seats that play (with five at Dobbm or four at Droggn the dealer sits out).
 */
export function seating(game: GameId, seats: number, d: number): { dealer: number; tested: number } {
  const sitsOut = (game === 'dobbm' && seats === 5) || (game === 'droggn' && seats === 4) || (game === 'doppelkopf' && seats === 5);
  const playing = sitsOut ? seats - 1 : seats;
  const dealer = d % seats;
  return { dealer, tested: (dealer + 1 + (Math.floor(d / seats) % playing)) % seats };
}

/** The beginner in a seat of deal d, seeded alike in every benchmark, with the rules the deal event names. */
export function beginnerAt(deal: number, seat: number): SeatBot {
  const rng = seededRng(deal * 16 + seat);
  return (input) => chooseBotAction('heuristic', input.view.game, viewWithRules(input), rng);
}
