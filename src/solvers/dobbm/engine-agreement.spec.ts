import fc from 'fast-check';
import { games, seededRng } from '../../engine/index.js';
import { defaultOptions, randomBot, DOBBM_DECK, type DobbmState } from '../../engine/dobbm/index.js';
import { cardCode, cardIndex, toSuitMasks } from './cards.js';
import { legalPlays } from './solver.js';
import { shuffled } from './random-position.js';

/** Every play state of a randomly played hand. */
function playStates(seed: number): DobbmState[] {
  const rng = seededRng(seed);
  const options = defaultOptions();
  let state = games.dobbm.deal(options, shuffled(DOBBM_DECK, rng), { dealer: rng.int(4) }) as DobbmState;
  const out: DobbmState[] = [];
  while (state.phase !== 'over') {
    if (state.phase === 'play') out.push(state);
    const next = games.dobbm.apply(state, randomBot(state, state.turn, rng));
    if (!next.ok) throw new Error(next.rejection.code);
    state = next.state as DobbmState;
  }
  return out;
}

describe("the solver plays by the engine's rules (docs/rules/dobbm.md#play)", () => {
  it("its legal cards equal the engine's legalActions plays in every state of random hands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        for (const state of playStates(seed)) {
          const seat = state.turn;
          const engine = games.dobbm
            .legalActions(state, seat)
            .map((a) => (a.type === 'play' ? a.card : a.type))
            .sort();
          const led = state.trick.length > 0 ? (cardIndex(state.trick[0]!) / 9) | 0 : -1;
          const mine = legalPlays(toSuitMasks(state.hands[seat]!), led).map(cardCode).sort();
          expect(mine).toEqual(engine);
        }
      }),
      { numRuns: 60 },
    );
  });
});
