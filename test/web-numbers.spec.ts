import fc from 'fast-check';
import { numberIn, probabilityIn } from '../web/src/i18n/numbers.js';

/**
 * The audit page's figures in the reader's digits: German writes "0,24" and "1,07", English "0.24";
 * a probability never as a power of ten ("2.4e-1", "1,2E-5"), one below a thousandth as "< 0,001" (a no-break space after the sign).
 */
describe('numbers as the reader writes them', () => {
  it('German and English digits', () => {
    expect([
      numberIn('de', 1.07),
      numberIn('de', 2, { hundredths: true }),
      numberIn('de', -6, { sign: true }),
      numberIn('de', 1234),
    ]).toEqual(['1,07', '2,00', '-6', '1.234']);
    expect([numberIn('en', 1.07), numberIn('en', 1234)]).toEqual(['1.07', '1,234']);
  });

  it('a probability: three decimals, and below a thousandth "< 0,001"', () => {
    expect([0.24, 0.0012, 2.4e-5, 1e-300, 0, 1].map((p) => probabilityIn('de', p))).toEqual([
      '0,24',
      '0,001',
      '<\u00a00,001',
      '<\u00a00,001',
      '0',
      '1',
    ]);
    expect([0.24, 2.4e-5].map((p) => probabilityIn('en', p))).toEqual(['0.24', '<\u00a00.001']);
  });

  it('any probability reads as decimals in both languages, within half a thousandth of its value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('de', 'en'), (p, lang) => {
        const text = probabilityIn(lang, p);
        expect(text).not.toMatch(/e/i);
        if (text.startsWith('<\u00a0')) return expect(p).toBeLessThan(0.001);
        const value = Number(lang === 'de' ? text.replace(',', '.') : text);
        expect(Math.abs(value - p)).toBeLessThanOrEqual(0.0005 + 1e-12);
      }),
    );
  });
});
