import { gameFor, replayOrThrow, setupOf, type Action, type Card, type Game, type HandRecord } from '../../engine/index.js';
import { seatInputOf } from '../../bots/seat-play.js';
import type { StrongBudget } from '../../solvers/search/search.js';
import type { SeatInput } from '../../solvers/search/seat-input.js';
import { actionKey, valueDecision } from '../../solvers/review/valuer.js';

/**
 * The card-sharing evidence of one hand (docs/audit-card-sharing.md): for each decision of a
 * seat X with a choice, and each other seat Y, the best action from X's own information and the
 * best from X's information plus Y's present hand. Only where the two differ does X's choice tell
 * anything about whether he saw Y's cards; those moments are recorded.
 */
export interface SharingMoment {
  /** Index of the decision among the hand's actions. */
  index: number;
  /** The deciding seat X and the seat Y whose hand the informed valuation was given. */
  seat: number;
  other: number;
  /** What was decided (the action's type: play, announce, exchange …): base rates are per kind. */
  kind: string;
  /** X took the action that is best with Y's hand in view. */
  choseInformed: boolean;
  /** What the informed best gains over X's own best, valued with Y's hand in view (the seat's points). */
  worth: number;
}

export interface SharingEvidence {
  estimator: string;
  /** Decisions valued per seat (those with a choice, of the kinds valued). */
  decisions: number[];
  moments: SharingMoment[];
}

/**
 * What the audit values, per decision and other seat: a budget far below the review's (48 worlds,
 * one seat) because a hand's evidence is (seats − 1) + 1 valuations of every decision; the signal
 * is summed over hundreds of hands, so a noisy best per decision costs power, not validity — the
 * honest player's own base rate absorbs the noise (pairs.ts).
 */
export const SHARING_BUDGET: StrongBudget = { worlds: 4, timeMs: Infinity, endgameTricks: 3 };

/** The audit's budget with another number of worlds (AUDIT_SHARING_WORLDS): the rest as above. */
export const sharingBudget = (worlds: number): StrongBudget => ({ ...SHARING_BUDGET, worlds });

/**
 * Bids and doublings are not valued: the strong bot takes them from hand-strength thresholds
 * rather than a search (docs/bots.md), and a rollout of a whole hand per world makes them the
 * dearest decisions to value. Everything else a seat chooses is.
 */
const UNVALUED = new Set(['bid', 'double']);

/** Raised whenever the moments a hand gives change (budget, kinds, valuer). */
const VERSION = 1;
export const sharingEstimator = (budget: StrongBudget = SHARING_BUDGET): string =>
  `card-sharing-v${VERSION}-w${budget.worlds}-e${budget.endgameTricks ?? 0}`;

/** A decision's seed from the hand's seed and its index: the own and the informed valuation share it. */
const decisionSeed = (seed: number, index: number): number => (Math.imul(seed ^ 0x5bd1e995, 31) + index * 7919) >>> 1;

/** A seat's present hand as the engine shows it to that seat. */
export const presentHand = (game: Game, state: unknown, seat: number): Card[] =>
  ((game.view(state, { kind: 'seat', seat })['hand'] as Card[] | undefined) ?? []).slice();

/**
 * The moments of one decision: X's input at that moment, the action X took, and the other seats'
 * present hands (a seat without cards is skipped). Reads nothing of a seat Z ≠ Y but what X's
 * input shows.
 */
export function decisionMoments(
  input: SeatInput,
  chosen: Action,
  others: ReadonlyMap<number, readonly Card[]>,
  o: { index: number; seed: number; budget: StrongBudget },
): SharingMoment[] {
  const seed = decisionSeed(o.seed, o.index);
  const own = valueDecision(input, chosen, { seed, budget: o.budget });
  if (own.forced || own.worlds === 0) return [];
  const moments: SharingMoment[] = [];
  for (const [other, hand] of others) {
    if (hand.length === 0) continue;
    const informed = valueDecision(input, chosen, { seed, budget: o.budget, known: new Map([[other, hand]]) });
    if (informed.worlds === 0 || actionKey(informed.best) === actionKey(own.best)) continue;
    const valueOf = (a: Record<string, unknown>): number => informed.values.find((v) => actionKey(v.action) === actionKey(a))?.value ?? NaN;
    moments.push({
      index: o.index,
      seat: input.view.seat,
      other,
      kind: chosen.type,
      choseInformed: actionKey(chosen) === actionKey(informed.best),
      worth: valueOf(informed.best) - valueOf(own.best),
    });
  }
  return moments;
}

/** The evidence of a finished hand, replayed from its record; deterministic for `seed`. */
export function sharingEvidence(record: HandRecord, o: { seed: number; budget?: StrongBudget }): SharingEvidence {
  const budget = o.budget ?? SHARING_BUDGET;
  const game = gameFor(record.game);
  const played = replayOrThrow(game, record);
  const seats = game.seatCount(played.options);
  const decisions = Array.from({ length: seats }, () => 0);
  const moments: SharingMoment[] = [];
  played.actions.forEach((action, index) => {
    const state = played.states[index]!;
    const x = action.seat;
    if (UNVALUED.has(action.type) || game.legalActions(state, x).length <= 1) return;
    decisions[x]!++;
    const input = seatInputOf(game, { options: played.options, setup: setupOf(record), state, actions: played.actions.slice(0, index) }, x);
    const others = new Map<number, Card[]>();
    for (let y = 0; y < seats; y++) if (y !== x) others.set(y, presentHand(game, state, y));
    moments.push(...decisionMoments(input, action, others, { index, seed: o.seed, budget }));
  });
  return { estimator: sharingEstimator(budget), decisions, moments };
}
