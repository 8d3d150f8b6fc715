import type { Card } from '../core/types.js';
import { HEART_CODE, isHeart, isSow, suitCode } from './cards.js';
import type { DobbmOptions } from './options.js';
import type { DobbmState } from './state.js';

/** The next active seat clockwise (the five-player dealer sits out), docs/rules/dobbm.md#players. */
export function nextActive(state: DobbmState, seat: number): number {
  const n = state.options.players;
  const s = (seat + 1) % n;
  return n === 5 && s === state.dealer ? (s + 1) % n : s;
}

/**
 * Cards `hand` may play to the current trick, docs/rules/dobbm.md#play: follow suit, else trump (a
 * heart), else anything. No obligation to beat the trick (docs/rules/dobbm.md#decision-10).
 */
export function legalCards(hand: readonly Card[], trick: readonly Card[]): readonly Card[] {
  if (trick.length === 0) return hand;
  const led = suitCode(trick[0]!);
  let follow: Card[] | null = null;
  let hearts: Card[] | null = null;
  for (const c of hand) {
    const s = suitCode(c);
    if (s === led) (follow ??= []).push(c);
    else if (s === HEART_CODE) (hearts ??= []).push(c);
  }
  return follow ?? hearts ?? hand;
}

/**
 * The sow rule of the discard, docs/rules/dobbm.md#discard / docs/rules/dobbm.md#decision-8. Default: every deuce is a sow, `HS`
 * included, and each discarded sow needs a discarded heart other than `HS` (s ≤ t).
 * `heartSowIsSow = false`: `HS` is a plain heart that may cover a plain sow.
 */
export function sowRuleHolds(cards: readonly Card[], options: DobbmOptions): boolean {
  let sows = 0;
  let hearts = 0;
  for (const c of cards) {
    const heart = isHeart(c);
    const sow = isSow(c);
    if (options['discard.heartSowIsSow']) {
      if (sow) sows++;
      else if (heart) hearts++;
    } else {
      if (heart) hearts++;
      else if (sow) sows++;
    }
  }
  return sows <= hearts;
}
