import { callEvidence, type CallEvidence, type HandEvidenceOf } from './call-evidence.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { declarerCardPoints, dobbm, paymentPerOpponent, type DobbmOptions, type DobbmState } from '../../engine/dobbm/index.js';
import { replayOrThrow, type HandRecord, type Replayed } from '../../engine/index.js';
import { toUnits } from '../../engine/dobbm/scoring.js';
import { basePayment, pointsOfCodes, toSuitMasks } from '../../solvers/dobbm/cards.js';
import { DobbmSolver } from '../../solvers/dobbm/solver.js';
import { knowledgeOf, sampleDeal, trueDeal, type SampledDeal } from '../../solvers/dobbm/knowledge.js';
import { positionSeats } from '../../solvers/dobbm/seats.js';

export type { CallEvidence };
export type HandEvidence = HandEvidenceOf<'dobbm' | 'solo'>;

export interface EvidenceOptions {
  /** Sampled deals per caller (the caller's information does not change during the doubling). */
  samples: number;
  seed: number;
  /** Margin |D − 60| at which the expected cost values a won or lost game (default 30 points: half a Match). */
  nominalMarginPoints?: number;
  /** Only the defenders' calls (the pair statistics need no more); default false. */
  defendersOnly?: boolean;
  /** Search-node budget per sampled solve (default unlimited); the true deal gets 100 times as much. */
  maxNodesPerSolve?: number;
  solver?: DobbmSolver;
}

const defaultSolver = (): DobbmSolver => (shared ??= new DobbmSolver());
let shared: DobbmSolver | undefined;

/** One hand's evidence, from its record or its replay (engine/core/replay.ts); a record that does not replay throws. */
export function handEvidence(input: HandRecord<'dobbm'> | Replayed<DobbmOptions, DobbmState>, options: EvidenceOptions): HandEvidence {
  const replayed = 'states' in input ? input : replayOrThrow(dobbm, input);
  const { states, actions: taken } = replayed;
  const final = states[states.length - 1]!;
  const solver = options.solver ?? defaultSolver();
  const rng = seededRng(options.seed);
  const declarer = final.declarer;
  if (declarer === null) {
    return { declarer: null, contract: null, defenders: [], declarerWinsTrue: null, declarerPointsPlayed: null, calls: [] };
  }
  const doublingStates = taken.map((a, i) => ({ a, s: states[i]!, i })).filter(({ a }) => a.type === 'double');
  const firstPlayable = doublingStates[0]?.s ?? final;
  const budget = options.maxNodesPerSolve ?? Infinity;
  const winsTrue: boolean | null = winsOn(solver, firstPlayable, trueDeal(firstPlayable), budget * 100);
  const played = final.phase === 'over' ? declarerCardPoints(final) : null;
  const byCaller = new Map<number, WinEstimate>();
  const calls: CallEvidence[] = [];
  for (const { a: action, s, i } of doublingStates) {
    const seat = action.seat;
    const role = seat === declarer ? 'declarer' : 'defender';
    if (role === 'declarer' && options.defendersOnly) continue;
    // No card is played during the doubling: one estimate per caller serves all his calls.
    let est = byCaller.get(seat);
    if (!est) {
      est = winProbabilityFor(solver, s, seat, options.samples, rng, budget);
      byCaller.set(seat, est);
    }
    calls.push(describeCall(s, final, i, seat, action['call'] as CallEvidence['call'], est, winsTrue, played, options));
  }
  return {
    declarer,
    contract: final.contract,
    defenders: positionSeats(firstPlayable).slice(1),
    declarerWinsTrue: winsTrue === null ? null : winsTrue,
    declarerPointsPlayed: played,
    calls,
  };
}

interface WinEstimate {
  p: number;
  n: number;
  unresolved: number;
}

/** The declarer's win probability as `seat` sees it in `state`. */
function winProbabilityFor(
  solver: DobbmSolver,
  state: DobbmState,
  seat: number,
  samples: number,
  rng: Rng,
  maxNodes = Infinity,
): WinEstimate {
  const k = knowledgeOf(state, seat);
  let wins = 0;
  let unresolved = 0;
  for (let j = 0; j < samples; j++) {
    const w = winsOn(solver, state, sampleDeal(k, rng), maxNodes);
    if (w === null) unresolved++;
    else if (w) wins++;
  }
  return { p: samples > 0 ? (wins + unresolved / 2) / samples : 0.5, n: samples, unresolved };
}

/** Double-dummy: does the declarer make 61 on this deal from the state's point of play? `null`: over budget. */
function winsOn(solver: DobbmSolver, state: DobbmState, deal: SampledDeal, maxNodes = Infinity): boolean | null {
  if (state.trick.length > 0) throw new Error('positions inside a trick are not solved (calls come before play)');
  const seats = positionSeats(state);
  const leader = state.phase === 'play' ? seats.indexOf(state.trickLeader) : 0;
  return solver.reachesWithin(
    {
      hands: deal.hands.map(toSuitMasks),
      leader,
      bonusPoints: pointsOfCodes(deal.pile),
      bonusAlwaysCounts: state.contract === 'solo' && state.options.zeroTrickTransfer === 'ordinaryOnly',
      pointsSoFar: state.declarerTrickPoints,
      declarerHasTrick: state.declarerTricks > 0,
    },
    61,
    maxNodes,
  );
}

function describeCall(
  s: DobbmState,
  final: DobbmState,
  actionIndex: number,
  seat: number,
  call: CallEvidence['call'],
  est: WinEstimate,
  winsTrue: boolean | null,
  played: number | null,
  options: EvidenceOptions,
): CallEvidence {
  const o = s.options;
  const solo = s.contract === 'solo';
  const m = 2 ** s.doublings;
  const opponents = o.players === 5 ? 4 : 3;
  // A doubling adds m × c × base to every opponent's payment; valued at the nominal margin.
  const nominal = basePayment(60 + (options.nominalMarginPoints ?? 30), o.stake, o.rounding) * (solo ? 2 : 1) * m;
  let valueToDeclarer = 0;
  if (call !== 'gut' && played !== null && final.doublings > s.doublings) {
    const sign = played > 60 ? 1 : played < 60 ? -1 : 0;
    const extra = paymentPerOpponent(o, played, solo, s.doublings + 1) - paymentPerOpponent(o, played, solo, s.doublings);
    valueToDeclarer = toUnits(o, sign * extra * opponents);
  }
  return callEvidence({ actionIndex, seat, call, state: s, estimate: est, winsTrue, nominal, opponents, valueToDeclarer });
}
