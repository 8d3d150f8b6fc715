/**
 * Helpers for the Droggn specs (not used by the engine): deal explicit hands, run a list of
 * actions, and turn a trick-by-trick script into play actions.
 */
import { applyAllOrThrow } from '../core/replay.js';
import type { Action, Card, Game } from '../core/types.js';
import { droggn } from './index.js';
import { defaultOptions, type DroggnOptions } from './options.js';
import type { DroggnState } from './state.js';

export function dealt(hands: (Card[] | null)[], talon: Card[], dealer: number, overrides: Partial<DroggnOptions> = {}): DroggnState {
  const options = defaultOptions({ players: hands.length as 3 | 4, ...overrides });
  const r = droggn.dealHands(options, hands, talon, { dealer });
  if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
  return r.state;
}

/** `apply` as the wire reaches it, before `parseAction`: the specs send ill-formed actions on purpose. */
export const applyAny: Game<DroggnOptions, DroggnState>['apply'] = droggn.apply;

export const run = (s: DroggnState, actions: readonly Action[]): DroggnState => applyAllOrThrow(droggn, s, actions);

/** A trick written as `[leader, card of leader, next seat's card, third card]`. */
export type ScriptTrick = [number, Card, Card, Card];

/** Play actions of a script; `order` is the active seats clockwise (3 players: [0,1,2]). */
export function plays(script: readonly ScriptTrick[], order: readonly number[]): Action[] {
  return script.flatMap(([leader, ...cards]) => {
    const at = order.indexOf(leader);
    return cards.map((card, i) => ({ seat: order[(at + i) % 3]!, type: 'play', card }));
  });
}

/** Each seat's cards in a script (for building hands from the tricks they will play). */
export function cardsOf(script: readonly ScriptTrick[], order: readonly number[], seat: number): Card[] {
  return plays(script, order)
    .filter((a) => a.seat === seat)
    .map((a) => a.card as Card);
}

/** Dealer 2: seat 0 bids Super, the others pass, and neither defender lays out — the doubling comes next. */
export const SUPER_BY_SEAT_0: readonly Action[] = [
  { seat: 0, type: 'bid', bid: 'super' },
  { seat: 1, type: 'bid', bid: 'pass' },
  { seat: 2, type: 'bid', bid: 'pass' },
  { seat: 0, type: 'ready', layout: null },
  { seat: 1, type: 'layout', card: null },
  { seat: 2, type: 'layout', card: null },
];
