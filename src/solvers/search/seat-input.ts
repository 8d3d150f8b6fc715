import { gameFor, type Action, type Card, type Game, type GameId, type HandSetup } from '../../engine/index.js';
import type { SeatView } from './strategy.js';

/** One entry of a seat's event log (GET /hands/{id}/events as that seat): hidden parts already redacted. */
export interface SeatEvent {
  seq: number;
  type: string;
  seat: number | null;
  payload: Record<string, unknown>;
}

/**
 * Everything the service serves a seat about its hand: its view (GET /hands/{id}) and its
 * event log (GET /hands/{id}/events), whose first event, the deal, names the rules and the
 * setup. The strong bot decides from this and nothing else.
 */
export interface SeatInput {
  view: SeatView & { game: GameId; seat: number };
  events: readonly SeatEvent[];
}

/** What a world sampler reads from a seat's input, parsed once. */
export interface SeatKnowledge<O> {
  game: GameId;
  seat: number;
  options: O;
  setup: HandSetup;
  /** The hand's actions in order, as the seat saw them (hidden fields listed in `hidden`). */
  actions: (Action & { hidden?: string[] })[];
  hand: Card[];
  /**
   * Other seats' present hands treated as known besides the seat's own (a review of what the
   * seat could have done with a partner's cards in view); absent in a live decision.
   */
  known?: ReadonlyMap<number, readonly Card[]>;
}

/** The rules, setup and actions of a seat's input; null when the log has no deal event the game accepts. */
export function knowledgeFromInput<O>(game: Game<O>, input: SeatInput): SeatKnowledge<O> | null {
  const deal = input.events.find((e) => e.seq === 0);
  if (!deal) return null;
  const parsed = game.parseOptions(deal.payload['rules'] ?? {});
  if (!parsed.ok) return null;
  const setup = (deal.payload['setup'] as HandSetup | undefined) ?? { dealer: input.view['dealer'] as number };
  const actions = input.events
    .filter((e) => e.seq > 0)
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({ ...e.payload, seat: e.seat!, type: e.type }) as Action & { hidden?: string[] });
  return { game: input.view.game, seat: input.view.seat, options: parsed.options, setup, actions, hand: [...(input.view.hand ?? [])] };
}

/** The seat's view with the rules its deal event names (`k`, when already parsed): what a beginner may use besides the view. */
export function viewWithRules(
  input: SeatInput,
  k: SeatKnowledge<unknown> | null = knowledgeFromInput(gameFor(input.view.game), input),
): SeatInput['view'] {
  return k ? { ...input.view, rules: k.options as Record<string, unknown> } : input.view;
}
