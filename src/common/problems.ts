import type { Rejection } from '../engine/index.js';

/**
 * The one error type of the service and all its codes (docs/contract.md#errors). Every 4xx/5xx
 * leaves as `application/problem+json` (RFC 9457) with `type, title, status, detail, code`;
 * engine rejections keep the engine's own code (see `fromRejection`).
 */
export const ProblemCodes = {
  VALIDATION_FAILED: { status: 400, title: 'Request body or parameters are not of a known shape' },
  TOKEN_MISSING: { status: 401, title: 'A bearer token is required' },
  TOKEN_INVALID: { status: 401, title: 'The bearer token is not known' },
  AUDITOR_ONLY: { status: 403, title: 'Only the auditor token may do this' },
  PLAYER_ONLY: { status: 403, title: 'Only a player token may do this' },
  NOT_SEATED: { status: 403, title: 'The player has no seat at this table' },
  NOT_HOST: { status: 403, title: "Only the table's host may do this" },
  RECORD_NOT_AVAILABLE: { status: 403, title: 'The record is available to seats once the hand is over' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such route' },
  PLAYER_NOT_FOUND: { status: 404, title: 'No such player' },
  TABLE_NOT_FOUND: { status: 404, title: 'No such table' },
  HAND_NOT_FOUND: { status: 404, title: 'No such hand' },
  LINK_CODE_INVALID: { status: 404, title: 'No such link code: unknown, used or expired' },
  SESSION_NOT_FOUND: { status: 404, title: 'The player has no such session' },
  PASSKEY_NOT_FOUND: { status: 404, title: 'The player has no such passkey' },
  PASSKEY_INVALID: { status: 400, title: 'The passkey answer is not valid: unknown passkey, stale challenge or a failed signature' },
  STALE_SEQ: { status: 409, title: 'The expected sequence number is not the latest one' },
  SEAT_TAKEN: { status: 409, title: 'The seat is taken' },
  TABLE_FULL: { status: 409, title: 'Every seat is taken' },
  ALREADY_SEATED: { status: 409, title: 'The player already has a seat at this table' },
  NO_BOT_IN_SEAT: { status: 409, title: 'No bot holds that seat' },
  SEATS_FIXED: { status: 409, title: 'The first hand has been dealt; seats are kept for the session' },
  SEAT_NOT_AWAY: { status: 409, title: 'Only the seat of a player who is away can be handed on' },
  SEAT_NOT_OFFERED: { status: 409, title: 'The host has not offered this seat' },
  TABLE_NOT_PLAYING: { status: 409, title: 'The table has no hand in play' },
  TABLE_NOT_ENDED: { status: 409, title: 'The table has not ended yet' },
  HAND_CLOSED: { status: 409, title: 'The hand takes no more actions' },
  HAND_NOT_FINISHED: { status: 409, title: 'The hand is not over: it is reviewed once it is' },
  UNKNOWN_PLAYER: { status: 422, title: 'The record seats a player that does not exist' },
  HAND_NOT_REPLAYABLE: { status: 422, title: "The engine refuses the hand's stored log: it cannot be evaluated" },
  EVIDENCE_FAILED: { status: 422, title: "The hand's evidence could not be computed" },
  REVIEW_FAILED: { status: 422, title: "The hand's review could not be computed" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'The Idempotency-Key was used for another request' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The body is too large' },
  UPGRADE_REQUIRED: { status: 426, title: 'This route is a WebSocket: ask for the upgrade' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  TOO_MANY_STREAMS: { status: 429, title: 'This player or address holds its maximum of open streams and sockets' },
  TOO_MANY_PLAYERS: { status: 429, title: 'This address has created its maximum of players for the hour' },
  TOO_MANY_TABLES: { status: 429, title: 'This player hosts its maximum of open tables' },
  TOO_MANY_WRONG_CODES: { status: 429, title: 'This address has sent its maximum of wrong link codes for the hour' },
  INTERNAL: { status: 500, title: 'Internal error' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'The database is not reachable' },
  STREAMS_FULL: { status: 503, title: 'This instance holds its maximum of open streams; retry later or long-poll' },
} as const;

export type ProblemCode = keyof typeof ProblemCodes;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  [extra: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** A problem the service answers with; thrown anywhere, rendered by ProblemFilter. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }

  static of(code: ProblemCode, detail?: string, extra: Record<string, unknown> = {}): ApiError {
    const { status, title } = ProblemCodes[code];
    return new ApiError(status, code, title, detail ?? title, extra);
  }

  toProblem(): Problem {
    return { type: problemType(this.code), title: this.title, status: this.status, detail: this.message, code: this.code, ...this.extra };
  }
}

/** Engine rejections become HTTP here and nowhere else: shapes are 400, the rules 422. */
const SHAPE_CODES = new Set(['BAD_ACTION', 'UNKNOWN_OPTION', 'INVALID_OPTION', 'GAME_NOT_AVAILABLE', 'BAD_DECK', 'BAD_RECORD']);

export function fromRejection(r: Rejection, extra: Record<string, unknown> = {}): ApiError {
  // A field the action's type does not have is a shape error like any unknown body field.
  if (r.code === 'UNKNOWN_FIELDS') return ApiError.of('VALIDATION_FAILED', r.message, extra);
  const status = SHAPE_CODES.has(r.code) ? 400 : 422;
  const title = status === 400 ? 'The engine refused the shape of the request' : 'The rules forbid this';
  return new ApiError(status, r.code, title, r.message, extra);
}

const problemType = (code: string): string => `https://kartentisch.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`;
