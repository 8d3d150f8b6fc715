import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from '../events/canonical.js';
import { eventHash, GENESIS_HASH, type NewEvent } from './event-hash.js';

/** docs/design.md#event-log: sha256(prev_hash ‖ canonical JSON of the event), every column but the hashes. */
function definition(handId: string, prevHash: string, e: NewEvent): string {
  const event = { ...e, handId, createdAt: e.createdAt.toISOString() };
  return createHash('sha256')
    .update(prevHash + canonicalJson(event))
    .digest('hex');
}

const json = fc.jsonValue({ maxDepth: 4 });
const events = fc.record({
  seq: fc.nat(),
  type: fc.string(),
  seat: fc.option(fc.nat({ max: 4 }), { nil: null }),
  payload: fc.dictionary(fc.string(), json),
  commandId: fc.string(),
  createdAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
});

describe('eventHash', () => {
  it('is the hash of the canonical JSON of the event, for any event', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.stringMatching(/^[0-9a-f]{64}$/), events, (handId, prev, e) => {
        expect(eventHash(handId, prev, e)).toBe(definition(handId, prev, e));
      }),
      { numRuns: 2000 },
    );
  });

  it('hashes the form the stored chains were written in', () => {
    // Written out by hand: keys sorted at every depth, no spaces, the time in ISO form.
    const form =
      '{"commandId":"c-1","createdAt":"2026-11-25T02:30:00.000Z","handId":"h-1",' +
      '"payload":{"card":"HS","seat":2,"type":"play"},"seat":2,"seq":7,"type":"play"}';
    const e: NewEvent = {
      seq: 7,
      type: 'play',
      seat: 2,
      payload: { type: 'play', seat: 2, card: 'HS' },
      commandId: 'c-1',
      createdAt: new Date('2026-11-25T02:30:00.000Z'),
    };
    expect(eventHash('h-1', GENESIS_HASH, e)).toBe(
      createHash('sha256')
        .update(GENESIS_HASH + form)
        .digest('hex'),
    );
  });
});
