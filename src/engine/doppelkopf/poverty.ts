import { removeCards } from '../core/cards.js';
import { accept, Codes, reject } from '../core/rejections.js';
import { activeOrder } from '../core/seats.js';
import type { Applied, Card } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { forehand, seatCount } from './parties.js';
import { povertyTrumps, startPlay } from './reservations.js';
import { withChanges, type DokoState } from './state.js';

/** How many cards the pauper passes: 3, or exactly his trumps (`passExactlyTrumps`, docs/rules/doppelkopf.md#wedding-poverty). */
export function povertyCount(s: DokoState): number {
  if (!s.poverty) return 0;
  return s.options['poverty.passExactlyTrumps'] ? povertyTrumps(s, s.hands[s.poverty.pauper] ?? []).length : 3;
}

/** Seats asked to take the poverty, clockwise from the pauper's left. */
function askOrder(s: DokoState): number[] {
  const p = s.poverty!.pauper;
  return activeOrder(p, seatCount(s), (x) => s.hands[x] !== null && x !== p);
}

export function seatToAnswer(s: DokoState): number | null {
  if (s.phase !== 'poverty-answer') return null;
  return askOrder(s)[s.poverty!.declined.length] ?? null;
}

export function applyPovertyPass(s: DokoState, seat: number, cards: Card[]): Applied<DokoState> {
  if (s.phase !== 'poverty') return reject(Codes.WRONG_PHASE, 'no poverty cards are asked for now');
  const pov = s.poverty!;
  if (seat !== pov.pauper) return reject(Codes.NOT_YOUR_TURN, 'only the pauper passes cards');
  if (cards.length !== povertyCount(s)) return reject(Codes.WRONG_CARD_COUNT, `pass exactly ${povertyCount(s)} cards`);
  const rest = removeCards(s.hands[seat]!, cards);
  if (!rest) return reject(Codes.CARD_NOT_HELD, 'you do not hold these cards');
  // docs/rules/doppelkopf.md#wedding-poverty: the passed cards contain all the pauper's trumps.
  if (povertyTrumps(s, rest).length > 0) return reject(DokoCodes.POVERTY_MUST_PASS_TRUMPS, 'all your trumps must be passed');
  const hands = s.hands.slice();
  hands[seat] = rest;
  return accept(withChanges(s, { hands, phase: 'poverty-answer', poverty: { ...pov, passed: cards.slice() } }));
}

export function applyPovertyAnswer(s: DokoState, seat: number, yes: boolean): Applied<DokoState> {
  if (s.phase !== 'poverty-answer') return reject(Codes.WRONG_PHASE, 'nobody is asked to take a poverty now');
  if (seatToAnswer(s) !== seat) return reject(Codes.NOT_YOUR_TURN, 'not your turn to answer');
  const pov = s.poverty!;
  if (!yes) {
    const declined = [...pov.declined, seat];
    // Nobody accepts: the same dealer redeals, the deal does not count (docs/rules/doppelkopf.md#wedding-poverty).
    if (declined.length === askOrder(s).length)
      return accept(withChanges(s, { poverty: { ...pov, declined }, phase: 'over', thrownIn: { seat: null, reason: 'povertyRefused' } }));
    return accept(withChanges(s, { poverty: { ...pov, declined } }));
  }
  const hands = s.hands.slice();
  hands[seat] = [...hands[seat]!, ...pov.passed!];
  return accept(withChanges(s, { hands, phase: 'poverty-return', poverty: { ...pov, acceptor: seat } }));
}

export function applyPovertyReturn(s: DokoState, seat: number, cards: Card[]): Applied<DokoState> {
  if (s.phase !== 'poverty-return') return reject(Codes.WRONG_PHASE, 'no cards are to be returned now');
  const pov = s.poverty!;
  if (seat !== pov.acceptor) return reject(Codes.NOT_YOUR_TURN, 'only the acceptor returns cards');
  if (cards.length !== pov.passed!.length) return reject(Codes.WRONG_CARD_COUNT, `return exactly ${pov.passed!.length} cards`);
  const rest = removeCards(s.hands[seat]!, cards);
  if (!rest) return reject(Codes.CARD_NOT_HELD, 'you do not hold these cards');
  const hands = s.hands.slice();
  hands[seat] = rest;
  hands[pov.pauper] = [...hands[pov.pauper]!, ...cards];
  return accept(startPlay(withChanges(s, { hands, poverty: { ...pov, returned: cards.slice() } }), forehand(s)));
}

/** All distinct multisets of `k` cards from `hand` (legal actions list each once). */
export function combinations(hand: readonly Card[], k: number): Card[][] {
  const faces = [...new Set(hand)].sort();
  const counts = faces.map((f) => hand.filter((c) => c === f).length);
  const out: Card[][] = [];
  const pick: Card[] = [];
  const rec = (i: number, left: number): void => {
    if (left === 0) {
      out.push(pick.slice());
      return;
    }
    if (i >= faces.length) return;
    for (let n = Math.min(counts[i], left); n >= 0; n--) {
      for (let j = 0; j < n; j++) pick.push(faces[i]);
      rec(i + 1, left - n);
      pick.length -= n;
    }
  };
  rec(0, k);
  return out;
}
