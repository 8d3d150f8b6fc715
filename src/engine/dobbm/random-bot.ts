import type { Rng } from '../core/rng.js';
import type { Card } from '../core/types.js';
import type { DobbmAction } from './actions.js';
import { HEART_CODE, suitCode } from './cards.js';
import { sowRuleHolds } from './play.js';
import { highestBid, openCalls } from './rules.js';
import type { DobbmState } from './state.js';

/** A uniformly random four-card subset of `hand` (partial Fisher–Yates on a copy). */
function randomFour(hand: readonly Card[], rng: Rng): Card[] {
  const pool = hand.slice();
  for (let i = 0; i < 4; i++) {
    const j = i + rng.int(pool.length - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, 4);
}

// Positions in the hand of the cards that follow suit and of the hearts, filled by one pass
// (simulations call this for every card played; the bot is synchronous, so one pair suffices).
const following = new Int8Array(12);
const trumps = new Int8Array(12);

/** A uniform legal card (docs/rules/dobbm.md#play) without building the list: one pass, then pick. */
function randomLegalCard(hand: readonly Card[], trick: readonly Card[], rng: Rng): Card {
  if (trick.length === 0) return hand[rng.int(hand.length)]!;
  const led = suitCode(trick[0]!);
  let follow = 0;
  let hearts = 0;
  for (let i = 0; i < hand.length; i++) {
    const s = suitCode(hand[i]!);
    if (s === led) following[follow++] = i;
    else if (s === HEART_CODE) trumps[hearts++] = i;
  }
  if (follow > 0) return hand[following[rng.int(follow)]!]!;
  if (hearts > 0) return hand[trumps[rng.int(hearts)]!]!;
  return hand[rng.int(hand.length)]!;
}

/** Bids open to the speaker, as `legalActions` lists them (docs/rules/dobbm.md#bidding, docs/rules/dobbm.md#mussrunde). */
const MUSSRUNDE_BIDS = ['dobbm', 'solo'] as const;
const BIDS_ABOVE = [['pass', 'dobbm', 'solo'], ['pass', 'solo'], ['pass']] as const;

/**
 * Uniform over `seat`'s legal actions, without listing the 495 discards: a uniform random
 * four-card subset redrawn until the sow rule holds is uniform over the legal discards.
 * Irregularity reports are never chosen (they are not moves of the game). Draws from `rng`
 * exactly as picking from `legalActions` would, so seeded simulations stay reproducible.
 */
export function randomBot(state: DobbmState, seat: number, rng: Rng): DobbmAction {
  if (state.phase === 'over' || seat !== state.turn) throw new Error(`seat ${seat} has nothing to do`);
  if (state.phase === 'play') return { seat, type: 'play', card: randomLegalCard(state.hands[seat]!, state.trick, rng) };
  if (state.phase === 'exchange') {
    for (;;) {
      const cards = randomFour(state.hands[seat]!, rng);
      if (sowRuleHolds(cards, state.options)) return { seat, type: 'discard', cards };
    }
  }
  if (state.phase === 'doubling') {
    const calls = openCalls(state);
    return { seat, type: 'double', call: calls[rng.int(calls.length)]! };
  }
  const bids = state.mussrunde ? MUSSRUNDE_BIDS : BIDS_ABOVE[highestBid(state)]!;
  return { seat, type: 'bid', bid: bids[rng.int(bids.length)]! };
}
