import { DobbmSolver } from '../dobbm/solver.js';
import { pointsOfCodes, toSuitMasks } from '../dobbm/cards.js';
import { positionSeats } from '../dobbm/seats.js';
import { dobbm, heuristicBot, paymentPerOpponent, type DobbmState } from '../../engine/dobbm/index.js';
import { toUnits } from '../../engine/dobbm/scoring.js';
import type { Rng } from '../../engine/core/rng.js';

/** Search nodes one solve may take (its cost is heavy-tailed); past it the world is rolled out instead. */
const MAX_NODES = 30_000;
const policy = heuristicBot();
let solver: DobbmSolver | undefined;

/**
 * The seat's score in a Dobbm world in the play phase when both sides play the rest double-dummy
 * (the solver, src/solvers/dobbm/solver.ts): the trick under way is finished by the engine's
 * heuristic bot, the solver starts at the next trick. Null when the solver ran out of nodes.
 */
export function exactDobbmScore(state: DobbmState, seat: number, rng: Rng): number | null {
  let s = state;
  while (s.phase === 'play' && s.trick.length > 0) {
    const next = dobbm.apply(s, policy(s, s.turn, rng));
    if (!next.ok) return null;
    s = next.state;
  }
  const o = s.options;
  if (s.phase === 'over') return dobbm.result(s)?.scores[seat] ?? 0;
  const seats = positionSeats(s);
  const solo = s.contract === 'solo';
  const d = (solver ??= new DobbmSolver()).solveWithin(
    {
      hands: seats.map((x) => toSuitMasks(s.hands[x]!)),
      leader: seats.indexOf(s.trickLeader),
      bonusPoints: pointsOfCodes(solo ? s.dobb : (s.discard ?? [])),
      bonusAlwaysCounts: solo && o.zeroTrickTransfer === 'ordinaryOnly',
      pointsSoFar: s.declarerTrickPoints,
      declarerHasTrick: s.declarerTricks > 0,
    },
    MAX_NODES,
  );
  if (d === null) return null;
  // as the engine settles it (result.ts): every other seat pays the declarer, or he pays each
  const amount = toUnits(o, Math.sign(d - 60) * paymentPerOpponent(o, d, solo, s.doublings));
  return seat === s.declarer ? amount * (o.players - 1) : -amount;
}
