import { pointsOf } from './cards.js';
import type { DobbmOptions } from './options.js';
import type { DobbmState } from './state.js';

/**
 * Money of docs/rules/dobbm.md#scoring, in integer minor units: whole units under `rounding: ceil`,
 * hundredths under `exact`. `R(num/den × S) × factor` (factor = Solo ×2, 2^k): `ceil` rounds
 * up to a whole unit before the factor (docs/rules/dobbm.md#scoring, docs/rules/dobbm.md#decision-4); `exact` keeps the rational value
 * (docs/rules/dobbm.md#scoring), so only the amount per opponent — base × factor — is rounded, half-up to 0.01
 * (docs/contract.md#hand-records, `scores`). BigInt there: num·S·factor·200 can pass 2^53.
 */
export function stakeAmount(options: DobbmOptions, num: number, den: number, factor: number): number {
  const x = num * options.stake;
  if (options.rounding === 'ceil') return Math.floor((x + den - 1) / den) * factor;
  return Number((BigInt(x) * BigInt(factor) * 200n + BigInt(den)) / (2n * BigInt(den)));
}

/** Minor units → the number written in `scores` (`exact`: hundredths / 100). */
export const toUnits = (options: DobbmOptions, minor: number): number => {
  const v = options.rounding === 'exact' ? minor / 100 : minor;
  return v === 0 ? 0 : v; // no -0 in results
};

/** Per-opponent payment for a played deal: `R(|D−60|·S/60) × c × 2^k` (docs/rules/dobbm.md#scoring). */
export const paymentPerOpponent = (options: DobbmOptions, declarerPoints: number, solo: boolean, doublings: number): number =>
  stakeAmount(options, Math.abs(declarerPoints - 60), 60, (solo ? 2 : 1) * 2 ** doublings);

/** Stockerl, docs/rules/dobbm.md#stockerl: the value of 10 card points of an undoubled Dobbm. */
export const stockerlAmount = (options: DobbmOptions): number => stakeAmount(options, 10, 60, 1);

/** Penalty per opponent, docs/rules/dobbm.md#irregularities: `R(S/2) × c × m` (m = 1 without `includeDoublings`). */
export const penaltyAmount = (options: DobbmOptions, solo: boolean, doublings: number): number =>
  stakeAmount(options, 1, 2, (solo ? 2 : 1) * (options['penalty.includeDoublings'] ? 2 ** doublings : 1));

/**
 * `D`, docs/rules/dobbm.md#scoring: the declarer's trick points plus the discard (Dobbm) or the untouched
 * Dobb (Solo); 0 when the declarer took no trick, unless `zeroTrickTransfer: ordinaryOnly`
 * lets a Solo declarer keep the Dobb (docs/rules/dobbm.md#decision-5).
 */
export function declarerCardPoints(state: DobbmState): number {
  const solo = state.contract === 'solo';
  const extra = solo ? pointsOf(state.dobb) : pointsOf(state.discard ?? []);
  if (state.declarerTricks === 0) return solo && state.options.zeroTrickTransfer === 'ordinaryOnly' ? extra : 0;
  return state.declarerTrickPoints + extra;
}
