import { createHash } from 'node:crypto';
import type { Rng } from '../core/rng.js';
import { seededRng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import type { Action } from '../core/types.js';
import { DOBBM_DECK } from './cards.js';
import { deal } from './deal.js';
import { defaultOptions } from './options.js';
import { sowRuleHolds } from './play.js';
import { randomBot } from './random-bot.js';
import { apply, legalActions, openCalls } from './rules.js';
import type { DobbmState } from './state.js';

/**
 * The random bot before it was made faster, as the reference: seeded simulations and their
 * recorded outcomes depend on the bot drawing from the rng exactly as before.
 */
function referenceBot(state: DobbmState, seat: number, rng: Rng): Action {
  if (state.phase === 'play') {
    const hand = state.hands[seat]!;
    if (state.trick.length === 0) return { seat, type: 'play', card: hand[rng.int(hand.length)]! };
    const led = state.trick[0]!.charCodeAt(0);
    const follow = hand.filter((c) => c.charCodeAt(0) === led);
    const hearts = hand.filter((c) => c.charCodeAt(0) === 72);
    const pool = follow.length > 0 ? follow : hearts.length > 0 ? hearts : hand;
    return { seat, type: 'play', card: pool[rng.int(pool.length)]! };
  }
  if (state.phase === 'exchange') {
    for (;;) {
      const pool = state.hands[seat]!.slice();
      for (let i = 0; i < 4; i++) {
        const j = i + rng.int(pool.length - i);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      const cards = pool.slice(0, 4);
      if (sowRuleHolds(cards, state.options)) return { seat, type: 'discard', cards };
    }
  }
  if (state.phase === 'doubling') {
    const calls = openCalls(state);
    return { seat, type: 'double', call: calls[rng.int(calls.length)]! };
  }
  const actions = legalActions(state, seat);
  return actions[rng.int(actions.length)]!;
}

describe('randomBot draws as the reference bot does', () => {
  it.each([4, 5] as const)('%i players, Mußrunde deals included: the same action at every step', (players) => {
    const options = defaultOptions({ players });
    const fast = seededRng(11);
    const slow = seededRng(11);
    for (let i = 0; i < 2000; i++) {
      const seed = createHash('sha256').update(`${players}:${i}`).digest('hex');
      let s = deal(options, shuffle(seed, DOBBM_DECK), { dealer: i % players, context: { mussrunde: i % 5 === 0 } });
      while (s.phase !== 'over') {
        const a = randomBot(s, s.turn, fast);
        const want = referenceBot(s, s.turn, slow);
        if (JSON.stringify(a) !== JSON.stringify(want)) expect(a).toEqual(want);
        const r = apply(s, a);
        if (!r.ok) throw new Error(`an illegal action: ${r.rejection.code}`);
        s = r.state;
      }
    }
  });
});
