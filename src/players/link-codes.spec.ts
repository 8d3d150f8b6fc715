import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { LINK_CODE_ALPHABET, linkCodeHash, newLinkCode, readLinkCode } from './link-codes.js';

/** docs/contract.md#devices: a code is easy to type, carries at least 40 bits and reads back however it was typed. */
describe('link codes', () => {
  it('hold none of the look-alikes, and twelve characters of the alphabet carry at least 40 bits', () => {
    for (const c of '0O1IL2Z5S8BUV') expect(LINK_CODE_ALPHABET).not.toContain(c);
    expect(new Set(LINK_CODE_ALPHABET).size).toBe(LINK_CODE_ALPHABET.length);
    expect(12 * Math.log2(LINK_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
  });

  it('are three groups of four that read back to their twelve characters', () => {
    for (let i = 0; i < 200; i++) {
      const code = newLinkCode();
      expect(code).toMatch(new RegExp(`^[${LINK_CODE_ALPHABET}]{4}-[${LINK_CODE_ALPHABET}]{4}-[${LINK_CODE_ALPHABET}]{4}$`));
      expect(readLinkCode(code)).toBe(code.replace(/-/g, ''));
    }
  });

  it('draw every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const codes = 4_000;
    for (let i = 0; i < codes; i++) for (const c of newLinkCode().replace(/-/g, '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (codes * 12) / LINK_CODE_ALPHABET.length;
    const chiSquare = [...LINK_CODE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
    // 22 degrees of freedom: the 99.99th percentile of χ² is about 56.
    expect(chiSquare).toBeLessThan(56);
  });

  it('read the same typed in lower case, with spaces or without dashes', () => {
    const chars = fc.constantFrom(...LINK_CODE_ALPHABET);
    fc.assert(
      fc.property(
        fc.array(chars, { minLength: 12, maxLength: 12 }),
        fc.constantFrom('-', ' ', '', ' - '),
        fc.boolean(),
        (cs, sep, lower) => {
          const raw = cs.join('');
          const typed = [raw.slice(0, 4), raw.slice(4, 8), raw.slice(8)].join(sep);
          expect(readLinkCode(lower ? typed.toLowerCase() : typed)).toBe(raw);
          expect(linkCodeHash(readLinkCode(typed)!)).toBe(linkCodeHash(raw));
        },
      ),
    );
  });

  it('refuse a wrong length or any character outside the alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const read = readLinkCode(s);
        if (read !== null) expect([...read].every((c) => LINK_CODE_ALPHABET.includes(c)) && read.length === 12).toBe(true);
      }),
    );
    expect(readLinkCode('OOOO-0000-IIII')).toBeNull();
    expect(readLinkCode('KXR4-7WHQ-MCT')).toBeNull();
    expect(readLinkCode('KXR4-7WHQ-MCT99')).toBeNull();
  });
});
