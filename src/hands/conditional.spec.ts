import { describe, expect, it } from '@jest/globals';
import { etagOf, listsEtag, listsSeqOf, preferredWait } from './conditional.js';
import { MAX_WAIT_SECONDS } from './hand-watch.js';

describe('conditional reads', () => {
  it('tags a view by its seq and its seats, a dropped hand apart from the same seq in play, and a move by its seq', () => {
    const away = etagOf({ seq: 7, status: 'active', seats: '||2026-12-05T20:00:00.000Z||/' });
    const back = etagOf({ seq: 7, status: 'active', seats: '|1|2026-12-05T20:00:10.000Z||/' });
    expect(away).toMatch(/^"7\.[\w-]{10}"$/);
    expect(back).toMatch(/^"7\.[\w-]{10}"$/);
    expect(away).not.toBe(back);
    expect(etagOf({ seq: 7, status: 'active', seats: '||2026-12-05T20:00:00.000Z||/' })).toBe(away);
    expect(etagOf({ seq: 7, status: 'void', seats: '|1|||/' })).toBe('"7-void"');
    expect(etagOf({ seq: 7, status: 'active' })).toBe('"7"');
  });

  it('finds the tag in an If-None-Match list, weak or strong, but not for *; a bare seq names every view at it', () => {
    expect(listsEtag('"6", W/"7.abcdefghij"', '"7.abcdefghij"')).toBe(true);
    expect(listsEtag('"7.abcdefghij"', '"7.bcdefghijk"')).toBe(false);
    expect(listsEtag('"7"', '"7.abcdefghij"')).toBe(true);
    expect(listsEtag('"6"', '"7.abcdefghij"')).toBe(false);
    expect(listsEtag('"7"', '"7-void"')).toBe(false);
    expect(listsEtag('*', '"7"')).toBe(false);
    expect(listsEtag(undefined, '"7"')).toBe(false);
  });

  it('finds the seq of a move in an If-None-Match list, whatever seats the listed view had', () => {
    expect(listsSeqOf('"7.abcdefghij"', '"7"')).toBe(true);
    expect(listsSeqOf('W/"7"', '"7"')).toBe(true);
    expect(listsSeqOf('"6.abcdefghij"', '"7"')).toBe(false);
    expect(listsSeqOf('"7.abcdefghij"', '"7-void"')).toBe(false);
    expect(listsSeqOf(undefined, '"7"')).toBe(false);
  });

  it('reads Prefer: wait=N among other preferences, caps it and ignores what is malformed', () => {
    expect(preferredWait('wait=10')).toBe(10);
    expect(preferredWait('respond-async, wait="5"')).toBe(5);
    expect(preferredWait('wait=3600')).toBe(MAX_WAIT_SECONDS);
    expect(preferredWait('wait=-1')).toBe(0);
    expect(preferredWait('wait=soon')).toBe(0);
    expect(preferredWait('return=minimal')).toBe(0);
    expect(preferredWait(undefined)).toBe(0);
  });
});
