import { createHash, hash } from 'node:crypto';
import fc from 'fast-check';
import { shuffle } from './shuffle.js';
import { DOBBM_DECK } from '../dobbm/cards.js';
import { DECK as DROGGN_DECK } from '../droggn/cards.js';
import { games } from '../index.js';

/**
 * The shuffle before it was made lean, kept verbatim as the reference: stored hand records are
 * verified by re-shuffling their seed, so every seed must still give the same deck order.
 */
function referenceShuffle(seedHex: string, cards: readonly string[]): string[] {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error('a seed is 64 hex digits (256 bits)');
  if (cards.length > 256) throw new Error('decks of at most 256 cards');
  const deck = cards.slice();
  const seed = Buffer.from(seedHex, 'hex');
  let block: Buffer = Buffer.alloc(0);
  let pos = 0;
  let counter = 0;
  const next = (): number => {
    if (pos >= block.length) {
      const c = Buffer.alloc(4);
      c.writeUInt32BE(counter++);
      block = hash('sha512', Buffer.concat([seed, c]), 'buffer');
      pos = 0;
    }
    return block[pos++]!;
  };
  for (let i = deck.length - 1; i > 0; i--) {
    const limit = 256 - (256 % (i + 1));
    let x = next();
    while (x >= limit) x = next();
    const j = x % (i + 1);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}

const doppelkopf = games.doppelkopf;
const dokoOptions = (rules: Record<string, unknown>) => {
  const parsed = doppelkopf.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
};
const decks: [string, readonly string[], number][] = [
  ['Dobbm', DOBBM_DECK, 10_000],
  ['Droggn', DROGGN_DECK, 10_000],
  ['Doppelkopf', doppelkopf.deck(dokoOptions({})), 10_000],
  // 256 cards need several hash blocks: exercises the block counter.
  ['256 cards', Array.from({ length: 256 }, (_, i) => `c${i}`), 2_000],
];
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('the lean shuffle gives the reference order', () => {
  it.each(decks)('%s: many hashed seeds (10,000 a game deck), lower and upper case', (_, deck, seeds) => {
    for (let i = 0; i < seeds; i++) {
      const seed = createHash('sha256').update(String(i)).digest('hex');
      const upper = i % 2 === 1 ? seed.toUpperCase() : seed;
      const got = shuffle(upper, deck);
      const want = referenceShuffle(upper, deck);
      if (got.join() !== want.join()) throw new Error(`seed ${upper}: ${got.join()} ≠ ${want.join()}`);
    }
  });

  it.each(decks)('%s: fast-check seeds and the counting seeds of the benchmark', (_, deck) => {
    fc.assert(
      fc.property(seedArb, (seed) => expect(shuffle(seed, deck)).toEqual(referenceShuffle(seed, deck))),
      { numRuns: 2000 },
    );
    for (let i = 0; i < 2000; i++) {
      const seed = i.toString(16).padStart(64, '0');
      expect(shuffle(seed, deck)).toEqual(referenceShuffle(seed, deck));
    }
  });

  it('decks of 0, 1 and 2 cards', () => {
    for (const deck of [[], ['a'], ['a', 'b']]) expect(shuffle('ab'.repeat(32), deck)).toEqual(referenceShuffle('ab'.repeat(32), deck));
  });

  it.each([
    ['too short', 'ab'.repeat(31)],
    ['too long', 'ab'.repeat(33)],
    ['not hex', 'g' + 'a'.repeat(63)],
    ['non-ASCII', 'é' + 'a'.repeat(63)],
    ['a trailing newline', 'a'.repeat(64) + '\n'],
    ['empty', ''],
  ])('still rejects a seed that is %s', (_, seed) => {
    expect(() => referenceShuffle(seed, DOBBM_DECK)).toThrow(/64 hex/);
    expect(() => shuffle(seed, DOBBM_DECK)).toThrow(/64 hex/);
  });

  it('rejects a seed that is not a string, as the regex did', () => {
    expect(() => shuffle(undefined as unknown as string, DOBBM_DECK)).toThrow(/64 hex/);
    expect(() => shuffle(123 as unknown as string, DOBBM_DECK)).toThrow(/64 hex/);
  });

  it('rejects a deck of more than 256 cards', () => {
    expect(() =>
      shuffle(
        'ab'.repeat(32),
        Array.from({ length: 257 }, (_, i) => `c${i}`),
      ),
    ).toThrow(/256/);
  });
});
