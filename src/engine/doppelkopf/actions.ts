import { exactly } from '../core/action-shape.js';
import { Codes, rejection } from '../core/rejections.js';
import type { Action, Card, Rejection } from '../core/types.js';
import { LEVEL_NAMES } from './announcements.js';
import { isCard, SOLOS } from './cards.js';

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
