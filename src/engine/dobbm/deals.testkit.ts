/** Test support for the Dobbm specs (not a spec itself): deals from hands, scripted actions. */
import { applyAllOrThrow } from '../core/replay.js';
import type { Rng } from '../core/rng.js';
import type { Action, Card, Game, HandSetup } from '../core/types.js';
import type { DobbmAction } from './actions.js';
import { dealFromHands } from './deal.js';
import { defaultOptions, type DobbmOptions } from './options.js';
import { randomBot } from './random-bot.js';
import { apply } from './rules.js';
import type { DobbmState } from './state.js';

export const opts = (o: Partial<DobbmOptions> = {}): DobbmOptions => defaultOptions(o);

/** A deal from explicit hands; throws when the engine refuses it. */
export function fromHands(options: DobbmOptions, hands: (Card[] | null)[], talon: Card[], setup: HandSetup): DobbmState {
  const r = dealFromHands(options, hands, talon, setup);
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r.state;
}

/** `apply` as the wire reaches it, before `parseAction`: the specs send ill-formed actions on purpose. */
export const applyAny: Game<DobbmOptions, DobbmState>['apply'] = apply;

/** Applies actions in order, throwing with the index of the first refused one. */
export const run = (state: DobbmState, actions: Action[]): DobbmState => applyAllOrThrow({ apply: apply }, state, actions);

export const bid = (seat: number, b: string): Action => ({ seat, type: 'bid', bid: b });
export const call = (seat: number, c: string): Action => ({ seat, type: 'double', call: c });
export const play = (seat: number, card: Card): Action => ({ seat, type: 'play', card });
export const discard = (seat: number, cards: Card[]): Action => ({ seat, type: 'discard', cards });

/** Plays the hand out with `randomBot`, returning every state and action. */
export function playRandom(state: DobbmState, rng: Rng): { states: DobbmState[]; actions: DobbmAction[] } {
  const states = [state];
  const actions: DobbmAction[] = [];
  let s = state;
  while (s.phase !== 'over') {
    const a = randomBot(s, s.turn, rng);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`randomBot chose an illegal action: ${r.rejection.code}`);
    actions.push(a);
    s = r.state;
    states.push(s);
  }
  return { states, actions };
}
