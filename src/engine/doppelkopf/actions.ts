import { exactly } from '../core/action-shape.js';
import { Codes, rejection } from '../core/rejections.js';
import type { Card, Parsed, Rejection } from '../core/types.js';
import { LEVEL_NAMES, type LevelName } from './announcements.js';
import { isCard, SOLOS } from './cards.js';
import type { DeclaredContract, ReservationCall, WeddingType } from './state.js';

/**
 * The Doppelkopf actions `parseAction` returns and `apply` switches on (docs/contract.md#actions).
 * `apply` takes the wire's `Action` and parses it itself: hand records and bots feed it too.
 */
export type DokoAction =
  | { seat: number; type: 'reservation'; call: ReservationCall }
  | { seat: number; type: 'contract'; contract: DeclaredContract; wedding?: WeddingType }
  | { seat: number; type: 'poverty'; cards: Card[] }
  | { seat: number; type: 'poverty-return'; cards: Card[] }
  | { seat: number; type: 'poverty-answer'; accept: boolean }
  | { seat: number; type: 'piglets' }
  | { seat: number; type: 'superpiglets' }
  | { seat: number; type: 'announce'; level: LevelName }
  | { seat: number; type: 'play'; card: Card };

const CONTRACTS: readonly DeclaredContract[] = ['hochzeit', 'armut', ...SOLOS];
const RESERVATION_CALLS: readonly ReservationCall[] = ['gesund', 'vorbehalt', 'throwin'];
const WEDDING_TYPES: readonly WeddingType[] = ['first', 'trump', 'nontrump'];
const isOneOf = <T extends string>(words: readonly T[], v: unknown): v is T => words.includes(v as T);
const bad = (message: string): { ok: false; rejection: Rejection } => ({ ok: false, rejection: rejection(Codes.BAD_ACTION, message) });
const isCardList = (x: unknown): x is Card[] => Array.isArray(x) && x.every(isCard);
const ok = (action: DokoAction): Parsed<DokoAction> => ({ ok: true, action });

/** JSON shape of docs/contract.md Doppelkopf actions; legality is `apply`'s business. */
export function parseAction(raw: unknown): Parsed<DokoAction> {
  const built = build(raw);
  return built.ok ? exactly(raw as Record<string, unknown>, built.action) : built;
}

/** The action of `raw`'s type from the fields that type has. */
function build(raw: unknown): Parsed<DokoAction> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('an action is a JSON object');
  const a = raw as Record<string, unknown>;
  if (!Number.isInteger(a.seat)) return bad('seat must be an integer');
  const seat = a.seat as number;
  switch (a.type) {
    case 'reservation':
      return isOneOf(RESERVATION_CALLS, a.call)
        ? ok({ seat, type: 'reservation', call: a.call })
        : bad('call must be gesund, vorbehalt or throwin');
    case 'contract':
      if (!isOneOf(CONTRACTS, a.contract)) return bad('unknown contract');
      if (a.wedding === undefined) return ok({ seat, type: 'contract', contract: a.contract });
      return isOneOf(WEDDING_TYPES, a.wedding)
        ? ok({ seat, type: 'contract', contract: a.contract, wedding: a.wedding })
        : bad('wedding must be first, trump or nontrump');
    case 'poverty':
    case 'poverty-return':
      return isCardList(a.cards) ? ok({ seat, type: a.type, cards: a.cards.slice() }) : bad('cards must be a list of card codes');
    case 'poverty-answer':
      return typeof a.accept === 'boolean' ? ok({ seat, type: 'poverty-answer', accept: a.accept }) : bad('accept must be true or false');
    case 'piglets':
    case 'superpiglets':
      return ok({ seat, type: a.type });
    case 'announce':
      return isOneOf(LEVEL_NAMES, a.level) ? ok({ seat, type: 'announce', level: a.level }) : bad('unknown announcement level');
    case 'play':
      return isCard(a.card) ? ok({ seat, type: 'play', card: a.card }) : bad('card must be a card code');
    default:
      return bad('unknown action type');
  }
}
