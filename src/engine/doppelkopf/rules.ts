import { exactly } from '../core/action-shape.js';
import { Codes, reject, rejection } from '../core/rejections.js';
import type { Action, Applied, Card, Rejection } from '../core/types.js';
import { isCard, SOLOS } from './cards.js';
import { announce, LEVEL_NAMES, legalAnnouncements, type LevelName } from './announcements.js';
import { seatToPlay } from './parties.js';
import { applyPiglets, applyPlay, canDeclarePiglets, canDeclareSuperPiglets, legalCards } from './play.js';
import { applyPovertyAnswer, applyPovertyPass, applyPovertyReturn, combinations, povertyCount, seatToAnswer } from './poverty.js';
import { applyContract, applyReservation, legalContracts, legalReservationCalls, nextContractSeat, nextReservationSeat, povertyTrumps } from './reservations.js';
import type { DeclaredContract, DokoState, ReservationCall, WeddingType } from './state.js';


const CONTRACTS: readonly string[] = ['hochzeit', 'armut', ...SOLOS];
const bad = (message: string): { ok: false; rejection: Rejection } => ({ ok: false, rejection: rejection(Codes.BAD_ACTION, message) });
const isCardList = (x: unknown): x is Card[] => Array.isArray(x) && x.every(isCard);

/** JSON shape of CONTRACT.md's Doppelkopf actions; legality is `apply`'s business. */
export function parseAction(raw: unknown): { ok: true; action: Action } | { ok: false; rejection: Rejection } {
  const built = build(raw);
  return built.ok ? exactly(raw as Record<string, unknown>, built.action) : built;
}

/** The action of `raw`'s type from the fields that type has. */
function build(raw: unknown): { ok: true; action: Action } | { ok: false; rejection: Rejection } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('an action is a JSON object');
  const a = raw as Record<string, unknown>;
  if (!Number.isInteger(a.seat)) return bad('seat must be an integer');
  const seat = a.seat as number;
  const ok = (fields: Record<string, unknown> = {}): { ok: true; action: Action } => ({ ok: true, action: { seat, type: a.type as string, ...fields } });
  switch (a.type) {
    case 'reservation':
      return ['gesund', 'vorbehalt', 'throwin'].includes(a.call as string) ? ok({ call: a.call }) : bad('call must be gesund, vorbehalt or throwin');
    case 'contract':
      if (!CONTRACTS.includes(a.contract as string)) return bad('unknown contract');
      if (a.wedding === undefined) return ok({ contract: a.contract });
      return ['first', 'trump', 'nontrump'].includes(a.wedding as string) ? ok({ contract: a.contract, wedding: a.wedding }) : bad('wedding must be first, trump or nontrump');
    case 'poverty':
    case 'poverty-return':
      return isCardList(a.cards) ? ok({ cards: a.cards.slice() }) : bad('cards must be a list of card codes');
    case 'poverty-answer':
      return typeof a.accept === 'boolean' ? ok({ accept: a.accept }) : bad('accept must be true or false');
    case 'piglets':
    case 'superpiglets':
      return ok();
    case 'announce':
      return (LEVEL_NAMES as readonly string[]).includes(a.level as string) ? ok({ level: a.level }) : bad('unknown announcement level');
    case 'play':
      return isCard(a.card) ? ok({ card: a.card }) : bad('card must be a card code');
    default:
      return bad('unknown action type');
  }
}

export function apply(s: DokoState, action: Action): Applied<DokoState> {
  const parsed = parseAction(action);
  if (!parsed.ok) return parsed;
  const seat = action.seat;
  if (seat < 0 || seat >= s.options.players || s.hands[seat] === null) return reject(Codes.NOT_YOUR_TURN, 'this seat does not play this deal');
  if (s.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  switch (action.type) {
    case 'reservation':
      return applyReservation(s, seat, action.call as ReservationCall);
    case 'contract':
      return applyContract(s, seat, action.contract as DeclaredContract, action.wedding as WeddingType | undefined);
    case 'poverty':
      return applyPovertyPass(s, seat, action.cards as Card[]);
    case 'poverty-answer':
      return applyPovertyAnswer(s, seat, action.accept as boolean);
    case 'poverty-return':
      return applyPovertyReturn(s, seat, action.cards as Card[]);
    case 'piglets':
      return applyPiglets(s, seat, false);
    case 'superpiglets':
      return applyPiglets(s, seat, true);
    case 'announce':
      return announce(s, seat, action.level as LevelName);
    default:
      return applyPlay(s, seat, action.card as Card);
  }
}

/** Seats the hand waits for (announcements aside). */
export function toAct(s: DokoState): number[] {
  const seat =
    s.phase === 'reservations' ? nextReservationSeat(s)
    : s.phase === 'contracts' ? nextContractSeat(s)
    : s.phase === 'poverty' ? s.poverty!.pauper
    : s.phase === 'poverty-answer' ? seatToAnswer(s)
    : s.phase === 'poverty-return' ? s.poverty!.acceptor
    : seatToPlay(s);
  return seat === null ? [] : [seat];
}

/** Cards the pauper must pass: all his counted trumps, topped up from the rest (RULES.md §2.7). */
function povertyPasses(s: DokoState, seat: number): Card[][] {
  const hand = s.hands[seat]!;
  const trumps = povertyTrumps(s, hand);
  const rest = hand.slice();
  for (const t of trumps) rest.splice(rest.indexOf(t), 1);
  return combinations(rest, povertyCount(s) - trumps.length).map((fill) => [...trumps, ...fill]);
}

export function legalActions(s: DokoState, seat: number): Action[] {
  if (s.phase === 'over' || s.hands[seat] === undefined || s.hands[seat] === null) return [];
  const out: Action[] = [];
  for (const call of legalReservationCalls(s, seat)) out.push({ seat, type: 'reservation', call });
  for (const c of legalContracts(s, seat)) out.push(c.wedding ? { seat, type: 'contract', contract: c.contract, wedding: c.wedding } : { seat, type: 'contract', contract: c.contract });
  if (s.phase === 'poverty' && s.poverty!.pauper === seat) for (const cards of povertyPasses(s, seat)) out.push({ seat, type: 'poverty', cards });
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
