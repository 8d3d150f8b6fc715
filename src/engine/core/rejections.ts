/** Why the rules refuse an action; `code` is stable and upper-case (docs/contract.md#errors). */
export interface Rejection {
  code: string;
  message: string;
}

export type Applied<S> = { ok: true; state: S } | { ok: false; rejection: Rejection };

export type OptionsParse<O> = { ok: true; options: O } | { ok: false; rejection: Rejection };

/** Rejection codes shared by all games. Game-specific codes live in each game's `rules.ts`. */
export const Codes = {
  BAD_ACTION: 'BAD_ACTION',
  /** an action with a field its type does not have (core/action-shape.ts) */
  UNKNOWN_FIELDS: 'UNKNOWN_FIELDS',
  UNKNOWN_OPTION: 'UNKNOWN_OPTION',
  INVALID_OPTION: 'INVALID_OPTION',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  WRONG_PHASE: 'WRONG_PHASE',
  HAND_OVER: 'HAND_OVER',
  CARD_NOT_HELD: 'CARD_NOT_HELD',
  WRONG_CARD_COUNT: 'WRONG_CARD_COUNT',
  DUPLICATE_CARD: 'DUPLICATE_CARD',
  BID_NOT_HIGHER: 'BID_NOT_HIGHER',
  CALL_NOT_ALLOWED: 'CALL_NOT_ALLOWED',
  MUST_FOLLOW_SUIT: 'MUST_FOLLOW_SUIT',
  MUST_TRUMP: 'MUST_TRUMP',
  BAD_DECK: 'BAD_DECK',
  SESSION_OVER: 'SESSION_OVER',
  SESSION_ALREADY_ENDING: 'SESSION_ALREADY_ENDING',
} as const;

export function reject<S>(code: string, message: string): Applied<S> {
  return { ok: false, rejection: { code, message } };
}

export function rejection(code: string, message: string): Rejection {
  return { code, message };
}

export function accept<S>(state: S): Applied<S> {
  return { ok: true, state };
}
