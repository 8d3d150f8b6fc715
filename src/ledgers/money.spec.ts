import { describe, expect, it } from '@jest/globals';
import { centsToDecimal, toCents } from './money.js';

describe('money is exact', () => {
  it('scores become integer cents and NUMERIC text without float drift', () => {
    expect(toCents(144)).toBe(14400n);
    expect(toCents(-2.35)).toBe(-235n);
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(centsToDecimal(-235n)).toBe('-2.35');
    expect(centsToDecimal(5n)).toBe('0.05');
  });
  it('refuses a score with more than two decimals', () => {
    expect(() => toCents(1.005)).toThrow();
  });
});
