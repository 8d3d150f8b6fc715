import { createHash, hash } from 'node:crypto';
import type { Card } from './types.js';

/**
 * Shuffling apart from the rules (RULES.md §0.2): a pure function from a 256-bit seed to a
 * deck order, so that a replay reproduces the deal. The byte stream is SHA-512 of
 * seed ‖ block counter (64 bytes a block, one byte a draw, so a 36-card deck usually costs
 * one hash call); Fisher–Yates draws with rejection sampling, so every order is equally
 * likely. The service supplies the seed from a CSPRNG (`crypto.randomBytes(32)`).
 */
export function shuffle(seedHex: string, cards: readonly Card[]): Card[] {
  assertSeed(seedHex);
  if (cards.length > 256) throw new Error('decks of at most 256 cards');
  const deck = cards.slice();
  const stream = byteStream(seedHex);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = uniformBelow(i + 1, stream);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}

/** SHA-256 commitment to seed and deck, carried by a hand's first event and checked on verify. */
export function deckCommitment(seedHex: string, deck: readonly Card[]): string {
  return createHash('sha256').update(`${seedHex.toLowerCase()}:${deck.join(',')}`).digest('hex');
}

export function assertSeed(seedHex: string): void {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error('a seed is 64 hex digits (256 bits)');
}

function byteStream(seedHex: string): () => number {
  const seed = Buffer.from(seedHex, 'hex');
  let block: Buffer = Buffer.alloc(0);
  let pos = 0;
  let counter = 0;
  return () => {
    if (pos >= block.length) {
      const c = Buffer.alloc(4);
      c.writeUInt32BE(counter++);
      block = hash('sha512', Buffer.concat([seed, c]), 'buffer');
      pos = 0;
    }
    return block[pos++]!;
  };
}

/** A uniform integer in [0, n) for n ≤ 256, rejecting the biased tail. */
function uniformBelow(n: number, next: () => number): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const x = next();
    if (x < limit) return x % n;
  }
}
