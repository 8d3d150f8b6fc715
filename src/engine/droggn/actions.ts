import { Codes } from '../core/rejections.js';
import { exactly } from '../core/action-shape.js';
import type { Card, Parsed, Rejection } from '../core/types.js';
import type { BidWord, CallWord } from './state.js';

/** The Droggn actions `parseAction` returns and `apply` takes (docs/contract.md#actions). */
export type DroggnAction =
  | { seat: number; type: 'bid'; bid: BidWord }
  | { seat: number; type: 'discard'; cards: Card[] }
  | { seat: number; type: 'buy'; card: Card | null; give?: Card }
  | { seat: number; type: 'ready'; layout: Card | null }
  | { seat: number; type: 'layout'; card: Card | null }
  | { seat: number; type: 'double'; call: CallWord }
  | { seat: number; type: 'play'; card: Card }
  | { seat: number; type: 'irregularity'; offender: number };

/** JSON shapes of docs/contract.md#actions (Droggn); legality is `apply`'s business. */
const BIDS: readonly BidWord[] = ['pass', 'ansager', 'solo', 'super', 'supermord'];
const CALLS: readonly CallWord[] = ['gut', 'schwacher', 'retour'];
const isOneOf = <T extends string>(words: readonly T[], v: unknown): v is T => words.includes(v as T);

const bad = (message: string): { ok: false; rejection: Rejection } => ({ ok: false, rejection: { code: Codes.BAD_ACTION, message } });
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);

export function parseAction(raw: unknown): Parsed<DroggnAction> {
  const built = build(raw);
  return built.ok ? exactly(raw as Record<string, unknown>, built.action) : built;
}

/** The action of `raw`'s type from the fields that type has. */
function build(raw: unknown): Parsed<DroggnAction> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('an action is a JSON object');
  const a = raw as Record<string, unknown>;
  if (!Number.isInteger(a.seat)) return bad('seat must be an integer');
  const seat = a.seat as number;
  switch (a.type) {
    case 'bid':
      if (!isOneOf(BIDS, a.bid)) return bad(`bid must be one of ${BIDS.join(', ')}`);
      return { ok: true, action: { seat, type: 'bid', bid: a.bid } };
    case 'discard':
      if (!Array.isArray(a.cards) || !a.cards.every(isStr)) return bad('cards must be an array of card codes');
      return { ok: true, action: { seat, type: 'discard', cards: a.cards.slice() } };
    case 'buy':
      if (a.card === null) return { ok: true, action: { seat, type: 'buy', card: null } };
      if (!isStr(a.card) || !isStr(a.give)) return bad('buy needs card and give as card codes, or card: null');
      return { ok: true, action: { seat, type: 'buy', card: a.card, give: a.give } };
    case 'ready':
      if (a.layout !== null && !isStr(a.layout)) return bad('layout must be null or a card code');
      return { ok: true, action: { seat, type: 'ready', layout: a.layout } };
    case 'layout':
      if (a.card !== null && !isStr(a.card)) return bad('card must be null or a card code');
      return { ok: true, action: { seat, type: 'layout', card: a.card } };
    case 'double':
      if (!isOneOf(CALLS, a.call)) return bad(`call must be one of ${CALLS.join(', ')}`);
      return { ok: true, action: { seat, type: 'double', call: a.call } };
    case 'play':
      if (!isStr(a.card)) return bad('card must be a card code');
      return { ok: true, action: { seat, type: 'play', card: a.card } };
    case 'irregularity':
      if (!isInt(a.offender)) return bad('offender must be a seat number');
      return { ok: true, action: { seat, type: 'irregularity', offender: a.offender } };
    default:
      return bad(`unknown action type ${JSON.stringify(a.type)}`);
  }
}
