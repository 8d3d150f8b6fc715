/** docs/rules/dobbm.md#scoring/docs/rules/dobbm.md#stockerl/docs/rules/dobbm.md#irregularities money at the function level; figures worked by hand. */
import { paymentPerOpponent, penaltyAmount, stakeAmount, stockerlAmount, toUnits } from './scoring.js';
import { opts } from './deals.testkit.js';

describe('payment per opponent, ceil rounding (S1 12-Schilling table)', () => {
  const twelve = opts({ stake: 12 });
  const pay = (d: number) => paymentPerOpponent(twelve, d, false, 0);
  it.each([
    [61, 1],
    [65, 1],
    [66, 2],
    [70, 2],
    [71, 3],
    [75, 3],
    [76, 4],
    [59, 1],
    [55, 1],
    [54, 2],
    [50, 2],
    [49, 3],
    [45, 3],
    [44, 4],
  ])('%i card points → %i Schilling', (d, amount) => {
    expect(pay(d)).toBe(amount);
  });

  it('S2: 71 points at 12 Schilling → 3 from each defender', () => expect(pay(71)).toBe(3));
  it('a Match (all 120, or 0) costs exactly the stake', () => {
    expect(pay(120)).toBe(12);
    expect(pay(0)).toBe(12);
  });
  it('exactly 60 is a draw: nothing, whatever the Solo or doublings', () => {
    expect(paymentPerOpponent(twelve, 60, true, 5)).toBe(0);
  });
  it('S1: rounding before the Solo and the Schwacher: 76 in a Solo → 8, with a Schwacher 16', () => {
    expect(paymentPerOpponent(twelve, 76, true, 0)).toBe(8);
    expect(paymentPerOpponent(twelve, 76, true, 1)).toBe(16);
  });
  it('S1: 60 Schilling, 72 points, Schwacher + Retour: 48; in a Solo 96', () => {
    expect(paymentPerOpponent(opts({ stake: 60 }), 72, false, 2)).toBe(48);
    expect(paymentPerOpponent(opts({ stake: 60 }), 72, true, 2)).toBe(96);
  });
  it('6 Schilling: every started 10 points costs 1 (S2 footnote is the 12-stake version: per 5)', () => {
    const six = opts({ stake: 6 });
    expect(paymentPerOpponent(six, 61, false, 0)).toBe(1);
    expect(paymentPerOpponent(six, 70, false, 0)).toBe(1);
    expect(paymentPerOpponent(six, 71, false, 0)).toBe(2);
  });
});

describe('exact rounding: integer hundredths; the rational amount base × Solo factor × 2^k is rounded half-up to 0.01 (docs/contract.md#result `scores`)', () => {
  const exact = opts({ stake: 12, rounding: 'exact' });
  it('71 points at 12: 11·12/60 = 2.20', () => {
    expect(paymentPerOpponent(exact, 71, false, 0)).toBe(220);
    expect(toUnits(exact, 220)).toBe(2.2);
  });
  it('76 in a Solo: 3.20 × 2 = 6.40 (no rounding up to 4 first)', () => {
    expect(paymentPerOpponent(exact, 76, true, 0)).toBe(640);
  });
  it('stake 7, 61 points: 7/60 = 0.11666… → 0.12; after Schwacher + Retour 28/60 = 0.4666… → 0.47 (not 0.12 × 4 = 0.48); in a Solo 56/60 → 0.93', () => {
    const seven = opts({ stake: 7, rounding: 'exact' });
    expect(paymentPerOpponent(seven, 61, false, 0)).toBe(12);
    expect(paymentPerOpponent(seven, 61, false, 2)).toBe(47);
    expect(paymentPerOpponent(seven, 61, true, 2)).toBe(93);
  });
  it('the largest amount stays exact: stake 10,000, a Solo Match after 30 doublings = 10,000 × 2 × 2^30', () => {
    expect(paymentPerOpponent(opts({ stake: 10_000, rounding: 'exact' }), 120, true, 30)).toBe(10_000 * 2 * 2 ** 30 * 100);
    // 59 · 9,999 / 60 = 9,832.35 exactly, × 2^31 in hundredths; the intermediate passes 2^53.
    expect(paymentPerOpponent(opts({ stake: 9_999, rounding: 'exact' }), 119, true, 30)).toBe(983_235 * 2 ** 31);
  });
  it('half-up: stake 3, 61 points = 0.05 exactly; stake 1, 63 points = 0.05 exactly', () => {
    expect(paymentPerOpponent(opts({ stake: 3, rounding: 'exact' }), 61, false, 0)).toBe(5);
    // 1 × 3 / 60 = 0.05; and 1 × 1/60 = 0.01666… → 0.02
    expect(paymentPerOpponent(opts({ stake: 1, rounding: 'exact' }), 63, false, 0)).toBe(5);
    expect(paymentPerOpponent(opts({ stake: 1, rounding: 'exact' }), 61, false, 0)).toBe(2);
  });
  it('stake 9, 61 points: 0.15 exactly; stake 1, 90 points: 0.50 exactly', () => {
    expect(stakeAmount(opts({ stake: 9, rounding: 'exact' }), 1, 60, 1)).toBe(15);
    expect(stakeAmount(opts({ stake: 1, rounding: 'exact' }), 30, 60, 1)).toBe(50);
  });
  it('half a hundredth rounds up: stake 1, 1/200 of the stake', () => {
    // 1·1·100 / 200 = 0.5 hundredths → 1
    expect(stakeAmount(opts({ stake: 1, rounding: 'exact' }), 1, 200, 1)).toBe(1);
  });
});

describe('Stockerl (docs/rules/dobbm.md#stockerl): 10 points of an undoubled Dobbm', () => {
  it.each([
    [6, 1],
    [12, 2],
    [60, 10],
    [120, 20],
    [7, 2],
  ])('stake %i → %i', (stake, st) => expect(stockerlAmount(opts({ stake, players: 5 }))).toBe(st));
  it('exact: stake 7 → 1.1666… → 1.17', () => {
    expect(stockerlAmount(opts({ stake: 7, players: 5, rounding: 'exact' }))).toBe(117);
  });
});

describe('penalty (docs/rules/dobbm.md#irregularities): half a Match in the current game', () => {
  const p = opts({ stake: 12, irregularities: 'penalize' });
  it('12 → 6; in a Solo 12; after a Schwacher 12 (Dobbm) / 24 (Solo)', () => {
    expect(penaltyAmount(p, false, 0)).toBe(6);
    expect(penaltyAmount(p, true, 0)).toBe(12);
    expect(penaltyAmount(p, false, 1)).toBe(12);
    expect(penaltyAmount(p, true, 1)).toBe(24);
  });
  it('stake 7 → ceil(3.5) = 4; exact 3.50', () => {
    expect(penaltyAmount(opts({ stake: 7 }), false, 0)).toBe(4);
    expect(penaltyAmount(opts({ stake: 7, rounding: 'exact' }), false, 0)).toBe(350);
  });
  it('without includeDoublings the multiplier is left out (the Solo factor stays)', () => {
    const q = opts({ stake: 12, 'penalty.includeDoublings': false });
    expect(penaltyAmount(q, true, 3)).toBe(12);
  });
});
