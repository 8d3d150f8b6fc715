import { accept, Codes, reject, type Applied, type Rejection } from './rejections.js';
import { setupOf, type DealSource, type HandRecord } from './record.js';
import type { Action, Game, HandSetup } from './types.js';

/** A record the engine accepted, every state of it kept. */
export interface Replayed<O, S> {
  ok: true;
  options: O;
  /** The record's actions as the game parsed them. */
  actions: Action[];
  /** `states[i]` is the state in which `actions[i]` was taken; the last one is the hand's state after them all. */
  states: S[];
}

/** The first thing the engine refused: `actionIndex` null for the rules or the deal. */
export interface ReplayRefused {
  ok: false;
  actionIndex: number | null;
  rejection: Rejection;
}

/**
 * The one replay: deal from the record's deck (or hands and talon) with its setup, context
 * included, then parse and apply every action in order. Stops at the first refusal.
 */
export function replay<O, S>(game: Game<O, S>, record: HandRecord): Replayed<O, S> | ReplayRefused {
  const parsed = game.parseOptions(record.rules ?? {});
  if (!parsed.ok) return { ok: false, actionIndex: null, rejection: parsed.rejection };
  const dealt = dealFrom(game, parsed.options, record, setupOf(record));
  if (!dealt.ok) return { ok: false, actionIndex: null, rejection: dealt.rejection };
  const actions: Action[] = [];
  let unparsed: ReplayRefused | null = null;
  for (const [i, raw] of record.actions.entries()) {
    const action = game.parseAction(raw);
    if (!action.ok) {
      unparsed = { ok: false, actionIndex: i, rejection: action.rejection };
      break;
    }
    actions.push(action.action);
  }
  // The first refusal counts: an earlier action the rules refuse before a later one of a bad shape.
  const applied = applyAll(game, dealt.state, actions);
  if (!applied.ok) return applied;
  if (unparsed) return unparsed;
  return { ok: true, options: parsed.options, actions, states: applied.states };
}

/** Applies `actions` in order from `state`: every state (the first is `state`), or the first refusal with its index. */
export function applyAll<S>(
  game: Pick<Game<unknown, S>, 'apply'>,
  state: S,
  actions: readonly Action[],
): { ok: true; states: S[] } | ReplayRefused {
  const states = [state];
  for (let i = 0; i < actions.length; i++) {
    const applied = game.apply(state, actions[i]!);
    if (!applied.ok) return { ok: false, actionIndex: i, rejection: applied.rejection };
    state = applied.state;
    states.push(state);
  }
  return { ok: true, states };
}

/** `applyAll` for actions known to be legal (spec scripts): a refusal throws, naming the action. */
export function applyAllOrThrow<S>(game: Pick<Game<unknown, S>, 'apply'>, state: S, actions: readonly Action[]): S {
  const r = applyAll(game, state, actions);
  if (!r.ok) throw new Error(`${describeRefusal(r)} (${JSON.stringify(actions[r.actionIndex!])})`);
  return r.states[r.states.length - 1]!;
}

/** `replay` for records known to be good (simulated hands, fixtures): a refusal is a bug and throws. */
export function replayOrThrow<O, S>(game: Game<O, S>, record: HandRecord): Replayed<O, S> {
  const r = replay(game, record);
  if (!r.ok) throw new Error(describeRefusal(r));
  return r;
}

export const describeRefusal = (r: ReplayRefused): string =>
  `${r.actionIndex === null ? 'deal' : `action ${r.actionIndex}`}: ${r.rejection.code} ${r.rejection.message}`;

/** The initial state from a deck (checked to hold exactly the game's cards) or from hands and talon. */
export function dealFrom<O, S>(game: Game<O, S>, options: O, source: DealSource, setup: HandSetup): Applied<S> {
  if (!source.deck) return game.dealHands(options, source.hands, source.talon, setup);
  const expected = [...game.deck(options)].sort();
  const given = [...source.deck].sort();
  if (expected.length !== given.length || expected.some((c, i) => c !== given[i])) {
    return reject(Codes.BAD_DECK, `deck must hold exactly the ${expected.length} cards of this game's deck, each once (Doppelkopf: twice)`);
  }
  return accept(game.deal(options, source.deck, setup));
}

/** A hand to play out: parsed options, the cards and the setup. */
export interface Deal<O> {
  options: O;
  source: DealSource;
  setup: HandSetup;
}

/**
 * Plays a hand to its end, `choose` giving every action (bots, the simulator); the actions
 * are trusted, so a refused one is a bug and throws. `seats` are the seats that may act.
 */
export function playOut<O, S>(
  game: Game<O, S>,
  deal: Deal<O>,
  choose: (state: S, seats: readonly number[]) => Action,
): { actions: Action[]; states: S[]; final: S } {
  const dealt = dealFrom(game, deal.options, deal.source, deal.setup);
  if (!dealt.ok) throw new Error(`deal: ${dealt.rejection.code} ${dealt.rejection.message}`);
  let state = dealt.state;
  const states = [state];
  const actions: Action[] = [];
  while (!game.isOver(state)) {
    const action = choose(state, game.toAct(state));
    const applied = game.apply(state, action);
    if (!applied.ok)
      throw new Error(
        `seat ${action.seat} chose an illegal action ${JSON.stringify(action)}: ${applied.rejection.code} ${applied.rejection.message}`,
      );
    actions.push(action);
    state = applied.state;
    states.push(state);
  }
  return { actions, states, final: state };
}
