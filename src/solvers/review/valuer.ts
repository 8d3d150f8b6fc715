import type { Card } from '../../engine/index.js';
import { seededRng } from '../../engine/core/rng.js';
import { gameFor } from '../../engine/index.js';
import { scoreInWorlds, type StrongBudget, type WorldSource } from '../search/search.js';
import { knowledgeFromInput, viewWithRules, type SeatInput } from '../search/seat-input.js';
import { shortlist, type Action } from '../search/strategy.js';
import { MAX_REVIEW_CANDIDATES } from './games.js';

/** One candidate action and its mean score for the seat over the sampled worlds. */
export interface Valued {
  action: Action;
  value: number;
}

/** A decision valued: `best` the highest-valued candidate, `loss = value(best) − value(chosen) ≥ 0`. */
export interface DecisionValue {
  /** A single legal action: nothing to value, loss 0. */
  forced: boolean;
  best: Action;
  loss: number;
  /** Candidates valued (the chosen one first), empty when forced or no world could be imagined. */
  values: Valued[];
  /** Worlds the values are means over. */
  worlds: number;
}

export interface ValueOptions {
  seed: number;
  budget: StrongBudget;
  /** Other seats' present hands treated as known in the sampling (what the seat could have done with them in view). */
  known?: ReadonlyMap<number, readonly Card[]>;
  /** Where the worlds come from: the seat's own sampler unless a test says otherwise. */
  imagine?: WorldSource;
}

/** An action's identity, whatever the order of its fields and with or without its seat. */
export const actionKey = (a: Record<string, unknown>): string =>
  JSON.stringify(
    Object.keys(a)
      .filter((f) => f !== 'seat')
      .sort()
      .map((f) => [f, a[f]]),
  );

const withoutSeat = (a: Record<string, unknown>): Action => {
  const { seat: _seat, ...rest } = a;
  return rest as Action;
};

/**
 * Values the seat's decision `chosen` from its input alone — its view and its event log at the
 * moment, as the service would have served them (search/seat-input.ts): at most
 * MAX_REVIEW_CANDIDATES candidates, the chosen one always among them, each scored in the same
 * worlds drawn consistently with what the seat knew (search.ts `scoreInWorlds`: solved exactly
 * where a solver applies, else played out). Deterministic for a seed; the clock is not read.
 */
export function valueDecision(input: SeatInput, chosen: Record<string, unknown>, o: ValueOptions): DecisionValue {
  const picked = withoutSeat(chosen);
  const legal = (input.view.legalActions ?? []).map(withoutSeat);
  if (legal.length <= 1) return { forced: true, best: picked, loss: 0, values: [], worlds: 0 };
  const game = gameFor(input.view.game);
  const k = knowledgeFromInput(game, input);
  const unvalued: DecisionValue = { forced: false, best: picked, loss: 0, values: [], worlds: 0 };
  if (!k) return unvalued;
  if (o.known?.size) k.known = o.known;
  const rng = seededRng(o.seed);
  const key = actionKey(picked);
  const others = shortlist(input.view.game, viewWithRules(input, k), legal, MAX_REVIEW_CANDIDATES, rng).filter((a) => actionKey(a) !== key);
  const candidates = [picked, ...others.slice(0, MAX_REVIEW_CANDIDATES - 1)];
  const perWorld = scoreInWorlds(input, k, candidates, { rng, budget: o.budget, now: () => 0, deadline: Infinity, imagine: o.imagine });
  const worlds = perWorld[0]!.length;
  if (worlds === 0) return unvalued;
  const values = candidates.map((action, i) => ({ action, value: perWorld[i]!.reduce((a, b) => a + b, 0) / worlds }));
  // The chosen action wins ties: a loss is only what a better choice would have gained.
  const best = values.reduce((top, v) => (v.value > top.value ? v : top), values[0]!);
  return { forced: false, best: best.action, loss: best.value - values[0]!.value, values, worlds };
}
