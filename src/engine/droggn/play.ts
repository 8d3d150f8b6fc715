import { Codes } from '../core/rejections.js';
import { DroggnCodes } from './codes.js';
import type { Card, Rejection } from '../core/types.js';
import { GSTIESS, PAGAT, isTrump, rankValue, suitOf } from './cards.js';
import type { DroggnState, Play } from './state.js';

/** Game-specific rejection codes of the play (docs/rules/droggn.md#play). */
/** The reference card (docs/rules/droggn.md#play): the first card of the trick other than the Gstieß. */
export function referenceCard(trick: readonly Play[]): Card | null {
  for (const p of trick) if (p.card !== GSTIESS) return p.card;
  return null;
}

/**
 * Cards the follow/trump obligation allows, before the layout and Gstieß restrictions: the
 * reference suit if held, else trumps if held, else anything; the Gstieß may always be played.
 * One pass over the hand (it runs for every card and every bot move).
 */
function obligedCards(hand: readonly Card[], reference: Card | null): Card[] {
  if (reference === null) return hand.slice();
  const refSuit = suitOf(reference);
  const suited: Card[] = [];
  const trumps: Card[] = [];
  let gstiess = 0;
  for (const c of hand) {
    if (isTrump(c)) trumps.push(c);
    else if (c === GSTIESS) gstiess++;
    else if (refSuit !== null && suitOf(c) === refSuit) suited.push(c);
  }
  const obliged = suited.length > 0 ? suited : trumps;
  if (obliged.length === 0) return hand.slice();
  for (let i = 0; i < gstiess; i++) obliged.push(GSTIESS);
  return obliged;
}

const laidOut = (s: DroggnState, seat: number, card: Card): boolean => s.layouts.some((l) => l.seat === seat && l.card === card);

/** `gstiess.lastTrickIllegal`: trick 20 and a Gstieß (not laid out) in the hand. */
const gstiessForced = (s: DroggnState, seat: number): boolean =>
  s.options['gstiess.lastTrickIllegal'] && s.tricks.length === 19 && s.hands[seat]!.includes(GSTIESS) && !laidOut(s, seat, GSTIESS);

/** Legal cards for `seat` now (docs/rules/droggn.md#play), assuming it is that seat's turn to play. */
export function legalCards(s: DroggnState, seat: number): Card[] {
  const hand = s.hands[seat]!;
  const trickNo = s.tricks.length + 1;
  let legal = obligedCards(hand, referenceCard(s.trick));
  // docs/rules/droggn.md#play / docs/rules/droggn.md#decision-11: a laid-out Gstieß waits for trick 21.
  if (laidOut(s, seat, GSTIESS) && trickNo < 21) legal = legal.filter((c) => c !== GSTIESS);
  // Option gstiess.lastTrickIllegal: with two cards left the Gstieß must go now.
  else if (gstiessForced(s, seat)) legal = [GSTIESS];
  // docs/rules/droggn.md#play / docs/rules/droggn.md#decision-10: a laid-out Pagat only as the last resort (the Gstieß is an alternative).
  if (laidOut(s, seat, PAGAT) && legal.length > 1) legal = legal.filter((c) => c !== PAGAT);
  return legal;
}

/** Why `card` may not be played (it is held and it is the seat's turn), or null if it may. */
export function whyIllegal(s: DroggnState, seat: number, card: Card): Rejection | null {
  const legal = legalCards(s, seat);
  if (legal.includes(card)) return null;
  const hand = s.hands[seat]!;
  if (gstiessForced(s, seat)) return { code: DroggnCodes.GSTIESS_MUST_BE_PLAYED, message: 'the Gstieß may not be kept for the last trick' };
  const obliged = obligedCards(hand, referenceCard(s.trick));
  if (card === PAGAT && laidOut(s, seat, PAGAT) && obliged.includes(PAGAT))
    return { code: DroggnCodes.PAGAT_LAID_OUT, message: 'the laid-out Pagat may be played only when it is the only legal card' };
  if (card === GSTIESS && laidOut(s, seat, GSTIESS))
    return { code: DroggnCodes.GSTIESS_LAID_OUT, message: 'the laid-out Gstieß is kept for the last trick' };
  const ref = referenceCard(s.trick)!;
  const refSuit = suitOf(ref);
  if (refSuit !== null && hand.some((c) => suitOf(c) === refSuit))
    return { code: Codes.MUST_FOLLOW_SUIT, message: `must follow ${refSuit}` };
  return { code: Codes.MUST_TRUMP, message: 'must play a trump' };
}

/**
 * Winner of a complete trick (docs/rules/droggn.md#play): highest trump, else highest card of the
 * reference suit; the Gstieß never wins, except the declarer's laid-out Gstieß in trick 21
 * of a Super Mord in which he won tricks 1–20.
 */
export function trickWinner(s: DroggnState, plays: readonly Play[]): number {
  if (s.tricks.length === 20 && s.contract === 'supermord' && s.declarer !== null && laidOut(s, s.declarer, GSTIESS)) {
    const wonAll = s.tricks.every((t) => t.winner === s.declarer);
    const gs = plays.find((p) => p.card === GSTIESS);
    if (wonAll && gs && gs.seat === s.declarer) return s.declarer;
  }
  return winningPlay(plays).seat;
}

/** The play that wins by card strength alone (the Gstieß ignored). */
export function winningPlay(plays: readonly Play[]): Play {
  const ref = referenceCard(plays)!;
  const refSuit = suitOf(ref);
  let best: Play | null = null;
  for (const p of plays) {
    if (p.card === GSTIESS) continue;
    if (best === null || beats(p.card, best.card, refSuit)) best = p;
  }
  return best!;
}

function beats(a: Card, b: Card, refSuit: string | null): boolean {
  if (isTrump(a) !== isTrump(b)) return isTrump(a);
  if (isTrump(a)) return rankValue(a) > rankValue(b);
  const aFollows = suitOf(a) === refSuit;
  const bFollows = suitOf(b) === refSuit;
  if (aFollows !== bFollows) return aFollows;
  return aFollows && rankValue(a) > rankValue(b);
}
