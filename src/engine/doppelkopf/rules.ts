import { Codes, reject } from '../core/rejections.js';
import type { Applied, Card } from '../core/types.js';
import { parseAction, type DokoAction } from './actions.js';
import { announce, legalAnnouncements } from './announcements.js';
import { seatToPlay } from './parties.js';
import { applyPiglets, applyPlay, canDeclarePiglets, canDeclareSuperPiglets, legalCards } from './play.js';
import { applyPovertyAnswer, applyPovertyPass, applyPovertyReturn, combinations, povertyCount, seatToAnswer } from './poverty.js';
import {
  applyContract,
  applyReservation,
  legalContracts,
  legalReservationCalls,
  nextContractSeat,
  nextReservationSeat,
  povertyTrumps,
} from './reservations.js';
import type { DokoState } from './state.js';

/** Parses `raw` first (hand records and bots feed it too, and specs send ill-formed actions), then switches on the parsed union. */
export function apply(s: DokoState, raw: DokoAction): Applied<DokoState> {
  const parsed = parseAction(raw);
  if (!parsed.ok) return parsed;
  const a = parsed.action;
  const seat = a.seat;
  if (seat < 0 || seat >= s.options.players || s.hands[seat] === null)
    return reject(Codes.NOT_YOUR_TURN, 'this seat does not play this deal');
  if (s.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  switch (a.type) {
    case 'reservation':
      return applyReservation(s, seat, a.call);
    case 'contract':
      return applyContract(s, seat, a.contract, a.wedding);
    case 'poverty':
      return applyPovertyPass(s, seat, a.cards);
    case 'poverty-answer':
      return applyPovertyAnswer(s, seat, a.accept);
    case 'poverty-return':
      return applyPovertyReturn(s, seat, a.cards);
    case 'piglets':
      return applyPiglets(s, seat, false);
    case 'superpiglets':
      return applyPiglets(s, seat, true);
    case 'announce':
      return announce(s, seat, a.level);
    case 'play':
      return applyPlay(s, seat, a.card);
  }
}

/** Seats the hand waits for (announcements aside). */
export function toAct(s: DokoState): number[] {
  const seat =
    s.phase === 'reservations'
      ? nextReservationSeat(s)
      : s.phase === 'contracts'
        ? nextContractSeat(s)
        : s.phase === 'poverty'
          ? s.poverty!.pauper
          : s.phase === 'poverty-answer'
            ? seatToAnswer(s)
            : s.phase === 'poverty-return'
              ? s.poverty!.acceptor
              : seatToPlay(s);
  return seat === null ? [] : [seat];
}

/** Cards the pauper must pass: all his counted trumps, topped up from the rest (docs/rules/doppelkopf.md#wedding-poverty). */
function povertyPasses(s: DokoState, seat: number): Card[][] {
  const hand = s.hands[seat]!;
  const trumps = povertyTrumps(s, hand);
  const rest = hand.slice();
  for (const t of trumps) rest.splice(rest.indexOf(t), 1);
  return combinations(rest, povertyCount(s) - trumps.length).map((fill) => [...trumps, ...fill]);
}

export function legalActions(s: DokoState, seat: number): DokoAction[] {
  if (s.phase === 'over' || s.hands[seat] === undefined || s.hands[seat] === null) return [];
  const out: DokoAction[] = [];
  for (const call of legalReservationCalls(s, seat)) out.push({ seat, type: 'reservation', call });
  for (const c of legalContracts(s, seat))
    out.push(
      c.wedding ? { seat, type: 'contract', contract: c.contract, wedding: c.wedding } : { seat, type: 'contract', contract: c.contract },
    );
  if (s.phase === 'poverty' && s.poverty!.pauper === seat)
    for (const cards of povertyPasses(s, seat)) out.push({ seat, type: 'poverty', cards });
  if (seatToAnswer(s) === seat) out.push({ seat, type: 'poverty-answer', accept: true }, { seat, type: 'poverty-answer', accept: false });
  if (s.phase === 'poverty-return' && s.poverty!.acceptor === seat) {
    for (const cards of combinations(s.hands[seat]!, s.poverty!.passed!.length)) out.push({ seat, type: 'poverty-return', cards });
  }
  if (canDeclarePiglets(s, seat)) out.push({ seat, type: 'piglets' });
  if (canDeclareSuperPiglets(s, seat)) out.push({ seat, type: 'superpiglets' });
  for (const level of legalAnnouncements(s, seat)) out.push({ seat, type: 'announce', level });
  for (const card of legalCards(s, seat)) out.push({ seat, type: 'play', card });
  return out;
}
