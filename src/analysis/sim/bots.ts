import type { Rng } from '../../engine/core/rng.js';
import { handStrength, heuristicBot, type DobbmBot, type HeuristicProfile } from '../../engine/dobbm/index.js';
import type { DobbmState } from '../../engine/dobbm/index.js';

/**
 * Doubling habits of the simulated players. Honest players differ a lot in how often they
 * double — the audit must not mistake a habit for collusion:
 * - plain: the engine's default heuristic;
 * - cautious: doubles only with a very strong hand;
 * - reckless: doubles eagerly (a large tilt and much noise);
 * - tilted: doubles more eagerly the more he lost lately (his tilt follows his results);
 * - strongDeclarer: bids only strong hands, so he wins more often than others expect.
 */
export type Habit = 'plain' | 'cautious' | 'reckless' | 'tilted' | 'strongDeclarer';
export const HABITS: readonly Habit[] = ['plain', 'cautious', 'reckless', 'tilted', 'strongDeclarer'];

export function habitProfile(habit: Habit, recentLosses: number): Partial<HeuristicProfile> {
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

export interface Collusion {
  /** The partner's seat at this table. */
  partnerSeat: number;
  /** Whether the pair acts in this hand (decided once per hand: "at the given rate"). */
  acting: boolean;
  /** Doublings the pair drives the chain up to. */
  cap: number;
}

/** A declarer counts as strong for his partner when his final eight cards reach this (handStrength, declarer role). */
export const STRONG_PARTNER = 44;

export const partnerIsStrong = (state: DobbmState, partnerSeat: number): boolean =>
  handStrength(state.hands[partnerSeat]!, 'declarer') >= STRONG_PARTNER;

/**
 * A colluding player: honest by his habit, except in the doubling of a hand his partner
 * declares with a strong hand (he sees it through their secret signals), where — when acting —
 * the defender gives Schwacher and Retour and the declarer answers with Retour, up to the cap.
 */
export function colludingBot(honest: DobbmBot, collusion: Collusion): DobbmBot {
  return (state: DobbmState, seat: number, rng: Rng) => {
    if (state.phase !== 'doubling' || !collusion.acting) return honest(state, seat, rng);
    const declarer = state.declarer!;
    const partnerDeclares = declarer === collusion.partnerSeat;
    const iDeclareWithPartnerDefending = declarer === seat && state.defenders.includes(collusion.partnerSeat);
    if (!partnerDeclares && !iDeclareWithPartnerDefending) return honest(state, seat, rng);
    const strong = partnerDeclares ? partnerIsStrong(state, declarer) : partnerIsStrong(state, seat);
    if (!strong || state.doublings >= collusion.cap) return honest(state, seat, rng);
    const word = state.doublingStep === 'schwacher' ? 'schwacher' : 'retour';
    // The declarer only answers once his partner has started the chain.
    if (seat === declarer && state.doublings === 0) return honest(state, seat, rng);
    return { seat, type: 'double', call: word };
  };
}

export const honestBot = (habit: Habit, recentLosses: number): DobbmBot => heuristicBot(habitProfile(habit, recentLosses));
