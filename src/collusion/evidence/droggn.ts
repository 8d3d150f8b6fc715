import { callEvidence, round2, type CallEvidence, type HandEvidenceOf } from './call-evidence.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import type { DroggnState } from '../../engine/droggn/index.js';
import type { DroggnBot } from '../../engine/droggn/bots.js';
import { MORD_LAYOUT_VALUE, MORD_VALUE } from '../../engine/droggn/scoring.js';
import { BASE_VALUE, type Contract } from '../../engine/droggn/state.js';
import { droggn } from '../../engine/droggn/index.js';
import { knowledgeOf, sampleDeal, type SampledDeal } from '../../solvers/droggn/knowledge.js';
import { playout, playoutBot, withDeal, type ExactEndgame } from '../../solvers/droggn/playout.js';
import { positionSeats } from '../../solvers/droggn/position.js';
import { replayOrThrow, type HandRecord, type Replayed } from '../../engine/index.js';
import type { DroggnOptions } from '../../engine/droggn/options.js';

export type HandEvidence = HandEvidenceOf<Contract>;

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
  /** Also the declarer's own estimate (`declarerWinProbability`), even when he made no call; default false. */
  declarerEstimate?: boolean;
}

/** One hand's evidence, from its record or its replay (engine/core/replay.ts); a record that does not replay throws. */
export function handEvidence(input: HandRecord<'droggn'> | Replayed<DroggnOptions, DroggnState>, options: EvidenceOptions): HandEvidence {
  const replayed = 'states' in input ? input : replayOrThrow(droggn, input);
  const { states, actions } = replayed;
  const final = states[states.length - 1]!;
  const declarer = final.declarer;
  if (declarer === null || final.endReason === 'thrownIn') {
    return { declarer: null, contract: null, defenders: [], declarerWinsTrue: null, declarerPointsPlayed: null, calls: [] };
  }
  const rng = seededRng(options.seed);
  const bot = options.bot ?? playoutBot();
  const doubling = actions.map((a, i) => ({ s: states[i]!, i })).filter(({ i }) => actions[i]!.type === 'double');
  const first = doubling[0]?.s;
  const winsTrue = first ? playout(first, rng, bot, options.exact).won : null;
  const result = final.phase === 'over' ? droggn.result(final) : null;
  const played = result && final.endReason === 'played' ? (result.cardPoints?.declarer ?? null) : null;
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
  // Drawn after the callers' estimates, so that theirs are the same with or without it.
  const own =
    options.declarerEstimate && first
      ? {
          declarerWinProbability: (byCaller.get(declarer) ?? winProbabilityFor(first, declarer, options.samples, rng, bot, options.exact))
            .p,
        }
      : {};
  return {
    declarer,
    contract: final.contract,
    defenders: positionSeats(final).slice(1),
    declarerWinsTrue: winsTrue,
    declarerPointsPlayed: played,
    ...own,
    calls,
  };
}

export interface WinEstimate {
  p: number;
  n: number;
}

/** The declarer's win probability as `seat` sees it in `state`, by bot playouts on sampled deals. */
export function winProbabilityFor(
  state: DroggnState,
  seat: number,
  samples: number,
  rng: Rng,
  bot: DroggnBot = playoutBot(),
  exact?: ExactEndgame,
): WinEstimate {
  const k = knowledgeOf(state, seat);
  let wins = 0;
  for (let j = 0; j < samples; j++) if (winsOn(state, sampleDeal(k, rng), rng, bot, exact)) wins++;
  return { p: samples > 0 ? wins / samples : 0.5, n: samples };
}

/** One bot playout from `state` on `deal`. */
function winsOn(state: DroggnState, deal: SampledDeal, rng: Rng, bot: DroggnBot = playoutBot(), exact?: ExactEndgame): boolean {
  return playout(withDeal(state, deal), rng, bot, exact).won;
}

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
  const nominal = nominalGame(s, options.nominalMarginPoints ?? 10) * m * o.stake;
  let valueToDeclarer = 0;
  const part = doubledPart(final);
  if (call !== 'gut' && part !== null && final.doublings > s.doublings) valueToDeclarer = part * m * others * o.stake;
  const facts = { actionIndex, seat, call, state: s, estimate: est, winsTrue, nominal, opponents: others };
  return callEvidence({ ...facts, valueToDeclarer: round2(valueToDeclarer) });
}
