import { describe, expect, it } from '@jest/globals';
import { etagOf, listsEtag, preferredWait } from './conditional.js';
import { MAX_WAIT_SECONDS } from './hand-watch.js';

describe('conditional reads', () => {
  it('tags a view by its seq, and a dropped hand apart from the same seq in play', () => {
    expect(etagOf({ seq: 7, status: 'active' })).toBe('"7"');
    expect(etagOf({ seq: 7, status: 'void' })).toBe('"7-void"');
  });

  it('finds the tag in an If-None-Match list, weak or strong, but not for *', () => {
    expect(listsEtag('"6", W/"7"', '"7"')).toBe(true);
    expect(listsEtag('"6"', '"7"')).toBe(false);
    expect(listsEtag('"7"', '"7-void"')).toBe(false);
    expect(listsEtag('*', '"7"')).toBe(false);
    expect(listsEtag(undefined, '"7"')).toBe(false);
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
