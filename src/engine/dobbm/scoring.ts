import type { HandResult } from '../core/types.js';
import { left } from '../core/seats.js';
import { pointsOf } from './cards.js';
import type { DobbmOptions } from './options.js';
import type { DobbmState } from './state.js';

/**
 * Money of RULES.md §1.10, in integer minor units: whole units under `rounding: ceil`,
 * hundredths under `exact`. `R(num/den × S) × factor` (factor = Solo ×2, 2^k): `ceil` rounds
 * up to a whole unit before the factor (§1.10, §1.15 #4); `exact` keeps the rational value
 * (§1.10), so only the amount per opponent — base × factor — is rounded, half-up to 0.01
 * (CONTRACT.md "Hand records", `scores`). BigInt there: num·S·factor·200 can pass 2^53.
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

/** Per-opponent payment for a played deal: `R(|D−60|·S/60) × c × 2^k` (RULES.md §1.10). */
export const paymentPerOpponent = (options: DobbmOptions, declarerPoints: number, solo: boolean, doublings: number): number =>
  stakeAmount(options, Math.abs(declarerPoints - 60), 60, (solo ? 2 : 1) * 2 ** doublings);

/** Stockerl, RULES.md §1.11: the value of 10 card points of an undoubled Dobbm. */
export const stockerlAmount = (options: DobbmOptions): number => stakeAmount(options, 10, 60, 1);

/** Penalty per opponent, RULES.md §1.13: `R(S/2) × c × m` (m = 1 without `includeDoublings`). */
export const penaltyAmount = (options: DobbmOptions, solo: boolean, doublings: number): number =>
  stakeAmount(options, 1, 2, (solo ? 2 : 1) * (options['penalty.includeDoublings'] ? 2 ** doublings : 1));

/**
 * `D`, RULES.md §1.10: the declarer's trick points plus the discard (Dobbm) or the untouched
 * Dobb (Solo); 0 when the declarer took no trick, unless `zeroTrickTransfer: ordinaryOnly`
 * lets a Solo declarer keep the Dobb (§1.15 #5).
 */
export function declarerCardPoints(state: DobbmState): number {
  const solo = state.contract === 'solo';
  const extra = solo ? pointsOf(state.dobb) : pointsOf(state.discard ?? []);
  if (state.declarerTricks === 0) return solo && state.options.zeroTrickTransfer === 'ordinaryOnly' ? extra : 0;
  return state.declarerTrickPoints + extra;
}

/** The seats in ascending order (an insertion sort: a handful of seats, on every hand's result). */
function ascending(seats: readonly number[]): number[] {
  const out = seats.slice();
  for (let i = 1; i < out.length; i++) {
    const x = out[i]!;
    let j = i - 1;
    for (; j >= 0 && out[j]! > x; j--) out[j + 1] = out[j]!;
    out[j + 1] = x;
  }
  return out;
}

/** Opponents of the declarer: the active defenders plus the sitting-out five-player dealer. */
function opponents(state: DobbmState, dealerIncluded: boolean): number[] {
  const out = state.defenders.slice();
  if (state.options.players === 5 && dealerIncluded) out.push(state.dealer);
  return out;
}

/** The declarer receives (`sign` +1) or pays (−1) `amount` from/to every opponent. */
function settle(state: DobbmState, payers: number[], amount: number, sign: number): number[] {
  const scores: number[] = [];
  for (let s = 0; s < state.options.players; s++) scores.push(0);
  for (const s of payers) scores[s] = toUnits(state.options, -sign * amount);
  scores[state.declarer!] = toUnits(state.options, sign * amount * payers.length);
  return scores;
}

export function result(state: DobbmState): HandResult | null {
  if (state.phase !== 'over') return null;
  const o = state.options;
  const n = o.players;
  if (state.declarer === null) return thrownIn(state);
  const declarer = state.declarer;
  const solo = state.contract === 'solo';
  const multiplier = 2 ** state.doublings;
  const parties = { declarer: [declarer], defenders: ascending(state.defenders) };
  if (state.irregularity) {
    // RULES.md §1.13: the offender's side pays half a Match in the current game.
    const { offender, reporter } = state.irregularity;
    const payers = opponents(state, o['penalty.dealerPays']);
    const p = penaltyAmount(o, solo, state.doublings);
    const sign = offender === declarer ? -1 : 1;
    return {
      status: 'finished',
      declarer,
      contract: state.contract,
      parties,
      cardPoints: null,
      multiplier,
      scores: settle(state, payers, p, sign),
      details: { abandoned: true, offender, reporter, penaltyPerOpponent: toUnits(o, p) },
    };
  }
  const d = declarerCardPoints(state);
  const amount = paymentPerOpponent(o, d, solo, state.doublings);
  const sign = d > 60 ? 1 : -1; // at 60 the amount is 0: "eingestellt", a draw
  const payers = opponents(state, true);
  return {
    status: 'finished',
    declarer,
    contract: state.contract,
    parties,
    cardPoints: { declarer: d, defenders: 120 - d },
    multiplier,
    scores: settle(state, payers, amount, sign),
    details: {
      trickPoints: state.declarerTrickPoints,
      declarerTricks: state.declarerTricks,
      /** Points of the Dobb (Solo) or the discard (Dobbm), before the zero-trick rule. */
      asidePoints: solo ? pointsOf(state.dobb) : pointsOf(state.discard ?? []),
      match: state.declarerTricks === 0 || state.declarerTricks === 8,
      draw: d === 60,
      amountPerOpponent: toUnits(o, amount),
      soloFactor: solo ? 2 : 1,
      seats: n,
    },
  };
}

/**
 * All passed, RULES.md §1.4/§1.11: with five players the deal passes to `left(dealer)`, who
 * receives a Stockerl from each of the four others (§1.15 #12); with four nothing is paid.
 */
function thrownIn(state: DobbmState): HandResult {
  const o = state.options;
  const n = o.players;
  const minor = new Array<number>(n).fill(0);
  const details: Record<string, unknown> = {};
  if (n === 5 && !state.mussrunde) {
    const st = stockerlAmount(o);
    const receiver = left(state.dealer, n);
    for (let s = 0; s < n; s++) minor[s] = s === receiver ? st * (n - 1) : -st;
    details['stockerl'] = { seat: receiver, amount: toUnits(o, st) };
  }
  return {
    status: 'thrownIn',
    declarer: null,
    contract: null,
    parties: null,
    cardPoints: null,
    multiplier: 1,
    scores: minor.map((m) => toUnits(o, m)),
    details,
  };
}
