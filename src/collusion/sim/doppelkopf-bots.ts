import { heuristicBot, type DokoBot, type HeuristicProfile } from '../../engine/doppelkopf/bots.js';
import { legalAnnouncements } from '../../engine/doppelkopf/announcements.js';
import { seededRng } from '../../engine/core/rng.js';
import { chanceFrom } from '../evidence/doppelkopf.js';
import type { DokoState } from '../../engine/doppelkopf/state.js';
import { doppelkopf, type DokoOptions } from '../../engine/doppelkopf/index.js';
import type { Action, HandSetup } from '../../engine/index.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { decideStrong, type StrongBudget } from '../../solvers/search/search.js';
import { stakesOf } from '../evidence/doppelkopf-stakes.js';
import type { SeatBot } from './colluding.js';
import type { Collusion, Habit } from './habits.js';

/**
 * Doppelkopf's knobs per habit (habits.ts) on the engine's heuristic bot: `announceFrom`, the
 * strength (strength.ts, in the hand's contract) from which it announces its party, and
 * `soloFrom`, the strength from which it declares a solo of its own will (Lustsolo). A defender's
 * strength against a solo has quantiles 10/50/90/95/99 % = 11/17/22/23/26 (heuristic bots,
 * tournament lists, seed 5), so the plain bot's 24 announces against about one solo in twenty;
 * the habits spread that, as the Dobbm cast does, from almost never to about one in six:
 * - cautious: announceFrom 26;
 * - reckless: announceFrom 21;
 * - tilted: announceFrom 24 less 1 per hand lost of his last five (24 … 19);
 * - strongDeclarer: soloFrom 38 (a Lustsolo only with a very strong hand).
 */
function dokoHabitProfile(habit: Habit, recentLosses: number): Partial<HeuristicProfile> {
  switch (habit) {
    case 'cautious':
      return { announceFrom: 26 };
    case 'reckless':
      return { announceFrom: 21 };
    case 'tilted':
      return { announceFrom: 24 - Math.min(5, recentLosses) };
    case 'strongDeclarer':
      return { soloFrom: 38 };
    default:
      return {};
  }
}

export const dokoHonestBot = (habit: Habit, recentLosses: number): DokoBot => heuristicBot(dokoHabitProfile(habit, recentLosses));

/**
 * A colluding defender acts when his partner, the lone player, expects to win: his own chance from
 * his own information (the audit's estimator, `chanceFrom`, on worlds of the partner's seat) is at
 * least this. From a half on the pair gains by every point the value rises (two shares won
 * against two lost, docs/audit-doppelkopf.md): the one rule that pays them. With the heuristic
 * bots' card play a soloist's own chance reaches it in about one solo in six (seed 516).
 */
const DOKO_PARTNER_EXPECTS = 0.5;
/** Worlds the colluders' phone call is worth: as many as the audit's own estimate of the lone player (evidence/doppelkopf.ts). */
const PARTNER_SAMPLES = 32;

/**
 * Whether the lone player at `partnerSeat` expects to win, from his information in `state`; the
 * worlds drawn from a stream seeded by his cards and the moment, so that a test can ask again.
 */
export function dokoPartnerIsStrong(state: DokoState, actions: readonly Action[], partnerSeat: number): boolean {
  const text = `${(state.dealt[partnerSeat] ?? []).join()}|${actions.length}`;
  let seed = 2166136261;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  return chanceFrom(state, actions, partnerSeat, PARTNER_SAMPLES, seededRng(seed >>> 0)) >= DOKO_PARTNER_EXPECTS;
}

/**
 * A colluding Doppelkopf player: honest by his habit, except where his partner plays alone
 * against him (a solo, a silent solo, a failed wedding) and expects to win, which he knows from
 * their secret signals: when acting, he makes the lowest announcement open to him (Kontra, or the
 * next Absage once a fellow defender said Kontra) at his turn, once per hand. The game value rises
 * and the soloist's target falls: the partner collects three shares, he pays one.
 */
export function dokoColludingBot(honest: SeatBot<DokoState>, collusion: Collusion): SeatBot<DokoState> {
  return (state, seat, rng, history) => {
    if (!collusion.acting || state.phase !== 'play') return honest(state, seat, rng, history);
    const stakes = stakesOf(state);
    if (stakes?.parties !== 'uneven' || stakes.alone !== collusion.partnerSeat) return honest(state, seat, rng, history);
    const already = state.announcements.some((a) => a.seat === seat);
    const open = legalAnnouncements(state, seat);
    if (already || open.length === 0 || !dokoPartnerIsStrong(state, history ?? [], collusion.partnerSeat))
      return honest(state, seat, rng, history);
    return { seat, type: 'announce', level: open[0]! };
  };
}

/**
 * An honest player who plays his cards as the strong bot (src/solvers/search/, from his seat's
 * input as the service serves it) while his habit makes every other choice: reservations,
 * contracts, poverty and announcements (as strong-honest.ts does for the other games' bidding
 * and doubling). `setup` carries the session's context (the compulsory solos played), which the
 * seat's deal event must name for its worlds to replay.
 */
export function dokoStrongHonestBot(
  options: DokoOptions,
  setup: HandSetup,
  habit: SeatBot<DokoState>,
  budget: StrongBudget,
): SeatBot<DokoState> {
  return (state, seat, rng, history = []) => {
    const own = habit(state, seat, rng, history);
    if (own.type !== 'play') return own;
    const input = seatInputOf(doppelkopf, { options, setup, state, actions: history }, seat);
    const { action } = decideStrong(input, { seed: rng.int(2 ** 31), budget });
    return { ...action, seat } as Action;
  };
}
