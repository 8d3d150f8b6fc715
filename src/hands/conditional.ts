import { MAX_WAIT_SECONDS } from './hand-watch.js';

/**
 * Conditional reads of a hand (RFC 9110 §13, RFC 7240): the view's ETag is its seq, so a
 * client that already holds a seq sends it as If-None-Match and gets 304 Not Modified — after
 * waiting up to `Prefer: wait=N` seconds for the hand to move, which makes it a long poll.
 */

/**
 * The view's entity tag: the seq, marked when the hand was dropped (voiding keeps the seq).
 * A view and its hand's row give the same tag (a view is `void` exactly when its hand is).
 */
export const etagOf = (v: { status?: unknown; seq?: unknown }): string =>
  v.status === 'void' ? `"${String(v.seq)}-void"` : `"${String(v.seq)}"`;

/** True when an If-None-Match header lists `etag` (weak comparison; `*` is not a wait). */
export function listsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Seconds asked for by `Prefer: wait=N`, at most MAX_WAIT_SECONDS; 0 when absent or malformed (RFC 7240: ignored). */
export function preferredWait(prefer: string | undefined): number {
  if (!prefer) return 0;
  for (const pref of prefer.split(',')) {
    const m = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*(?:;.*)?$/i.exec(pref);
    if (m) return Math.min(Number(m[1]), MAX_WAIT_SECONDS);
  }
  return 0;
}
