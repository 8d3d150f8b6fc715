import fc from 'fast-check';
import { gameFor, playOut, shuffle, type Action, type GameId, type HandRecord, type HandSetup } from '../../engine/index.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { heuristicBot as dobbmBot } from '../../engine/dobbm/bots.js';
import { heuristicBot as droggnBot } from '../../engine/droggn/bots.js';
import { heuristicBot as dokoBot } from '../../engine/doppelkopf/bots.js';

/** One game with its rules, as a test's hands are dealt. */
export interface Variant {
  game: GameId;
  rules: Record<string, unknown>;
}

/** A moment of a hand played by the engine's bots: the seat to act and what its bot chose there. */
export interface Position {
  game: GameId;
  options: unknown;
  setup: HandSetup;
  state: unknown;
  actions: Action[];
  seat: number;
  next: Action;
}

type StateBot = (state: never, seat: number, rng: Rng) => Action;
const stateBots: Record<GameId, StateBot> = {
  dobbm: dobbmBot() as StateBot,
  droggn: droggnBot() as StateBot,
  doppelkopf: dokoBot() as StateBot,
};

/** A hand of `variant` from `deal`'s deck taken `steps` actions in by the engine's bots; null once it is over. */
export function positionOf({ game: id, rules }: Variant, deal: number, steps: number): Position | null {
  const game = gameFor(id);
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const setup = { dealer: deal % game.seatCount(parsed.options) };
  let state = game.deal(parsed.options, shuffle(deal.toString(16).padStart(64, '0'), game.deck(parsed.options)), setup);
  const actions: Action[] = [];
  const rng = seededRng(deal);
  for (let i = 0; !game.isOver(state); i++) {
    const next = stateBots[id](state as never, game.toAct(state)[0]!, rng);
    if (i === steps) return { game: id, options: parsed.options, setup, state, actions, seat: next.seat, next };
    const applied = game.apply(state, next);
    if (!applied.ok) throw new Error(applied.rejection.message);
    actions.push(next);
    state = applied.state;
  }
  return null;
}

/** Positions of the variants up to 40 actions into a hand, as `at` takes them (default: any). */
export const positions = (variants: readonly Variant[], at: (v: Variant, deal: number, steps: number) => Position | null = positionOf) =>
  fc
    .record({
      variant: fc.integer({ min: 0, max: variants.length - 1 }),
      deal: fc.integer({ min: 0, max: 2 ** 30 }),
      steps: fc.integer({ min: 0, max: 40 }),
    })
    .map(({ variant, deal, steps }) => at(variants[variant]!, deal, steps));

/** A whole hand of `variant` played by the engine's bots, as its record. */
export function playedHand(variant: Variant, deal: number): HandRecord {
  const game = gameFor(variant.game);
  const p = positionOf(variant, deal, 0)!;
  const rng = seededRng(deal);
  const deck = shuffle(deal.toString(16).padStart(64, '0'), game.deck(p.options));
  const { actions } = playOut(game, { options: p.options, source: { deck }, setup: p.setup }, (state, seats) =>
    stateBots[variant.game](state as never, seats[0]!, rng),
  );
  return { game: variant.game, rules: variant.rules, dealer: p.setup.dealer, deck, actions };
}
