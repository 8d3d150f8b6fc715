import type { Rng } from '../core/rng.js';
import type { Action, Card } from '../core/types.js';
import { sowRuleHolds } from './play.js';
import { legalDobbmActions, openCalls } from './rules.js';
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

/** A uniform legal card (RULES.md §1.9) without building the list: count, then pick the k-th. */
function randomLegalCard(hand: readonly Card[], trick: readonly Card[], rng: Rng): Card {
  if (trick.length === 0) return hand[rng.int(hand.length)]!;
  const led = trick[0]!.charCodeAt(0);
  let follow = 0;
  let hearts = 0;
  for (const c of hand) {
    const s = c.charCodeAt(0);
    if (s === led) follow++;
    else if (s === 72) hearts++;
  }
  const want = follow > 0 ? led : hearts > 0 ? 72 : -1;
  if (want < 0) return hand[rng.int(hand.length)]!;
  let k = rng.int(follow > 0 ? follow : hearts);
  for (const c of hand) if (c.charCodeAt(0) === want && k-- === 0) return c;
  throw new Error('unreachable');
}

/**
 * Uniform over `seat`'s legal actions, without listing the 495 discards: a uniform random
 * four-card subset redrawn until the sow rule holds is uniform over the legal discards.
 * Irregularity reports are never chosen (they are not moves of the game).
 */
export function randomBot(state: DobbmState, seat: number, rng: Rng): Action {
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
  const actions = legalDobbmActions(state, seat);
  return actions[rng.int(actions.length)]!;
}
