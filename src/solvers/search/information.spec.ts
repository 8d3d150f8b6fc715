import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gameFor } from '../../engine/index.js';
import { positionOf as playedTo, positions, type Position, type Variant } from './positions.testkit.js';
import { decideStrong, imagineWorld, searchWorlds, type StrongBudget } from './search.js';
import type { SeatInput } from './seat-input.js';
import { seatInputOf } from '../../bots/seat-play.js';

/**
 * Only the seat's information: two states that share the seat's view and event log but differ
 * in hidden cards give the same decision (same seed). The second state is a world the bot's own
 * sampler imagines from the first state's input, checked to serve the same input. A bot that
 * is handed the state instead (its worlds are the true deal) fails the same property.
 */
const VARIANTS: Variant[] = [
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'dobbm', rules: { players: 5 } },
  { game: 'droggn', rules: { players: 3 } },
  { game: 'droggn', rules: { players: 4 } },
  { game: 'doppelkopf', rules: {} },
  { game: 'doppelkopf', rules: { deck: 40 } },
  { game: 'doppelkopf', rules: { poverty: { enabled: true } } },
];
const BUDGET: StrongBudget = { worlds: 3, timeMs: Infinity, endgameTricks: 4 };

/** A hand of one variant taken `steps` actions in by the engine's bots, at the seat to act, when it has a choice. */
function positionOf(variant: number, deal: number, steps: number): Position | null {
  const p = playedTo(VARIANTS[variant]!, deal, steps);
  return p && gameFor(p.game).legalActions(p.state, p.seat).length >= 2 ? p : null;
}

const inputOf = (p: Position, state: unknown = p.state): SeatInput =>
  seatInputOf(gameFor(p.game), { options: p.options, setup: p.setup, state, actions: p.actions }, p.seat);

/** The hidden cards of a state: every hand but the seat's, as the auditor sees them. */
const hiddenOf = (p: Position, state: unknown): string => JSON.stringify(gameFor(p.game).view(state, { kind: 'auditor' })['hands'] ?? null);

const positionsArb = positions(VARIANTS, (v, deal, steps) => positionOf(VARIANTS.indexOf(v), deal, steps));

/** Runs the property with `decide`; the twin state's input is checked to equal the original's. */
function sameDecision(decide: (p: Position, state: unknown, seed: number) => unknown) {
  return fc.property(positionsArb, fc.integer({ min: 0, max: 2 ** 30 }), (p, seed) => {
    fc.pre(p !== null);
    const input = inputOf(p!);
    const twin = imagineWorld(input, seed + 1);
    fc.pre(twin !== null && hiddenOf(p!, twin) !== hiddenOf(p!, p!.state));
    expect(inputOf(p!, twin)).toEqual(input);
    expect(decide(p!, twin, seed)).toEqual(decide(p!, p!.state, seed));
  });
}

describe('the strong bot decides from its seat’s information only', () => {
  it('two states with the same seat view and log, other hidden cards: the same decision', () => {
    fc.assert(
      sameDecision((p, state, seed) => decideStrong(inputOf(p, state), { seed, budget: BUDGET }).action),
      { numRuns: 40 },
    );
  });

  it('fails for a bot that is given the state: its worlds are the true deal', () => {
    const leaky = (p: Position, state: unknown, seed: number) =>
      searchWorlds(inputOf(p, state), { seed, budget: BUDGET }, () => state).action;
    const run = fc.check(sameDecision(leaky), { numRuns: 200, seed: 7 });
    expect(run.failed).toBe(true);
  });
});
