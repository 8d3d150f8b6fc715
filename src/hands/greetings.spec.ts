import { describe, expect, it } from '@jest/globals';
import { greetingOf, GreetingLimit, knownPhrase } from './greetings.js';

describe('greetings are phrases of a fixed set, limited per player', () => {
  it('a known phrase is a greeting; another frame is none; an unknown phrase is refused', () => {
    expect(greetingOf({ greeting: 'wellPlayed', ref: 3 })).toEqual({ phrase: 'wellPlayed', ref: 3 });
    expect(greetingOf({ expectedSeq: 1, action: { type: 'play' } })).toBeNull();
    expect(greetingOf({ greeting: 'you fool', ref: 'x' })).toEqual({ phrase: null, ref: 'x' });
    expect(() => knownPhrase(null)).toThrow(/greeting/);
  });
  it('one every two seconds, six a minute', () => {
    const limit = new GreetingLimit();
    limit.take('resi', 0);
    expect(() => limit.take('resi', 1_000)).toThrow(/at most/);
    limit.take('sepp', 1_000);
    for (let t = 2_000; t <= 10_000; t += 2_000) limit.take('resi', t);
    expect(() => limit.take('resi', 30_000)).toThrow(/at most/);
    limit.take('resi', 60_001);
  });
});
