/**
 * Money is exact (docs/design.md): scores arrive as integers, or, under Dobbm's `rounding: "exact"`,
 * as decimals made from integer hundredths. They are stored as NUMERIC(20,2) via integer cents
 * and summed by PostgreSQL; no float arithmetic touches a balance.
 */
export function toCents(score: number): bigint {
  if (!Number.isFinite(score)) throw new Error(`score ${score} is not a finite number`);
  const cents = Math.round(score * 100);
  if (Math.abs(cents / 100 - score) > 1e-9) throw new Error(`score ${score} has more than two decimals`);
  return BigInt(cents);
}

export function centsToDecimal(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A NUMERIC from PostgreSQL (a string, see database.service.ts) as a JSON number: "12.50" → 12.5. */
export const decimalToNumber = (d: string): number => Number(d);
