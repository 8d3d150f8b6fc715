import { seededRng, type Rng } from '../../engine/core/rng.js';
import type { DroggnState } from '../../engine/droggn/index.js';
import type { DroggnBot } from '../../engine/droggn/bots.js';
import { MORD_LAYOUT_VALUE, MORD_VALUE } from '../../engine/droggn/scoring.js';
import { BASE_VALUE, type Contract } from '../../engine/droggn/state.js';
import { droggn } from '../../engine/droggn/index.js';
import type { HandEvidence as PairHandEvidence } from '../dobbm/evidence.js';
import { knowledgeOf, sampleDeal, trueDeal, type SampledDeal } from './knowledge.js';
import { playout, playoutBot, withDeal, type ExactEndgame } from './playout.js';
import { positionSeats } from './position.js';
import { replayRecord, type DroggnHandRecord, type Replayed } from './replay.js';

/**
 * Evidence for every doubling call of a Droggn hand (RULES.md §3.8, Dobbm §1.8 with two
 * defenders), in the shape of the Dobbm evidence (`../dobbm/evidence.ts`). The declarer's
 * chances are estimated by **playouts of the engine's heuristic bot** at all three seats on
 * deals sampled from the caller's information — exact solving of 21 tricks is out of reach
 * (docs/audit-droggn.md). "Win" is the engine's `won` (§3.11; a Super Mord: all tricks).
 */
export interface CallEvidence {
  actionIndex: number;
  seat: number;
  role: 'declarer' | 'defender';
  call: 'gut' | 'schwacher' | 'retour';
  doubles: boolean;
  step: 'schwacher' | 'declarer' | 'retour';
  /** `2^k` before the call. */
  multiplierBefore: number;
  /** Declarer's win probability from the caller's information (sampled deals, bot playouts). */
  winProbabilityCaller: number;
  samples: number;
  /** Always 0 (a playout never runs out of budget); kept for the Dobbm shape. */
  unresolved: number;
  /** 1 or 0: the bot playout on the true deal. */
  winTrue: number;
  /**
   * Expected money (minor units) the call costs the caller against the other word, from his
   * information: a double adds `m × G` to the declarer's paper score (§3.11–§3.12), valued at a
   * nominal game `G = B + margin` (Super Mord: the doubled part of V), `(2p − 1)` × that per
   * defender, `(n − 1)` × that for the declarer. Myopic: later calls are not looked ahead to.
   */
  expectedCostToCaller: number;
  /** Money (minor units) the call added to the declarer's settlement in the hand as played (0 for Gut). */
  valueToDeclarer: number;
}

export interface HandEvidence {
  declarer: number | null;
  contract: Contract | null;
  /** D1, D2: the defenders in order of play. */
  defenders: number[];
  /** The bot playout on the true deal from the first call (null: thrown in). */
  declarerWinsTrue: boolean | null;
  /** `D` as played (null: not finished, thrown in, or a Super Mord stopped early). */
  declarerPointsPlayed: number | null;
  calls: CallEvidence[];
}

export interface EvidenceOptions {
  /** Sampled deals per caller, one playout each (the bot plays deterministically). */
  samples: number;
  seed: number;
  /** Margin beyond the base value at which the expected cost values a game (default 10 points). */
  nominalMarginPoints?: number;
  /** Only the defenders' calls (the pair statistics need no more); default false. */
  defendersOnly?: boolean;
  /** The playout bot for all three seats (default `heuristicBot()`). */
  bot?: DroggnBot;
  /** Hybrid: solve the last tricks double-dummy instead of playing them (default: pure playouts). */
  exact?: ExactEndgame;
}

export function handEvidence(input: DroggnHandRecord | Replayed, options: EvidenceOptions): HandEvidence {
  const replayed = 'before' in input ? input : replayRecord(input);
  const { before, final, actions } = replayed;
  const declarer = final.declarer;
  if (declarer === null || final.endReason === 'thrownIn') {
    return { declarer: null, contract: null, defenders: [], declarerWinsTrue: null, declarerPointsPlayed: null, calls: [] };
  }
  const rng = seededRng(options.seed);
  const bot = options.bot ?? playoutBot();
  const doubling = before.map((s, i) => ({ s, i })).filter(({ i }) => actions[i]!.type === 'double');
  const first = doubling[0]?.s;
  const winsTrue = first ? playout(first, rng, bot, options.exact).won : null;
  const result = final.phase === 'over' ? droggn.result(final) : null;
  const played = result && final.endReason === 'played' ? result.cardPoints?.declarer ?? null : null;
  const byCaller = new Map<number, WinEstimate>();
  const calls: CallEvidence[] = [];
  for (const { s, i } of doubling) {
    const action = actions[i]!;
    const seat = action.seat;
    const role = seat === declarer ? 'declarer' : 'defender';
    if (role === 'declarer' && options.defendersOnly) continue;
    // No card is played during the doubling: one estimate per caller serves all his calls.
    let est = byCaller.get(seat);
    if (!est) {
      est = winProbabilityFor(s, seat, options.samples, rng, bot, options.exact);
      byCaller.set(seat, est);
    }
    calls.push(describeCall(s, final, i, seat, action['call'] as CallEvidence['call'], est, winsTrue, options));
  }
  return {
    declarer,
    contract: final.contract,
    defenders: positionSeats(final).slice(1),
    declarerWinsTrue: winsTrue,
    declarerPointsPlayed: played,
    calls,
  };
}

export interface WinEstimate {
  p: number;
  n: number;
}

/** The declarer's win probability as `seat` sees it in `state`, by bot playouts on sampled deals. */
export function winProbabilityFor(state: DroggnState, seat: number, samples: number, rng: Rng, bot: DroggnBot = playoutBot(), exact?: ExactEndgame): WinEstimate {
  const k = knowledgeOf(state, seat);
  let wins = 0;
  for (let j = 0; j < samples; j++) if (winsOn(state, sampleDeal(k, rng), rng, bot, exact)) wins++;
  return { p: samples > 0 ? wins / samples : 0.5, n: samples };
}

/** One bot playout from `state` on `deal`. */
export function winsOn(state: DroggnState, deal: SampledDeal, rng: Rng, bot: DroggnBot = playoutBot(), exact?: ExactEndgame): boolean {
  return playout(withDeal(state, deal), rng, bot, exact).won;
}

export { trueDeal };

/** The part of the declarer's paper score that doubling multiplies, at m = 1 (per unit of m). */
export function doubledPart(final: DroggnState): number | null {
  const r = droggn.result(final);
  if (!r || r.status !== 'finished' || final.endReason === 'irregularity') return null;
  const d = r.details!;
  const m = r.multiplier;
  if (final.contract === 'supermord') {
    const v = d['mordValue'] as number;
    const part = final.options['mord.doubling'] === 'whole' ? v : v - 50;
    return d['won'] ? part : -part;
  }
  const items = d['pagatItems'] as { item: string; side: string; points: number }[];
  const laid = items.filter((it) => it.item === 'laidOut').reduce((a, it) => a + (it.side === 'declarer' ? it.points : -it.points), 0);
  return (d['gameValue'] as number) + laid / m;
}

function nominalGame(s: DroggnState, margin: number): number {
  if (s.contract === 'supermord') {
    const v = s.layouts.some((l) => l.seat === s.declarer) ? MORD_LAYOUT_VALUE : MORD_VALUE;
    return s.options['mord.doubling'] === 'whole' ? v : v - 50;
  }
  return BASE_VALUE[s.contract as keyof typeof BASE_VALUE] + margin;
}

function describeCall(
  s: DroggnState,
  final: DroggnState,
  actionIndex: number,
  seat: number,
  call: CallEvidence['call'],
  est: WinEstimate,
  winsTrue: boolean | null,
  options: EvidenceOptions,
): CallEvidence {
  const o = s.options;
  const m = 2 ** s.doublings;
  const others = o.players - 1;
  const doubles = call !== 'gut';
  const role = seat === s.declarer ? 'declarer' : 'defender';
  const nominal = nominalGame(s, options.nominalMarginPoints ?? 10) * m * o.stake;
  const edge = 2 * est.p - 1;
  const costOfDouble = role === 'defender' ? nominal * edge : -nominal * edge * others;
  let valueToDeclarer = 0;
  const part = doubledPart(final);
  if (doubles && part !== null && final.doublings > s.doublings) valueToDeclarer = part * m * others * o.stake;
  return {
    actionIndex,
    seat,
    role,
    call,
    doubles,
    step: s.doublingStep ?? 'schwacher',
    multiplierBefore: m,
    winProbabilityCaller: est.p,
    samples: est.n,
    unresolved: 0,
    winTrue: winsTrue === null ? 0.5 : winsTrue ? 1 : 0,
    expectedCostToCaller: round2(doubles ? costOfDouble : -costOfDouble),
    valueToDeclarer: round2(valueToDeclarer),
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100 || 0;

/**
 * The evidence as `pairStatistics` (src/analysis/collusion/pairs.ts) takes it. The statistics
 * read only the declarer, the defenders and the calls; its parameter type is the Dobbm evidence, whose
 * `contract` names Dobbm contracts, so the Droggn contract is dropped here (it is not used).
 */
export function forPairStatistics(ev: HandEvidence): PairHandEvidence {
  return { ...ev, contract: null };
}
