import { heuristicBot, type DroggnBot, type HeuristicProfile } from '../../engine/droggn/bots.js';
import { handStrength } from '../../engine/droggn/strength.js';
import type { DroggnState } from '../../engine/droggn/state.js';
import { colludeInDoubling } from './colluding.js';
import type { Collusion, Habit } from './habits.js';

/**
 * Droggn's knobs per habit (habits.ts). The engine's bot has two: `bidBias` and `doubleBias`,
 * both added to `handStrength`; it has no noise, so an honest player's call is a function of his
 * cards. A defender's strength at the doubling has median 18, 90th percentile 23, and he gives a
 * Schwacher at 32 (+4 per doubling made), so the plain bot almost never doubles (0.0 % of
 * defenders' calls, 2,000 hands of plain bots, seed 1). The biases spread the habits over the
 * range the Dobbm cast covers (0.1 %–18 % of calls): a defender's Schwacher share on those hands
 * at doubleBias +4 / +6 / +8 / +10 is 1.0 / 3.0 / 7.3 / 18.9 %.
 * - cautious: doubleBias −6 (a Schwacher only beyond the 99th percentile of defenders' hands);
 * - reckless: doubleBias +10 (≈ 19 % Schwacher; as declarer a Retour at 32 instead of 42);
 * - tilted: doubleBias 2 per hand lost of his last five (0 … +10);
 * - strongDeclarer: bidBias −6 (Ansager at 30 instead of 24, Solo at 37 instead of 31).
 */
function droggnHabitProfile(habit: Habit, recentLosses: number): HeuristicProfile {
  switch (habit) {
    case 'cautious':
      return { doubleBias: -6 };
    case 'reckless':
      return { doubleBias: 10 };
    case 'tilted':
      return { doubleBias: Math.min(10, 2 * recentLosses) };
    case 'strongDeclarer':
      return { bidBias: -6 };
    default:
      return {};
  }
}

/**
 * A Droggn declarer counts as strong for his partner when his hand at the doubling (after the
 * exchange) reaches this `handStrength`. Declarers' hands there: quantiles 10/25/50/75/90 % =
 * 31/33/35/37/39 (1,907 declarations of plain bots, seed 1); 35 lets about 60 % of the partner's
 * declarations qualify, like Dobbm's `STRONG_PARTNER` (58.6 %), so the two games' figures compare.
 */
export const DROGGN_STRONG_PARTNER = 35;

export const droggnPartnerIsStrong = (state: DroggnState, partnerSeat: number): boolean =>
  handStrength(state.hands[partnerSeat]!) >= DROGGN_STRONG_PARTNER;

/** Droggn's colluding player: the behaviour of colluding.ts with Droggn's strong-partner test. */
export const droggnColludingBot = (honest: DroggnBot, collusion: Collusion): DroggnBot =>
  colludeInDoubling(honest, collusion, droggnPartnerIsStrong);

export const droggnHonestBot = (habit: Habit, recentLosses: number): DroggnBot => heuristicBot(droggnHabitProfile(habit, recentLosses));
