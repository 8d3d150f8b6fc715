import { Codes } from '../core/rejections.js';
import { exactly } from '../core/action-shape.js';
import type { Card, Parsed } from '../core/types.js';
import type { BidWord, CallWord } from './state.js';

/** The Dobbm actions `parseAction` returns and `apply` takes (docs/contract.md#actions). */
export type DobbmAction =
  | { seat: number; type: 'bid'; bid: BidWord }
  | { seat: number; type: 'discard'; cards: Card[] }
  | { seat: number; type: 'double'; call: CallWord }
  | { seat: number; type: 'play'; card: Card }
  | { seat: number; type: 'irregularity'; offender: number };

// The Dobbm action shapes of docs/contract.md, plus `irregularity` (accepted by `apply` only under
// `irregularities: penalize`, docs/rules/dobbm.md#irregularities).
const BID_WORDS: readonly BidWord[] = ['pass', 'dobbm', 'solo'];
const CALL_WORDS: readonly CallWord[] = ['gut', 'schwacher', 'retour'];
const isOneOf = <T extends string>(words: readonly T[], v: unknown): v is T => words.includes(v as T);
const isSeat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * The JSON shape of docs/contract.md Dobbm actions (plus `irregularity`). Words outside the
 * listed vocabularies are shape errors; card strings are checked by `apply` (CARD_NOT_HELD).
 */
export function parseAction(raw: unknown): Parsed<DobbmAction> {
  const built = build(raw);
  return built.ok ? exactly(raw as Record<string, unknown>, built.action) : built;
}

const bad = (message: string) => ({ ok: false as const, rejection: { code: Codes.BAD_ACTION, message } });

/** The action of `raw`'s type from the fields that type has. */
function build(raw: unknown): Parsed<DobbmAction> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('an action is a JSON object');
  const r = raw as Record<string, unknown>;
  if (!isSeat(r['seat'])) return bad('"seat" must be a seat number');
  const seat = r['seat'];
  switch (r['type']) {
    case 'bid':
      if (!isOneOf(BID_WORDS, r['bid'])) return bad('"bid" must be "pass", "dobbm" or "solo"');
      return { ok: true, action: { seat, type: 'bid', bid: r['bid'] } };
    case 'discard': {
      const cards = r['cards'];
      if (!Array.isArray(cards) || !cards.every((c) => typeof c === 'string')) return bad('"cards" must be an array of card codes');
      return { ok: true, action: { seat, type: 'discard', cards: cards.slice() } };
    }
    case 'double':
      if (!isOneOf(CALL_WORDS, r['call'])) return bad('"call" must be "gut", "schwacher" or "retour"');
      return { ok: true, action: { seat, type: 'double', call: r['call'] } };
    case 'play':
      if (typeof r['card'] !== 'string') return bad('"card" must be a card code');
      return { ok: true, action: { seat, type: 'play', card: r['card'] } };
    case 'irregularity':
      if (!isSeat(r['offender'])) return bad('"offender" must be a seat number');
      return { ok: true, action: { seat, type: 'irregularity', offender: r['offender'] } };
    default:
      return bad(`unknown action type ${JSON.stringify(r['type'])}`);
  }
}
