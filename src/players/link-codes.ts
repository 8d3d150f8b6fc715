import { hash, randomInt } from 'node:crypto';

/**
 * One-time link codes: what a player types (or scans) on a second device to sign it in.
 *
 * The alphabet is the digits and capitals without the look-alikes 0/O, 1/I/L, 2/Z, 5/S, 8/B
 * and U/V: 23 characters, so each carries log2(23) ≈ 4.52 bits and twelve of them ≈ 54.3 bits —
 * against 20 wrong codes an address may try in an hour (rate-limit.ts `WrongLinkCodeLimit`).
 * Shown in three groups of four (`KXR4-7WHQ-MCT9`); read back case-blind, with or without
 * dashes and spaces.
 */
export const LINK_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const LINK_CODE_LENGTH = GROUPS * GROUP_LENGTH;
/** A code's life: long enough to fetch the other device, short enough that a stray one is soon dead. */
export const LINK_CODE_MINUTES = 10;

/** A fresh code, each character drawn uniformly (crypto.randomInt rejects the biased draws). */
export function newLinkCode(): string {
  let chars = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) chars += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return groups(chars);
}

const groups = (chars: string): string => chars.match(new RegExp(`.{1,${GROUP_LENGTH}}`, 'g'))!.join('-');

/** The code's characters as typed, upper-cased, without separators; null when it cannot be a code. */
export function readLinkCode(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '');
  if (chars.length !== LINK_CODE_LENGTH) return null;
  for (const c of chars) if (!LINK_CODE_ALPHABET.includes(c)) return null;
  return chars;
}

/** What is stored of a code: its SHA-256 (a database leak gives no usable code). */
export const linkCodeHash = (chars: string): string => hash('sha256', chars, 'hex');
