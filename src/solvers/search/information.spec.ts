import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gameFor, seededRng, shuffle, type Action, type GameId, type HandSetup } from '../../engine/index.js';
import { heuristicBot as dobbmBot } from '../../engine/dobbm/bots.js';
import { heuristicBot as droggnBot } from '../../engine/droggn/bots.js';
import { heuristicBot as dokoBot } from '../../engine/doppelkopf/bots.js';
import type { Rng } from '../../engine/core/rng.js';
import { decideStrong, imagineWorld, searchWorlds, type StrongBudget } from './search.js';
import type { SeatInput } from './seat-input.js';
import { seatInputOf } from '../../bots/seat-play.js';

/**
 * Only the seat's information: two states that share the seat's view and event log but differ
 * in hidden cards give the same decision (same seed). The second state is a world the bot's own
 * sampler imagines from the first state's input, checked to serve the same input. A bot that
 * is handed the state instead (its worlds are the true deal) fails the same property.
 */
const VARIANTS: { game: GameId; rules: Record<string, unknown> }[] = [
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'dobbm', rules: { players: 5 } },
  { game: 'droggn', rules: { players: 3 } },
  { game: 'droggn', rules: { players: 4 } },
  { game: 'doppelkopf', rules: {} },
  { game: 'doppelkopf', rules: { deck: 40 } },
  { game: 'doppelkopf', rules: { poverty: { enabled: true } } },
];
type StateBot = (state: never, seat: number, rng: Rng) => Action;
const stateBots: Record<GameId, StateBot> = {
  dobbm: dobbmBot() as StateBot,
  droggn: droggnBot() as StateBot,
  doppelkopf: dokoBot() as StateBot,
};
const BUDGET: StrongBudget = { worlds: 3, timeMs: Infinity, endgameTricks: 4 };

interface Position {
  game: GameId;
  options: unknown;
  setup: HandSetup;
  state: unknown;
  actions: Action[];
  seat: number;
}

/** A hand of one variant taken `steps` actions in by the engine's bots, at the seat to act. */
function positionOf(variant: number, deal: number, steps: number): Position | null {
  const { game: id, rules } = VARIANTS[variant]!;
  const game = gameFor(id);
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const setup = { dealer: deal % game.seatCount(parsed.options) };
  let state = game.deal(parsed.options, shuffle(deal.toString(16).padStart(64, '0'), game.deck(parsed.options)), setup);
  const actions: Action[] = [];
  const rng = seededRng(deal);
  for (let i = 0; i < steps && !game.isOver(state); i++) {
    const action = stateBots[id](state as never, game.toAct(state)[0]!, rng);
    const applied = game.apply(state, action);
    if (!applied.ok) throw new Error(applied.rejection.message);
    actions.push(action);
    state = applied.state;
  }
  if (game.isOver(state)) return null;
  const seat = game.toAct(state)[0]!;
  if (game.legalActions(state, seat).length < 2) return null;
  return { game: id, options: parsed.options, setup, state, actions, seat };
}

const inputOf = (p: Position, state: unknown = p.state): SeatInput =>
  seatInputOf(gameFor(p.game), { options: p.options, setup: p.setup, state, actions: p.actions }, p.seat);

/** The hidden cards of a state: every hand but the seat's, as the auditor sees them. */
const hiddenOf = (p: Position, state: unknown): string => JSON.stringify(gameFor(p.game).view(state, { kind: 'auditor' })['hands'] ?? null);

const positions = fc
  .record({
    variant: fc.integer({ min: 0, max: VARIANTS.length - 1 }),
    deal: fc.integer({ min: 0, max: 2 ** 30 }),
    steps: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ variant, deal, steps }) => positionOf(variant, deal, steps));

/** Runs the property with `decide`; the twin state's input is checked to equal the original's. */
function sameDecision(decide: (p: Position, state: unknown, seed: number) => unknown) {
  return fc.property(positions, fc.integer({ min: 0, max: 2 ** 30 }), (p, seed) => {
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
