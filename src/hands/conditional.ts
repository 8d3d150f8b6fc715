import { createHash } from 'node:crypto';
import { MAX_WAIT_SECONDS } from './hand-watch.js';

/**
 * Conditional reads of a hand (RFC 9110 §13, RFC 7240): the view's ETag names its seq and what it
 * says of the seats at that seq, so a client that already holds a view sends its ETag as
 * If-None-Match and gets 304 Not Modified — after waiting up to `Prefer: wait=N` seconds for the
 * hand to change, which makes it a long poll. A seat going away or coming back keeps the seq but
 * changes the tag, so it answers such a poll too.
 */

/**
 * The view's entity tag: `"<seq>.<seats>"`, the seats part a short digest of what the view says of
 * the seats at that seq (hands.service.ts seatsMark: present, away, the deadline, offers, the wait
 * after a result); `"<seq>-void"` once the hand was dropped (voiding keeps the seq). Without a
 * seats mark (a move announced), the bare `"<seq>"`. A view and its hand's snapshot give the same tag.
 */
export const etagOf = (v: { status?: unknown; seq?: unknown; seats?: string }): string => {
  if (v.status === 'void') return `"${String(v.seq)}-void"`;
  if (v.seats === undefined) return `"${String(v.seq)}"`;
  return `"${String(v.seq)}.${createHash('sha256').update(v.seats).digest('base64url').slice(0, 10)}"`;
};

/** The tags an If-None-Match header lists, weak ones as strong (weak comparison). */
const listed = (ifNoneMatch: string): string[] => ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

/** A tag without its seats part: `"<seq>"` or `"<seq>-void"`. */
export const seqPart = (etag: string): string => etag.replace(/\.[^"]*"$/, '"');

/**
 * True when an If-None-Match header names `etag` (`*` is not a wait). A bare `"<seq>"` (how
 * clients named a view before the tag had a seats part) names every view at that seq.
 */
export function listsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return listed(ifNoneMatch).some((tag) => tag === etag || tag === seqPart(etag));
}

/** True when an If-None-Match header names some view at the seq (and status) of `etag`, whatever its seats. */
export function listsSeqOf(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return listed(ifNoneMatch).some((tag) => seqPart(tag) === seqPart(etag));
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
