import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { networkOf } from './client-network.js';

describe('the network a client address counts as', () => {
  it('counts two IPv6 addresses of one /64 as one, and the next /64 apart', () => {
    const a = networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd', 64);
    expect(networkOf('2001:db8:1:2::1', 64)).toBe(a);
    expect(networkOf('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', 64)).toBe(a);
    expect(networkOf('2001:db8:1:3::1', 64)).not.toBe(a);
    expect(a).toBe('2001:db8:1:2:0:0:0:0/64');
  });

  it('takes the prefix length it is given, inside a group too', () => {
    expect(networkOf('2001:db8:1:2ff::1', 56)).toBe(networkOf('2001:db8:1:200::9', 56));
    expect(networkOf('2001:db8:1:300::1', 56)).not.toBe(networkOf('2001:db8:1:200::1', 56));
    expect(networkOf('2001:db8::1', 128)).not.toBe(networkOf('2001:db8::2', 128));
    expect(networkOf('2001:db8::1', 48)).toBe('2001:db8:0:0:0:0:0:0/48');
  });

  it('counts IPv4 by address, written as IPv4 or as IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(networkOf('203.0.113.8', 64)).not.toBe(networkOf('203.0.113.7', 64));
  });

  it('reads the spellings of one IPv6 address alike: ::, zone ids, a dotted tail, upper case', () => {
    expect(networkOf('::1', 128)).toBe('0:0:0:0:0:0:0:1/128');
    expect(networkOf('fe80::1%eth0', 64)).toBe(networkOf('fe80::2', 64));
    expect(networkOf('64:ff9b::192.0.2.33', 128)).toBe(networkOf('64:ff9b::c000:221', 128));
    expect(networkOf('', 64)).toBe('');
  });

  it('gives every address of a network the same key (any address, any prefix length)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 1, max: 128 }),
        (x, y, length) => {
          // y agrees with x in the first `length` bits.
          const same = x.map((g, i) => {
            const bits = Math.max(0, Math.min(16, length - 16 * i));
            const mask = (0xffff << (16 - bits)) & 0xffff;
            return (g & mask) | (y[i]! & ~mask & 0xffff);
          });
          const text = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
          expect(networkOf(text(same), length)).toBe(networkOf(text(x), length));
        },
      ),
    );
  });
});
