import type { Rng } from '../../engine/core/rng.js';
import type { StrongBudget } from '../../solvers/search/search.js';
import { DOUBLING_GAMES, type Card, type HandRecord } from '../../engine/index.js';
import type { SeatBot } from './colluding.js';
import type { Collusion, Habit } from './habits.js';

/** The games the simulator plays: those with the Schwacher/Retour doubling. */
/** The games the simulator plays: those the collusion audit covers. */
export const SIM_GAMES = DOUBLING_GAMES;
export type SimGame = (typeof SIM_GAMES)[number];
export const isSimGame = (game: string): game is SimGame => (SIM_GAMES as readonly string[]).includes(game);

/**
 * What the simulator needs of a game, so that simulate.ts deals with tables and seatings only:
 * one small adapter per game (dobbm-table.ts, droggn-table.ts). `S` is the engine's state.
 */
export interface TableGame<G extends SimGame, S> {
  game: G;
  /** Seats at a table (at four-player Droggn the dealer sits each hand out). */
  seats: number;
  /** The pack, in the engine's order (the simulator shuffles it). */
  deck: readonly Card[];
  /** Plays one hand with the engine, each seat driven by its bot; the record replays it. */
  play(deck: Card[], dealer: number, bots: SeatBot<S>[], rng: Rng): { record: HandRecord<G>; final: S };
  /** An honest player of this habit (his recent losses drive the tilted habit). */
  honestBot(habit: Habit, recentLosses: number): SeatBot<S>;
  /** The same player as the strong bot, his habit still bidding and doubling (strong-honest.ts); `dealer` of this hand. */
  strongHonestBot(habit: SeatBot<S>, dealer: number, budget: StrongBudget): SeatBot<S>;
  /** The same player, colluding with the partner at `collusion.partnerSeat`. */
  colludingBot(honest: SeatBot<S>, collusion: Collusion): SeatBot<S>;
  /** Each seat's score of a finished hand (its sign feeds the tilted habit). */
  scores(final: S): readonly number[];
  /** Who deals the next hand at this table. */
  nextDealer(final: S, dealer: number): number;
}
