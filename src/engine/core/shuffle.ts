import { createHash, hash } from 'node:crypto';
import type { Card } from './types.js';

/**
 * Shuffling apart from the rules (docs/rules/README.md#deal-order): a pure function from a 256-bit seed to a
 * deck order, so that a replay reproduces the deal. The byte stream is SHA-512 of
 * seed ‖ block counter (64 bytes a block, one byte a draw, so a 36-card deck usually costs
 * one hash call); Fisher–Yates draws with rejection sampling, so every order is equally
 * likely. The service supplies the seed from a CSPRNG (`crypto.randomBytes(32)`).
 */
export function shuffle(seedHex: string, cards: readonly Card[]): Card[] {
  if (typeof seedHex !== 'string') {
    // Keep the regex's semantics (it tests the string form) for untyped callers.
    assertSeed(seedHex);
    seedHex = String(seedHex);
  }
  loadSeed(seedHex);
  if (cards.length > 256) throw new Error('decks of at most 256 cards');
  const deck = cards.slice();
  // Simulations shuffle hundreds of thousands of decks a second: one preallocated input,
  // the counter written in place, and a 'binary' (latin1) digest: a string is cheaper than a Buffer.
  let counter = 0;
  let block = nextBlock(counter);
  let pos = 0;
  for (let i = deck.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n); // rejecting the biased tail keeps the draw uniform
    let x: number;
    do {
      if (pos === 64) {
        block = nextBlock(++counter);
        pos = 0;
      }
      x = block.charCodeAt(pos++);
    } while (x >= limit);
    const j = x % n;
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}

/** SHA-256 commitment to seed and deck, carried by a hand's first event and checked on verify. */
export function deckCommitment(seedHex: string, deck: readonly Card[]): string {
  return createHash('sha256')
    .update(`${seedHex.toLowerCase()}:${deck.join(',')}`)
    .digest('hex');
}

export function assertSeed(seedHex: string): void {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error('a seed is 64 hex digits (256 bits)');
}

/** The hash input, seed ‖ 32-bit big-endian block counter. Shuffling is synchronous, so one suffices. */
const input = Buffer.alloc(36);

/** Hex digit value by char code, -1 for anything else. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_DIGIT['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_DIGIT['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const hexDigit = (code: number): number => (code < 128 ? HEX_DIGIT[code]! : -1);

/** Validates as `assertSeed` does (exactly 64 hex digits) while decoding into `input`. */
function loadSeed(seedHex: string): void {
  if (seedHex.length !== 64) assertSeed(seedHex);
  for (let i = 0; i < 32; i++) {
    const hi = hexDigit(seedHex.charCodeAt(2 * i));
    const lo = hexDigit(seedHex.charCodeAt(2 * i + 1));
    if ((hi | lo) < 0) assertSeed(seedHex);
    input[i] = (hi << 4) | lo;
  }
}

/** SHA-512 of seed ‖ counter as 64 latin1 characters, one byte each ('binary' is latin1). */
function nextBlock(counter: number): string {
  input.writeUInt32BE(counter, 32);
  return hash('sha512', input, 'binary');
}
