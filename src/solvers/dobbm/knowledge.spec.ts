import fc from 'fast-check';
import { games, seededRng } from '../../engine/index.js';
import { defaultOptions, heuristicBot, DOBBM_DECK, type DobbmState } from '../../engine/dobbm/index.js';
import { knowledgeOf, sampleDeal } from './knowledge.js';
import { positionSeats } from './seats.js';
import { shuffled } from './random-position.js';

/** States at which a seat might reason about the deal: the doubling, and every trick boundary of the play. */
function statesOfAHand(seed: number): DobbmState[] {
  const rng = seededRng(seed);
  const bot = heuristicBot({ noise: 10, tilt: 8 });
  let state = games.dobbm.deal(defaultOptions(), shuffled(DOBBM_DECK, rng), { dealer: rng.int(4) }) as DobbmState;
  const out: DobbmState[] = [];
  while (state.phase !== 'over') {
    if (state.phase === 'doubling' || (state.phase === 'play' && state.trick.length === 0)) out.push(state);
    const next = games.dobbm.apply(state, bot(state, state.turn, rng));
    if (!next.ok) throw new Error(next.rejection.code);
    state = next.state as DobbmState;
  }
  return out;
}

const isSow = (c: string): boolean => c.length === 2 && c[1] === 'S';

describe('sampled deals never contradict what the caller knows', () => {
  it('own cards, played cards, shown voids, hand sizes, the own discard and the sow rule all hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 1000 }), (seed, pick) => {
        const states = statesOfAHand(seed);
        if (states.length === 0) return; // thrown in
        const state = states[pick % states.length]!;
        const seats = positionSeats(state);
        const seat = seats[pick % 4]!;
        const played = [...state.tricks.flatMap((t) => t.cards)];
        // Voids worked out here from the tricks, independently of the code under test.
        const voidIn = new Map<number, Set<string>>();
        for (const t of state.tricks) {
          let s = t.leader;
          t.cards.forEach((c, k) => {
            const led = t.cards[0]![0]!;
            if (k > 0 && c[0] !== led) {
              const v = voidIn.get(s) ?? new Set<string>();
              v.add(led);
              if (c[0] !== 'H') v.add('H');
              voidIn.set(s, v);
            }
            s = seats[(seats.indexOf(s) + 1) % 4]!;
          });
        }
        const k = knowledgeOf(state, seat);
        const rng = seededRng(seed ^ pick);
        for (let i = 0; i < 20; i++) {
          const deal = sampleDeal(k, rng);
          seats.forEach((s, p) => {
            expect(deal.hands[p]!.length).toBe(state.hands[s]!.length);
            for (const c of deal.hands[p]!) {
              expect(played).not.toContain(c);
              expect(voidIn.get(s)?.has(c[0]!) ?? false).toBe(false);
            }
          });
          expect([...deal.hands[seats.indexOf(seat)]!].sort()).toEqual([...state.hands[seat]!].sort());
          const everything = [...deal.hands.flat(), ...deal.pile, ...played];
          expect(everything.slice().sort()).toEqual([...DOBBM_DECK].sort());
          if (state.contract === 'dobbm') {
            const sows = deal.pile.filter(isSow).length;
            const hearts = deal.pile.filter((c) => c[0] === 'H' && !isSow(c)).length;
            expect(sows).toBeLessThanOrEqual(hearts);
            if (seat === state.declarer) expect(deal.pile.slice().sort()).toEqual([...state.discard!].sort());
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
