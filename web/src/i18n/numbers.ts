/**
 * Numbers as a language writes them, for the page's one number format (index.ts binds them to the
 * reader's language). Pure, so that the tests can ask for both languages.
 */

/** The language's digits, two decimals where a value has hundredths (or always, for a column of them). */
export function numberIn(lang: string, n: number, opts: { sign?: boolean; hundredths?: boolean } = {}): string {
  const fraction = Number.isInteger(n) && !opts.hundredths ? 0 : 2;
  return new Intl.NumberFormat(lang, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
    signDisplay: opts.sign ? 'exceptZero' : 'auto',
  }).format(n);
}

/** Below this a probability is written as "< 0,001": smaller ones differ only to a statistician, and powers of ten read as code. */
const SMALLEST = 0.001;

/** A probability in the language's digits, to three decimals; anything smaller than a thousandth as "< 0,001". */
export function probabilityIn(lang: string, p: number): string {
  const digits = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  // a no-break space: the sign and its number stay on one line in a narrow column
  return p > 0 && p < SMALLEST ? `<\u00a0${digits.format(SMALLEST)}` : digits.format(p);
}
