import type { Rng } from '../../engine/core/rng.js';
import type { StrongBudget } from '../../solvers/search/search.js';
import type { Card, HandRecord } from '../../engine/index.js';
import { AUDIT_GAMES } from '../evidence-of.js';
import type { SeatBot } from './colluding.js';
import type { Collusion, Habit } from './habits.js';

/** The games the simulator plays: those the collusion audit covers. */
export const SIM_GAMES = AUDIT_GAMES;
export type SimGame = (typeof SIM_GAMES)[number];
export const isSimGame = (game: string): game is SimGame => (SIM_GAMES as readonly string[]).includes(game);

/**
 * What the simulator needs of a game, so that simulate.ts deals with tables and seatings only:
 * one small adapter per game (dobbm-table.ts, droggn-table.ts, doppelkopf-table.ts). `S` is the
 * engine's state; `D`, what a table carries from hand to hand: the dealer, or (Doppelkopf) the
 * session with it.
 */
export interface TableGame<G extends SimGame, S, D = number> {
  game: G;
  /** Seats at a table (at four-player Droggn the dealer sits each hand out). */
  seats: number;
  /** The pack, in the engine's order (the simulator shuffles it). */
  deck: readonly Card[];
  /** Plays one hand with the engine, each seat driven by its bot; the record replays it. */
  play(deck: Card[], dealer: D, bots: SeatBot<S>[], rng: Rng): { record: HandRecord<G>; final: S };
  /** An honest player of this habit (his recent losses drive the tilted habit). */
  honestBot(habit: Habit, recentLosses: number): SeatBot<S>;
  /** The same player as the strong bot, his habit still bidding and doubling (strong-honest.ts); `dealer` of this hand. */
  strongHonestBot(habit: SeatBot<S>, dealer: D, budget: StrongBudget): SeatBot<S>;
  /** The same player, colluding with the partner at `collusion.partnerSeat`. */
  colludingBot(honest: SeatBot<S>, collusion: Collusion): SeatBot<S>;
  /** Each seat's score of a finished hand (its sign feeds the tilted habit). */
  scores(final: S): readonly number[];
  /** Who deals the next hand at this table. */
  nextDealer(final: S, dealer: D): D;
  /** What a new seating's first hand starts from, its dealer drawn (default: that dealer). */
  firstDeal?(dealer: number): D;
}
