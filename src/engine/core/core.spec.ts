import fc from 'fast-check';
import { shuffle, deckCommitment } from './shuffle.js';
import { isPermutationOf } from './cards.js';
import { parseOptionRecord, nestOptions, type OptionSchema } from './options.js';
import { seededRng } from './rng.js';
import { thrownInResult } from './result.js';

const cards = Array.from({ length: 36 }, (_, i) => `c${i}`);
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('shuffle from a 256-bit seed', () => {
  it('is a permutation and the same seed gives the same order', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const a = shuffle(seed, cards);
        expect(isPermutationOf(a, cards)).toBe(true);
        expect(shuffle(seed, cards)).toEqual(a);
      }),
    );
  });

  it('different seeds give different orders (36! makes a collision practically impossible)', () => {
    const a = shuffle('00'.repeat(32), cards);
    const b = shuffle('00'.repeat(31) + '01', cards);
    expect(a).not.toEqual(b);
  });

  it('puts each card in each position about equally often', () => {
    const small = ['a', 'b', 'c'];
    const counts: Record<string, number> = {};
    for (let i = 0; i < 6000; i++) {
      const seed = i.toString(16).padStart(64, '0');
      const top = shuffle(seed, small)[0]!;
      counts[top] = (counts[top] ?? 0) + 1;
    }
    for (const c of small) expect(Math.abs(counts[c]! - 2000)).toBeLessThan(200);
  });

  it('rejects a seed that is not 64 hex digits', () => {
    expect(() => shuffle('abc', cards)).toThrow(/64 hex/);
  });

  it('the commitment changes when the deck or the seed changes', () => {
    const seed = 'ab'.repeat(32);
    const deck = shuffle(seed, cards);
    const c = deckCommitment(seed, deck);
    expect(c).toMatch(/^[0-9a-f]{64}$/);
    expect(deckCommitment(seed, [...deck.slice(1), deck[0]!])).not.toBe(c);
    expect(deckCommitment('cd'.repeat(32), deck)).not.toBe(c);
  });
});

describe('rule options', () => {
  const schema: OptionSchema = {
    players: { kind: 'enum', values: [4, 5], default: 4 },
    stake: { kind: 'int', min: 1, default: 12 },
    'doubling.firstSpeaker': { kind: 'enum', values: ['declarerLeft', 'dealerLeft'], default: 'declarerLeft' },
    'doubling.maxDoublings': { kind: 'int', min: 1, default: null as unknown as number, allowNull: true },
    piglets: { kind: 'bool', default: false },
    'piglets.super': { kind: 'bool', default: false },
  };

  it('fills defaults and accepts nested and flat names alike', () => {
    const nested = parseOptionRecord(schema, { players: 5, doubling: { firstSpeaker: 'dealerLeft' } });
    const flat = parseOptionRecord(schema, { players: 5, 'doubling.firstSpeaker': 'dealerLeft' });
    expect(nested).toEqual(flat);
    expect(nested.ok && nested.options).toMatchObject({
      players: 5,
      stake: 12,
      'doubling.firstSpeaker': 'dealerLeft',
      'doubling.maxDoublings': null,
    });
  });

  it('an unknown option is an error that names it', () => {
    const r = parseOptionRecord(schema, { doubling: { cap: 3 } });
    expect(r).toEqual({ ok: false, rejection: { code: 'UNKNOWN_OPTION', message: expect.stringContaining('doubling.cap') } });
  });

  it('names every object has (constructor, __proto__ …) are unknown options like any other', () => {
    for (const input of [
      { constructor: 1 },
      { toString: 'x' },
      { hasOwnProperty: true },
      JSON.parse('{"__proto__": {"players": 5}}') as Record<string, unknown>,
      { doubling: { constructor: 1 } },
    ]) {
      expect(parseOptionRecord(schema, input)).toEqual({ ok: false, rejection: expect.objectContaining({ code: 'UNKNOWN_OPTION' }) });
    }
  });

  it('a bad value is an error that names the option', () => {
    const r = parseOptionRecord(schema, { players: 6 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.rejection).toMatchObject({ code: 'INVALID_OPTION', message: expect.stringContaining('"players"') });
    expect(parseOptionRecord(schema, { stake: 1.5 }).ok).toBe(false);
  });

  it('a parent option with children is written as {enabled, …} and read back', () => {
    const r = parseOptionRecord(schema, { piglets: { enabled: true, super: true } });
    expect(r.ok && r.options).toMatchObject({ piglets: true, 'piglets.super': true });
    const nested = nestOptions({ piglets: true, 'piglets.super': true });
    expect(nested).toEqual({ piglets: { enabled: true, super: true } });
    expect(parseOptionRecord(schema, nested)).toEqual(r);
  });
});

describe('seeded rng', () => {
  it('is reproducible', () => {
    const a = seededRng(7),
      b = seededRng(7);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('thrownInResult', () => {
  it('is the docs/contract.md result of a hand thrown in: only scores, and details when given', () => {
    expect(thrownInResult([0, 0, 0])).toStrictEqual({
      status: 'thrownIn',
      declarer: null,
      contract: null,
      parties: null,
      cardPoints: null,
      multiplier: 1,
      scores: [0, 0, 0],
    });
    expect(thrownInResult([1, -1], { reason: 'x' })).toMatchObject({ scores: [1, -1], details: { reason: 'x' } });
  });
});
