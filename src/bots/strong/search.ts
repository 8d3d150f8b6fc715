import { performance } from 'node:perf_hooks';
import { games, type Action, type Game, type GameId } from '../../engine/index.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { heuristicBot as dobbmPolicy, type DobbmOptions, type DobbmState, type DobbmView } from '../../engine/dobbm/index.js';
import { heuristicBot as droggnPolicy, type DroggnOptions, type DroggnState, type DroggnView } from '../../engine/droggn/index.js';
import { heuristicBot as dokoPolicy } from '../../engine/doppelkopf/bots.js';
import type { DokoOptions, DokoState, DokoView } from '../../engine/doppelkopf/index.js';
import { chooseAction, type Action as Posted } from '../strategy.js';
import { knowledgeFromInput, type SeatInput, type SeatKnowledge } from './seat-input.js';
import { imagineDobbm } from './dobbm-world.js';
import { imagineDroggn } from './droggn-world.js';
import { imagineDoppelkopf } from './doppelkopf-world.js';

/**
 * How much the strong bot thinks per decision: at most `worlds` sampled worlds, and no new
 * world once `timeMs` have passed (the best action so far is then the answer). The default is
 * what docs/bots.md measured against the decision-time aims.
 */
export interface StrongBudget {
  worlds: number;
  timeMs: number;
}
export const DEFAULT_BUDGET: StrongBudget = { worlds: 24, timeMs: 600 };

/** At most this many candidate actions are searched (a Dobbm discard has hundreds). */
const MAX_CANDIDATES = 10;
/** Draws per world before the sampler gives up on it (tight constraints late in a hand). */
const TRIES_PER_WORLD = 40;
const MAX_ROLLOUT_STEPS = 400;

export interface StrongDecision {
  action: Posted;
  /** Worlds searched; 0 when none could be imagined and the beginner's choice was taken. */
  worlds: number;
}

/** Imagines worlds from the seat's knowledge and plays rollouts in them, for one game. */
export interface Searcher {
  game: Game;
  imagine: (k: SeatKnowledge<unknown>, view: unknown, rng: Rng) => unknown;
  /** The policy of every seat in a rollout: the engine's heuristic bot, which may read the imagined world. */
  policy: (state: unknown, seat: number, rng: Rng) => Action;
}

const searchers: Record<GameId, Searcher> = {
  dobbm: {
    game: games.dobbm as unknown as Game,
    imagine: (k, view, rng) => imagineDobbm(k as SeatKnowledge<DobbmOptions>, view as DobbmView, rng),
    policy: (
      (p) => (s: unknown, seat: number, rng: Rng) =>
        p(s as DobbmState, seat, rng)
    )(dobbmPolicy()),
  },
  droggn: {
    game: games.droggn as unknown as Game,
    imagine: (k, view, rng) => imagineDroggn(k as SeatKnowledge<DroggnOptions>, view as DroggnView, rng),
    policy: (
      (p) => (s: unknown, seat: number, rng: Rng) =>
        p(s as DroggnState, seat, rng)
    )(droggnPolicy()),
  },
  doppelkopf: {
    game: games.doppelkopf as unknown as Game,
    imagine: (k, view, rng) => imagineDoppelkopf(k as SeatKnowledge<DokoOptions>, view as DokoView, rng),
    policy: (
      (p) => (s: unknown, seat: number, rng: Rng) =>
        p(s as DokoState, seat, rng)
    )(dokoPolicy()),
  },
};

/**
 * The strong bot (determinized search): from the seat's input alone, imagine worlds consistent
 * with it, play each candidate action in each world followed by a rollout in which every seat
 * plays the engine's heuristic bot, and take the action with the best mean score for the seat.
 * Bidding, calls and card play are all decided this way (simulation over sampled worlds).
 * Deterministic for a seed when the time budget does not bind.
 */
export function decideStrong(input: SeatInput, opts: { seed: number; budget?: StrongBudget; now?: () => number }): StrongDecision {
  return searchWorlds(input, opts, imagineOne);
}

/** Draws worlds for a seat: the strong bot's own, or in a test one that is given more than the seat knows. */
export type WorldSource = (searcher: Searcher, k: SeatKnowledge<unknown>, input: SeatInput, legalCount: number, rng: Rng) => unknown;

/** The search of `decideStrong` over the worlds `imagine` draws. */
export function searchWorlds(
  input: SeatInput,
  opts: { seed: number; budget?: StrongBudget; now?: () => number },
  imagine: WorldSource,
): StrongDecision {
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const now = opts.now ?? (() => performance.now());
  const deadline = now() + budget.timeMs;
  const rng = seededRng(opts.seed);
  const legal = (input.view.legalActions ?? []).map(withoutSeat);
  if (legal.length === 0) throw new Error(`seat ${input.view.seat} has no legal action in phase ${input.view.phase}`);
  const beginner = (): Posted => chooseAction(input.view.game, input.view, seededRng(opts.seed));
  if (legal.length === 1) return { action: legal[0]!, worlds: 0 };
  const searcher = searchers[input.view.game];
  const k = knowledgeFromInput(searcher.game, input);
  if (!k) return { action: beginner(), worlds: 0 };
  const candidates = shortlist(legal, beginner(), rng);
  const totals = candidates.map(() => 0);
  const seat = k.seat;
  let worlds = 0;
  for (let w = 0; w < budget.worlds && (w === 0 || now() < deadline); w++) {
    const world = imagine(searcher, k, input, legal.length, rng);
    if (world === null) continue;
    const rolloutSeed = rng.int(2 ** 31);
    const scores = candidates.map((a) => rollout(searcher, world, { ...a, seat } as Action, seat, seededRng(rolloutSeed)));
    if (scores.some((s) => s === null)) continue;
    scores.forEach((s, i) => (totals[i]! += s!));
    worlds++;
  }
  if (worlds === 0) return { action: beginner(), worlds: 0 };
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[best]!) best = i;
  return { action: candidates[best]!, worlds };
}

/** One world consistent with the seat's input, or null when none was found in a few draws. */
export function imagineWorld(input: SeatInput, seed: number): unknown {
  const searcher = searchers[input.view.game];
  const k = knowledgeFromInput(searcher.game, input);
  return k && imagineOne(searcher, k, input, (input.view.legalActions ?? []).length, seededRng(seed));
}

function imagineOne(searcher: Searcher, k: SeatKnowledge<unknown>, input: SeatInput, legalCount: number, rng: Rng): unknown {
  for (let t = 0; t < TRIES_PER_WORLD; t++) {
    const world = searcher.imagine(k, input.view, rng);
    // the world must offer the seat what its view offers: then it is at the same moment
    if (world !== null && searcher.game.legalActions(world, k.seat).length === legalCount) return world;
  }
  return null;
}

/** The seat's score when `action` is played in `world` and the hand is played out by the policy; null if refused. */
function rollout(searcher: Searcher, world: unknown, action: Action, seat: number, rng: Rng): number | null {
  const { game, policy } = searcher;
  const first = game.apply(world, action);
  if (!first.ok) return null;
  let state = first.state;
  for (let step = 0; !game.isOver(state); step++) {
    if (step > MAX_ROLLOUT_STEPS) return null;
    const next = game.apply(state, policy(state, game.toAct(state)[0]!, rng));
    if (!next.ok) return null;
    state = next.state;
  }
  return game.result(state)?.scores[seat] ?? 0;
}

/** All legal actions, or the beginner's choice and a random sample when there are too many. */
function shortlist(legal: Posted[], beginner: Posted, rng: Rng): Posted[] {
  if (legal.length <= MAX_CANDIDATES) return legal;
  const key = (a: Posted): string => JSON.stringify(a);
  const picked = new Map([[key(beginner), beginner]]);
  for (let guard = 0; picked.size < MAX_CANDIDATES && guard < 10 * MAX_CANDIDATES; guard++) {
    const a = rng.pick(legal);
    picked.set(key(a), a);
  }
  return [...picked.values()];
}

function withoutSeat(action: Posted): Posted {
  const { seat: _seat, ...rest } = action;
  return rest as Posted;
}
