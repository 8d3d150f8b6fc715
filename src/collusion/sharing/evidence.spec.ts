import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gameFor, shuffle, type Card } from '../../engine/index.js';
import { positionOf, positions, type Position, type Variant } from '../../solvers/search/positions.testkit.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { imagineWorld, type StrongBudget } from '../../solvers/search/search.js';
import { decisionMoments, presentHand, sharingEvidence } from './evidence.js';

const VARIANTS: Variant[] = [
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'doppelkopf', rules: {} },
];
const BUDGET: StrongBudget = { worlds: 3, timeMs: Infinity, endgameTricks: 2 };

const inputOf = (p: Position, state: unknown) =>
  seatInputOf(gameFor(p.game), { options: p.options, setup: p.setup, state, actions: p.actions }, p.seat);

/**
 * The evidence for (X, Y) from the true state and from a twin: a world X's own sampler imagines
 * with Y's hand known, so that X's input and Y's hand agree and a third seat's hidden cards differ.
 * `third` also hands the valuation that third seat's cards: the control that must tell them apart.
 */
const sameEvidence = (third: boolean) =>
  fc.property(positions(VARIANTS), fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 1, max: 3 }), (p, seed, step) => {
    fc.pre(p !== null && gameFor(p.game).legalActions(p.state, p.seat).length > 1);
    const game = gameFor(p!.game);
    const y = (p!.seat + step) % 4;
    const z = (y + 1) % 4 === p!.seat ? (y + 2) % 4 : (y + 1) % 4;
    const yHand = presentHand(game, p!.state, y);
    const twin = imagineWorld(inputOf(p!, p!.state), seed + 1, new Map([[y, yHand]]));
    fc.pre(twin !== null);
    const sorted = (h: Card[]): string => [...h].sort().join();
    fc.pre(sorted(presentHand(game, twin, z)) !== sorted(presentHand(game, p!.state, z)));
    expect(inputOf(p!, twin)).toEqual(inputOf(p!, p!.state));
    expect(sorted(presentHand(game, twin, y))).toBe(sorted(yHand));
    const moments = (state: unknown) => {
      const others = new Map<number, Card[]>([[y, presentHand(game, state, y)]]);
      if (third) others.set(z, presentHand(game, state, z));
      return decisionMoments(inputOf(p!, state), p!.next, others, { index: p!.actions.length, seed, budget: BUDGET });
    };
    expect(moments(twin)).toEqual(moments(p!.state));
  });

describe('the evidence for X seeing Y reads X’s information and Y’s hand only', () => {
  it('a third seat’s hidden cards changed, X’s input and Y’s hand fixed: the same moments', () => {
    fc.assert(sameEvidence(false), { numRuns: 8 });
  });

  it('fails when the third seat’s hand is handed to the valuation too', () => {
    expect(fc.check(sameEvidence(true), { numRuns: 40, seed: 11 }).failed).toBe(true);
  });
});

describe('a hand’s evidence', () => {
  // the start of a Dobbm hand of the testkit's bots (its deck dealt as the testkit deals it): the replay needs no finished hand
  const deal = 9;
  const last = [...Array(80).keys()]
    .map((s) => positionOf(VARIANTS[0]!, deal, s))
    .filter((x) => x !== null)
    .at(-1)!;
  const deck = shuffle(deal.toString(16).padStart(64, '0'), gameFor('dobbm').deck(last.options));
  const record = {
    game: 'dobbm' as const,
    rules: { players: 4 },
    dealer: last.setup.dealer,
    deck,
    actions: [...last.actions, last.next].slice(0, 10),
  };

  it('moments only between two seats, the informed best worth at least the own one', () => {
    const ev = sharingEvidence(record, { seed: 3, budget: BUDGET });
    expect(ev.decisions.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(ev.moments.length).toBeGreaterThan(0);
    for (const m of ev.moments) {
      expect(m.other).not.toBe(m.seat);
      expect(m.worth).toBeGreaterThanOrEqual(0);
      expect(record.actions[m.index]!.seat).toBe(m.seat);
    }
  });
});
