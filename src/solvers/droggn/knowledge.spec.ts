import fc from 'fast-check';
import { seededRng } from '../../engine/core/rng.js';
import { DECK, droggn, heuristicBot, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { knowledgeOf, sampleDeal } from './knowledge.js';
import { positionSeats, shuffled } from './position.js';

/** States at which a seat might reason about the deal: the doubling, and every trick boundary of the play. */
function statesOfAHand(seed: number, options = defaultOptions()): DroggnState[] {
  const rng = seededRng(seed);
  // bold bidders and doublers, so that most deals are played and Pagats are laid out
  const bot = heuristicBot({ bidBias: 6, doubleBias: 8 });
  let state = droggn.deal(options, shuffled(DECK, rng), { dealer: rng.int(options.players) });
  const out: DroggnState[] = [];
  while (state.phase !== 'over') {
    if (state.phase === 'doubling' || (state.phase === 'play' && state.trick.length === 0)) out.push(state);
    const next = droggn.apply(state, bot(state, state.turn, rng));
    if (!next.ok) throw new Error(next.rejection.code);
    state = next.state;
  }
  return out;
}

const isTrump = (c: string): boolean => c[0] === 'T';
const cls = (c: string): string => (c === 'GS' ? 'GS' : c[0]!);

describe('sampled Droggn deals never contradict what the caller knows', () => {
  it('own cards, public cards (laid out, bought, played), shown voids, hand sizes, the own discard and the discard rules all hold', () => {
    let discardsChecked = 0;
    let boughtChecked = 0;
    let voidsChecked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 1000 }), fc.boolean(), (seed, pick, four) => {
        const states = statesOfAHand(seed, defaultOptions({ players: four ? 4 : 3 }));
        if (states.length === 0) return; // thrown in
        const state = states[pick % states.length]!;
        const seats = positionSeats(state);
        const seat = seats[pick % 3]!;
        const played = [...state.tricks.flatMap((t) => t.plays.map((p) => p.card))];
        // Voids worked out here from the tricks, independently of the code under test.
        const voidIn = new Map<number, Set<string>>();
        for (const t of state.tricks) {
          let ref: string | null = null;
          for (const p of t.plays) {
            if (ref !== null && p.card !== 'GS' && cls(p.card) !== cls(ref)) {
              const v = voidIn.get(p.seat) ?? new Set<string>();
              v.add(cls(ref));
              if (!isTrump(p.card)) v.add('T');
              voidIn.set(p.seat, v);
            }
            if (ref === null && p.card !== 'GS') ref = p.card;
          }
        }
        if (voidIn.size > 0) voidsChecked++;
        const k = knowledgeOf(state, seat);
        const rng = seededRng(seed ^ pick);
        for (let i = 0; i < 10; i++) {
          const deal = sampleDeal(k, rng);
          seats.forEach((s, p) => {
            expect(deal.hands[p]!.length).toBe(state.hands[s]!.length);
            for (const c of deal.hands[p]!) {
              expect(played).not.toContain(c);
              if (c !== 'GS') expect(voidIn.get(s)?.has(cls(c)) ?? false).toBe(false);
            }
            // laid-out cards still in a hand are public
            for (const l of state.layouts) if (l.seat === s && state.hands[s]!.includes(l.card)) expect(deal.hands[p]).toContain(l.card);
          });
          expect([...deal.hands[seats.indexOf(seat)]!].sort()).toEqual([...state.hands[seat]!].sort());
          const everything = [...deal.hands.flat(), ...deal.pile, ...played];
          expect(everything.slice().sort()).toEqual([...DECK].sort());
          if (state.buy?.kind === 'bought' && state.hands[state.declarer!]!.includes(state.buy.card)) {
            expect(deal.hands[0]).toContain(state.buy.card);
            boughtChecked++;
          }
          if (state.contract === 'ansager' || state.contract === 'solo') {
            expect(deal.pile.some((c) => c === 'GS' || c === 'T21' || c === 'T1')).toBe(false);
            expect(deal.pile.filter((c) => c.length >= 2 && c[0] !== 'T' && c.slice(1) === 'K').length).toBeLessThanOrEqual(
              deal.pile.filter(isTrump).length,
            );
            if (seat === state.declarer) expect(deal.pile.slice().sort()).toEqual([...state.discard!].sort());
            discardsChecked++;
          } else {
            expect(deal.pile).toHaveLength(3);
          }
        }
      }),
      // Hands whose first doubling state has a bought card still in the declarer's hand: the
      // coverage checks below must not hang on whether 60 random hands happen to include one.
      {
        numRuns: 60,
        examples: [
          [1, 0, false],
          [4, 0, false],
          [11, 0, false],
        ],
      },
    );
    expect(discardsChecked).toBeGreaterThan(0);
    expect(boughtChecked).toBeGreaterThan(0);
    expect(voidsChecked).toBeGreaterThan(0);
  });
});
