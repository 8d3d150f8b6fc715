import { ApiProblem } from '../api.js';
import { t, tOptional, type MessageKey } from '../i18n/index.js';

/** What to do after each kind of refusal. */
const HINTS: Record<string, MessageKey> = {
  STALE_SEQ: 'refusalHint.turn',
  NOT_YOUR_TURN: 'refusalHint.turn',
  WRONG_PHASE: 'refusalHint.turn',
  HAND_OVER: 'refusalHint.turn',
  HAND_CLOSED: 'refusalHint.turn',
  CLOSED: 'refusalHint.turn',
  CARD_NOT_HELD: 'refusalHint.cards',
  WRONG_CARD_COUNT: 'refusalHint.cards',
  DUPLICATE_CARD: 'refusalHint.cards',
  SOW_DISCARD_NEEDS_TRUMP: 'refusalHint.cards',
  KING_DISCARD_NEEDS_TRUMP: 'refusalHint.cards',
  DISCARD_FORBIDDEN_CARD: 'refusalHint.cards',
  POVERTY_MUST_PASS_TRUMPS: 'refusalHint.cards',
  MUST_FOLLOW_SUIT: 'refusalHint.cards',
  MUST_TRUMP: 'refusalHint.cards',
  TOKEN_INVALID: 'refusalHint.signIn',
  TOKEN_MISSING: 'refusalHint.signIn',
  RATE_LIMITED: 'refusalHint.retry',
  DATABASE_UNAVAILABLE: 'refusalHint.retry',
  NETWORK: 'refusalHint.retry',
  TABLE_NOT_FOUND: 'refusalHint.lobby',
  HAND_NOT_FOUND: 'refusalHint.lobby',
  INVALID_OPTION: 'refusalHint.options',
  UNKNOWN_OPTION: 'refusalHint.options',
  SEAT_TAKEN: 'refusalHint.seat',
  TABLE_FULL: 'refusalHint.lobby',
};

/** The stable code of a failure: the service's problem `code`, else the network's. */
function codeOf(err: unknown): string {
  if (err instanceof ApiProblem) return err.code;
  if (err instanceof Error && err.message === 'CLOSED') return 'CLOSED';
  return 'NETWORK';
}

/** A refusal in words: what happened, then what to do. */
export function refusalText(err: unknown): string {
  const code = codeOf(err);
  const what = tOptional(`refusal.${code}`) ?? t('refusal.generic');
  const hint = HINTS[code];
  return hint ? `${what} ${t(hint)}` : what;
}

/** Whether a refused move means the page's picture of the hand was out of date. */
export const isStale = (err: unknown): boolean =>
  ['STALE_SEQ', 'NOT_YOUR_TURN', 'WRONG_PHASE', 'HAND_OVER', 'HAND_CLOSED', 'CLOSED'].includes(codeOf(err));
