import { removeCards } from '../core/cards.js';
import { applyAllOrThrow } from '../core/replay.js';
import type { Action, Card, Game } from '../core/types.js';
import { dokoDeck } from './cards.js';
import { dealFromHands } from './deal.js';
import { defaultOptions, type DokoOptions } from './options.js';
import { apply, legalActions, toAct } from './rules.js';
import type { DokoContext, DokoState } from './state.js';

/** Test fixtures: deals from partly given hands, and action runners that fail loudly. */
export function opts(overrides: Record<string, unknown> = {}): DokoOptions {
  return defaultOptions(overrides);
}

/**
 * Completes the given hands (seat → cards) from the rest of the deck in canonical order,
 * so a test names only the cards that matter.
 */
export function dealWith(o: DokoOptions, given: Record<number, Card[]>, dealer = 3, context: DokoContext = {}): DokoState {
  let rest = dokoDeck(o.deck);
  const per = o.deck / 4;
  const hands: (Card[] | null)[] = [];
  for (let s = 0; s < o.players; s++) {
    const g = given[s] ?? [];
    const r = removeCards(rest, g);
    if (!r) throw new Error(`card of seat ${s} not available`);
    rest = r;
    hands.push(o.players === 5 && s === dealer ? null : g.slice());
  }
  for (let s = 0; s < o.players; s++) {
    const h = hands[s];
    if (!h) continue;
    while (h.length < per) h.push(rest.shift()!);
    if (h.length > per) throw new Error(`seat ${s} given too many cards`);
  }
  const r = dealFromHands(o, hands, [], { dealer, context });
  if (!r.ok) throw new Error(r.rejection.message);
  return r.state;
}

export const acts = (s: DokoState, actions: Action[]): DokoState => applyAllOrThrow({ apply }, s, actions);

export const act = (s: DokoState, action: Action): DokoState => acts(s, [action]);

/** `apply` as the wire reaches it, before `parseAction`: the specs send ill-formed actions on purpose. */
export const applyAny: Game<DokoOptions, DokoState>['apply'] = apply;

export function codeOf(s: DokoState, action: Action): string | null {
  const r = applyAny(s, action);
  return r.ok ? null : r.rejection.code;
}

/** Everybody says GESUND. */
export function allHealthy(s: DokoState): DokoState {
  while (s.phase === 'reservations') s = act(s, { seat: toAct(s)[0], type: 'reservation', call: 'gesund' });
  return s;
}

/** Plays the first legal card (in hand order) for whoever is to play, `tricks` times (or to the end). */
export function playFirstLegal(s: DokoState, tricks = 99): DokoState {
  const target = s.tricks.length + tricks;
  while (s.phase === 'play' && s.tricks.length < target) {
    const seat = toAct(s)[0];
    const play = legalActions(s, seat).find((a) => a.type === 'play')!;
    s = act(s, play);
  }
  return s;
}

/** Plays the given cards, each by whoever is to play. */
export function playCards(s: DokoState, cards: Card[]): DokoState {
  for (const card of cards) s = act(s, { seat: toAct(s)[0], type: 'play', card });
  return s;
}
