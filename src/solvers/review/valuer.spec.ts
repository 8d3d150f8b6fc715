import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gameFor } from '../../engine/index.js';
import { positionOf as playedTo, positions, type Position, type Variant } from '../search/positions.testkit.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { imagineWorld, type StrongBudget } from '../search/search.js';
import type { SeatInput } from '../search/seat-input.js';
import { actionKey, valueDecision } from './valuer.js';
import { MAX_REVIEW_CANDIDATES } from './games.js';

/**
 * The valuer of a review reads only the deciding seat's input (its view and event log at the
 * moment): two states that serve the seat the same input but differ in other seats' hidden cards
 * give the same values. The twin state is a world the seat's own sampler imagines.
 */
const VARIANTS: Variant[] = [
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'droggn', rules: { players: 4 } },
  { game: 'doppelkopf', rules: {} },
  { game: 'doppelkopf', rules: { poverty: { enabled: true } } },
];
const BUDGET: StrongBudget = { worlds: 3, timeMs: Infinity, endgameTricks: 4 };

const inputOf = (p: Position, state: unknown = p.state): SeatInput =>
  seatInputOf(gameFor(p.game), { options: p.options, setup: p.setup, state, actions: p.actions }, p.seat);
const handsOf = (p: Position, state: unknown): (string[] | null)[] =>
  gameFor(p.game).view(state, { kind: 'auditor' })['hands'] as (string[] | null)[];

const positionsArb = positions(VARIANTS);

const positionOf = (variant: number, deal: number, steps: number): Position | null => playedTo(VARIANTS[variant]!, deal, steps);

/** The property, with the worlds from `imagine` (the seat's own sampler unless a test leaks the state). */
const sameValues = (leak: boolean) =>
  fc.property(positionsArb, fc.integer({ min: 0, max: 2 ** 30 }), (p, seed) => {
    fc.pre(p !== null && gameFor(p.game).legalActions(p.state, p.seat).length > 1);
    const input = inputOf(p!);
    const twin = imagineWorld(input, seed + 1);
    fc.pre(twin !== null && JSON.stringify(handsOf(p!, twin)) !== JSON.stringify(handsOf(p!, p!.state)));
    expect(inputOf(p!, twin)).toEqual(input);
    const value = (state: unknown) =>
      valueDecision(inputOf(p!, state), p!.next, { seed, budget: BUDGET, ...(leak ? { imagine: () => state } : {}) });
    expect(value(twin)).toEqual(value(p!.state));
  });

describe('a review values a decision from the deciding seat’s information only', () => {
  it('two states with the same seat input and other hidden cards: the same values', () => {
    fc.assert(sameValues(false), { numRuns: 20 });
  });

  it('fails for a valuer whose worlds are the true state', () => {
    expect(fc.check(sameValues(true), { numRuns: 200, seed: 7 }).failed).toBe(true);
  });
});

describe('a decision’s value', () => {
  const valued = fc.record({ p: positionsArb, seed: fc.integer({ min: 0, max: 2 ** 30 }) }).filter(({ p }) => p !== null);

  it('a single legal action: forced, loss 0, nothing searched', () => {
    // the last card of a Doppelkopf hand is always forced: the hand's last position
    const p = [...Array(80).keys()]
      .map((steps) => positionOf(2, 11, steps))
      .filter((x) => x !== null)
      .at(-1)!;
    expect(gameFor(p.game).legalActions(p.state, p.seat)).toHaveLength(1);
    const v = valueDecision(inputOf(p), p.next, { seed: 1, budget: BUDGET });
    expect(v).toMatchObject({ forced: true, loss: 0, values: [], worlds: 0 });
  });

  it('the chosen action is valued first, at most the cap of candidates, best the highest, loss its gap to the chosen', () => {
    fc.assert(
      fc.property(valued, ({ p, seed }) => {
        fc.pre(gameFor(p!.game).legalActions(p!.state, p!.seat).length > 1);
        const v = valueDecision(inputOf(p!), p!.next, { seed, budget: BUDGET });
        fc.pre(v.worlds > 0);
        expect(actionKey(v.values[0]!.action)).toBe(actionKey(p!.next));
        expect(v.values.length).toBeLessThanOrEqual(MAX_REVIEW_CANDIDATES);
        const top = Math.max(...v.values.map((x) => x.value));
        expect(v.values.find((x) => actionKey(x.action) === actionKey(v.best))!.value).toBe(top);
        expect(v.loss).toBeCloseTo(top - v.values[0]!.value, 9);
        expect(v.loss).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15 },
    );
  });

  it('the same seed, the same values', () => {
    const p = positionOf(2, 5, 20)!;
    const once = valueDecision(inputOf(p), p.next, { seed: 3, budget: BUDGET });
    expect(valueDecision(inputOf(p), p.next, { seed: 3, budget: BUDGET })).toEqual(once);
  });
});

describe('hands treated as known', () => {
  it('every world gives a known seat its true present hand; without, the worlds vary it', () => {
    for (const [deal, steps] of [
      [3, 10],
      [8, 25],
      [21, 5],
    ] as const) {
      const p = positionOf(2, deal, steps)!;
      const other = (p.seat + 1) % 4;
      const truth = handsOf(p, p.state)[other]!;
      const known = new Map([[other, truth]]);
      const sorted = (h: string[] | null): string => [...(h ?? [])].sort().join();
      const worlds = [1, 2, 3].map((seed) => imagineWorld(inputOf(p), seed, known));
      for (const w of worlds) expect(sorted(handsOf(p, w)[other]!)).toBe(sorted(truth));
      const free = [1, 2, 3].map((seed) => imagineWorld(inputOf(p), seed));
      expect(free.some((w) => sorted(handsOf(p, w)[other]!) !== sorted(truth))).toBe(true);
      // the valuer takes them too
      expect(valueDecision(inputOf(p), p.next, { seed: 1, budget: BUDGET, known }).forced).toBe(false);
    }
  });
});
