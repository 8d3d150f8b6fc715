import { performance } from 'node:perf_hooks';
import { games, type Action, type Game, type GameId } from '../../engine/index.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { heuristicBot as dobbmPolicy, type DobbmOptions, type DobbmState, type DobbmView } from '../../engine/dobbm/index.js';
import { heuristicBot as droggnPolicy, type DroggnOptions, type DroggnView } from '../../engine/droggn/index.js';
import { heuristicBot as dokoPolicy } from '../../engine/doppelkopf/bots.js';
import type { DokoOptions, DokoState, DokoView } from '../../engine/doppelkopf/index.js';
import {
  chooseAction,
  doublingsOf,
  MAX_OWN_DOUBLINGS,
  shortlist,
  STRONG_THRESHOLDS,
  type Action as Posted,
  type Thresholds,
} from './strategy.js';
import { knowledgeFromInput, viewWithRules, type SeatInput, type SeatKnowledge } from './seat-input.js';
import { imagineDobbm } from './dobbm-world.js';
import { exactDobbmScore } from './dobbm-exact.js';
import { imagineDroggn } from './droggn-world.js';
import { imagineDoppelkopf } from './doppelkopf-world.js';
import { exactDoppelkopfScore } from './doppelkopf-exact.js';

/** Doppelkopf tricks solved double-dummy at the end of a hand by default (docs/bots.md: measured against rollouts). */
const ENDGAME_TRICKS = 4;

/**
 * How much the strong bot thinks per decision: at most `worlds` sampled worlds, and no new
 * world once `timeMs` have passed (the best action so far is then the answer). The default is
 * what docs/bots.md measured against the decision-time aims.
 */
export interface StrongBudget {
  worlds: number;
  timeMs: number;
  /** Doppelkopf: the last this many tricks are solved double-dummy instead of rolled out (0: rollouts only). */
  endgameTricks?: number;
}
export const DEFAULT_BUDGET: StrongBudget = { worlds: 24, timeMs: 600, endgameTricks: ENDGAME_TRICKS };

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
  imagine: (k: SeatKnowledge<unknown>, view: unknown, rng: Rng, readCalls: boolean) => unknown;
  /** The policy of every seat in a rollout: the engine's heuristic bot, which may read the imagined world. */
  policy: (state: unknown, seat: number, rng: Rng) => Action;
  /** The seat's score with the rest played exactly, where a solver applies (null: roll out instead). */
  exact?: (state: unknown, seat: number, rng: Rng, budget: StrongBudget) => number | null;
}

/** A game's own bot or solver, over that game's states, as a searcher's part. */
const erased = <F>(f: F): never => f as never;

const searchers: Record<GameId, Searcher> = {
  dobbm: {
    game: games.dobbm as unknown as Game,
    imagine: (k, view, rng, readCalls) => imagineDobbm(k as SeatKnowledge<DobbmOptions>, view as DobbmView, rng, readCalls),
    policy: erased(dobbmPolicy()),
    exact: (s, seat, rng) => ((s as DobbmState).phase === 'play' ? exactDobbmScore(s as DobbmState, seat, rng) : null),
  },
  droggn: {
    game: games.droggn as unknown as Game,
    imagine: (k, view, rng, readCalls) => imagineDroggn(k as SeatKnowledge<DroggnOptions>, view as DroggnView, rng, readCalls),
    policy: erased(droggnPolicy()),
  },
  doppelkopf: {
    game: games.doppelkopf as unknown as Game,
    imagine: (k, view, rng) => imagineDoppelkopf(k as SeatKnowledge<DokoOptions>, view as DokoView, rng),
    policy: erased(dokoPolicy()),
    exact: (s, seat, rng, budget) =>
      (s as DokoState).phase === 'play' ? exactDoppelkopfScore(s as DokoState, seat, rng, budget.endgameTricks ?? 0) : null,
  },
};

/**
 * The strong bot (determinized search): from the seat's input alone, imagine worlds consistent
 * with it, value each candidate action in each world (Dobbm's card play double-dummy, everything
 * else by a rollout in which every seat plays the engine's heuristic bot), and take the action
 * with the best mean score for the seat. Bids and doublings keep the beginner's thresholds, and
 * a riskier call must beat the safe choice clearly (docs/bots.md says what was measured).
 * Deterministic for a seed when the time budget does not bind.
 */
export function decideStrong(input: SeatInput, opts: SearchOptions): StrongDecision {
  return searchWorlds(input, opts, imagineOne);
}

/** Draws worlds for a seat: the strong bot's own, or in a test one that is given more than the seat knows. */
export type WorldSource = (searcher: Searcher, k: SeatKnowledge<unknown>, input: SeatInput, legalCount: number, rng: Rng) => unknown;

/** `thresholds`: for the bids, doublings and reservations not searched; default `STRONG_THRESHOLDS` (strategy.ts). */
interface SearchOptions {
  seed: number;
  budget?: StrongBudget;
  now?: () => number;
  thresholds?: Thresholds;
}

/** The search of `decideStrong` over the worlds `imagine` draws. */
export function searchWorlds(input: SeatInput, opts: SearchOptions, imagine: WorldSource): StrongDecision {
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const now = opts.now ?? (() => performance.now());
  const deadline = now() + budget.timeMs;
  const rng = seededRng(opts.seed);
  const offered = (input.view.legalActions ?? []).map(withoutSeat);
  if (offered.length === 0) throw new Error(`seat ${input.view.seat} has no legal action in phase ${input.view.phase}`);
  const searcher = searchers[input.view.game];
  const k = knowledgeFromInput(searcher.game, input);
  // The beginner's choice is the fallback and the safe one.
  const view = viewWithRules(input, k);
  const beginner = (): Posted => chooseAction(view.game, view, seededRng(opts.seed), opts.thresholds ?? STRONG_THRESHOLDS);
  const calm = offered.filter((a) => a.type !== 'double' || a['call'] === 'gut');
  const legal = doublingsOf(input.view) >= MAX_OWN_DOUBLINGS && calm.length > 0 ? calm : offered;
  if (legal.length === 1) return { action: legal[0]!, worlds: 0 };
  // Bids and doublings by the beginner's hand-strength thresholds: searched, they lost (docs/bots.md).
  if (legal.some((a) => a.type === 'bid' || a.type === 'double')) return { action: beginner(), worlds: 0 };
  if (!k) return { action: beginner(), worlds: 0 };
  const candidates = shortlist(view.game, view, legal, MAX_CANDIDATES, rng);
  const perWorld = scoreInWorlds(input, k, candidates, { rng, budget, now, deadline, imagine });
  const worlds = perWorld[0]!.length;
  if (worlds === 0) return { action: beginner(), worlds: 0 };
  let best = bestOf(perWorld, () => true);
  // A choice that raises the stakes or binds the hand (a Doppelkopf announcement, a reservation, a
  // discard) replaces the safe one only when it beats it clearly over the same worlds: the best
  // of noisy means favours risky choices, and the worlds overrate the bot's chances.
  const safe =
    candidates[best]!.type === 'announce'
      ? bestOf(perWorld, (i) => candidates[i]!.type !== 'announce')
      : input.view.phase !== 'play'
        ? candidates.findIndex((a) => JSON.stringify(a) === JSON.stringify(beginner()))
        : best;
  if (safe >= 0 && safe !== best && !clearlyBetter(perWorld[best]!, perWorld[safe]!)) best = safe;
  return { action: candidates[best]!, worlds };
}

/**
 * Each candidate's score for the seat over at most `budget.worlds` worlds consistent with the
 * seat's knowledge `k` (no new world after `deadline`): per candidate, one score per world, the
 * same worlds for every candidate. The strong bot's search and the hand review (src/solvers/review/) value actions here.
 */
export function scoreInWorlds(
  input: SeatInput,
  k: SeatKnowledge<unknown>,
  candidates: readonly Posted[],
  o: { rng: Rng; budget: StrongBudget; now: () => number; deadline: number; imagine?: WorldSource },
): number[][] {
  const searcher = searchers[input.view.game];
  const imagine = o.imagine ?? imagineOne;
  const offered = (input.view.legalActions ?? []).length;
  const perWorld: number[][] = candidates.map(() => []);
  for (let w = 0; w < o.budget.worlds && (w === 0 || o.now() < o.deadline); w++) {
    const world = imagine(searcher, k, input, offered, o.rng);
    if (world === null) continue;
    const rolloutSeed = o.rng.int(2 ** 31);
    const scores = evaluate(searcher, world, candidates, k.seat, rolloutSeed, o.budget);
    if (scores.some((s) => s === null)) continue;
    scores.forEach((s, i) => perWorld[i]!.push(s!));
  }
  return perWorld;
}

/** The index with the best mean among those `eligible`; -1 if none. */
function bestOf(perWorld: number[][], eligible: (i: number) => boolean): number {
  let best = -1;
  let top = -Infinity;
  perWorld.forEach((xs, i) => {
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    if (eligible(i) && m > top) [best, top] = [i, m];
  });
  return best;
}

/** How many standard errors a bid or call must gain over the beginner's (max-of-noisy-means favours risky calls). */
const CALL_MARGIN_SE = 1.5;

/** Paired over the worlds: `a`'s mean gain over `b` exceeds CALL_MARGIN_SE standard errors. */
function clearlyBetter(a: number[], b: number[]): boolean {
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  const m = d.reduce((x, y) => x + y, 0) / n;
  if (n < 2) return m > 0;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - m) ** 2, 0) / (n - 1));
  return m > CALL_MARGIN_SE * (sd / Math.sqrt(n));
}

/** One world consistent with the seat's input (and the `known` hands), or null when none was found in a few draws. */
export function imagineWorld(input: SeatInput, seed: number, known?: SeatKnowledge<unknown>['known']): unknown {
  const searcher = searchers[input.view.game];
  const k = knowledgeFromInput(searcher.game, input);
  if (k && known) k.known = known;
  return k && imagineOne(searcher, k, input, (input.view.legalActions ?? []).length, seededRng(seed));
}

function imagineOne(searcher: Searcher, k: SeatKnowledge<unknown>, input: SeatInput, legalCount: number, rng: Rng): unknown {
  for (let t = 0; t < TRIES_PER_WORLD; t++) {
    // the first draws must fit the other players' bids and raises too; the later ones need only the facts
    const world = searcher.imagine(k, input.view, rng, t < TRIES_PER_WORLD / 2);
    // the world must offer the seat what its view offers: then it is at the same moment
    if (world !== null && searcher.game.legalActions(world, k.seat).length === legalCount && holdsKnown(searcher.game, world, k))
      return world;
  }
  return null;
}

/** Every seat whose hand is treated as known holds exactly that hand in `world` (the sampler may swap a duplicate). */
function holdsKnown(game: Game, world: unknown, k: SeatKnowledge<unknown>): boolean {
  if (!k.known?.size) return true;
  const sorted = (cards: readonly string[]): string => [...cards].sort().join();
  return [...k.known].every(
    ([s, hand]) => sorted((game.view(world, { kind: 'seat', seat: s })['hand'] as string[] | undefined) ?? []) === sorted(hand),
  );
}

/**
 * Each candidate's score for the seat in one world: exactly where the game has a solver and
 * every candidate's position is solved within budget, else by rollouts (the same seed for all).
 */
function evaluate(
  searcher: Searcher,
  world: unknown,
  candidates: readonly Posted[],
  seat: number,
  seed: number,
  budget: StrongBudget,
): (number | null)[] {
  const after = candidates.map((a) => searcher.game.apply(world, { ...a, seat } as Action));
  if (searcher.exact && after.every((r) => r.ok)) {
    const exact = after.map((r) => searcher.exact!((r as { state: unknown }).state, seat, seededRng(seed), budget));
    if (exact.every((x) => x !== null)) return exact;
  }
  return candidates.map((a) => rollout(searcher, world, { ...a, seat } as Action, seat, seededRng(seed)));
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

function withoutSeat(action: Posted): Posted {
  const { seat: _seat, ...rest } = action;
  return rest as Posted;
}
