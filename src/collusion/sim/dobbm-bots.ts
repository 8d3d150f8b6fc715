import { handStrength, heuristicBot, type DobbmBot, type HeuristicProfile } from '../../engine/dobbm/index.js';
import type { DobbmState } from '../../engine/dobbm/index.js';
import { colludeInDoubling } from './colluding.js';
import type { Collusion, Habit } from './habits.js';

/** Dobbm's knobs per habit (habits.ts): `noise` everywhere, thresholds, `tilt` and the bid thresholds. */
function habitProfile(habit: Habit, recentLosses: number): Partial<HeuristicProfile> {
  switch (habit) {
    case 'cautious':
      return { noise: 3, schwacherThreshold: 50, retourThreshold: 60 };
    case 'reckless':
      return { noise: 8, tilt: 10, maxDoublings: 5 };
    case 'tilted':
      return { noise: 5, tilt: Math.min(16, 4 * recentLosses) };
    case 'strongDeclarer':
      return { noise: 3, bidThreshold: 40, soloThreshold: 62 };
    default:
      return { noise: 4 };
  }
}

/**
 * A declarer counts as strong for his partner when his final eight cards reach this (handStrength,
 * declarer role): 58.6 % of declarations at the doubling (1,913 hands of plain bots, seed 1).
 */
const STRONG_PARTNER = 44;

const partnerIsStrong = (state: DobbmState, partnerSeat: number): boolean =>
  handStrength(state.hands[partnerSeat]!, 'declarer') >= STRONG_PARTNER;

/** Dobbm's colluding player (colluding.ts): the strong-partner test is `partnerIsStrong`. */
export function colludingBot(honest: DobbmBot, collusion: Collusion): DobbmBot {
  return colludeInDoubling(honest, collusion, partnerIsStrong);
}

export const honestBot = (habit: Habit, recentLosses: number): DobbmBot => heuristicBot(habitProfile(habit, recentLosses));
