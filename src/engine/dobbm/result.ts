import type { HandResult } from '../core/types.js';
import { declarerResult, thrownInResult } from '../core/result.js';
import { left } from '../core/seats.js';
import { pointsOf } from './cards.js';
import { declarerCardPoints, paymentPerOpponent, penaltyAmount, stockerlAmount, toUnits } from './scoring.js';
import type { DobbmState } from './state.js';

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
    // docs/rules/dobbm.md#irregularities: the offender's side pays half a Match in the current game.
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
  return declarerResult({
    declarer,
    contract: state.contract,
    parties,
    points: d,
    total: 120,
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
  });
}

/**
 * All passed, docs/rules/dobbm.md#dealer/docs/rules/dobbm.md#stockerl: with five players the deal passes to `left(dealer)`, who
 * receives a Stockerl from each of the four others (docs/rules/dobbm.md#decision-12); with four nothing is paid.
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
  return thrownInResult(
    minor.map((m) => toUnits(o, m)),
    details,
  );
}
