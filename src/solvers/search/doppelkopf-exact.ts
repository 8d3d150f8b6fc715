import { DokoSolver, MAX_DDS_TRICKS, type DokoDdsPosition } from '../doppelkopf/solver.js';
import { doppelkopf, type DokoState } from '../../engine/doppelkopf/index.js';
import { heuristicBot } from '../../engine/doppelkopf/bots.js';
import { cardPoints } from '../../engine/doppelkopf/cards.js';
import { active, partyOf, partySeats, stateTrumps } from '../../engine/doppelkopf/parties.js';
import { valueInput } from '../../engine/doppelkopf/result.js';
import { gameValue, playerScores } from '../../engine/doppelkopf/scoring.js';
import type { Rng } from '../../engine/core/rng.js';

/** Search nodes one solve may take; past it the world is rolled out instead. */
const MAX_NODES = 60_000;
/** Steps that finish the trick under way (four cards, and announcements the policy may make). */
const MAX_FINISH_STEPS = 12;
const policy = heuristicBot();
let solver: DokoSolver | undefined;

/**
 * The seat's score in a Doppelkopf world in the play phase when both parties play the last
 * `tricks` tricks double-dummy (src/solvers/doppelkopf/solver.ts): the trick under way is finished
 * by the engine's heuristic bot, the solver gives Re's card points in the rest, and the engine's
 * own scoring turns them into the seat's score with the announcements made and the extra points
 * of the tricks already taken. Extra points still to come (a fox, Karlchen, a Doppelkopf) are not
 * in the solver's value, and a party that takes no card points in the rest counts no trick there.
 * Null where the solver does not apply: more tricks left, the partner of a wedding still unknown,
 * piglets (promoted cards), or the solver ran out of nodes.
 */
export function exactDoppelkopfScore(state: DokoState, seat: number, rng: Rng, tricks: number): number | null {
  let s = state;
  for (let step = 0; s.phase === 'play' && s.current !== null && s.current.plays.length > 0; step++) {
    if (step > MAX_FINISH_STEPS) return null;
    const next = doppelkopf.apply(s, policy(s, doppelkopf.toAct(s)[0]!, rng));
    if (!next.ok) return null;
    s = next.state;
  }
  if (s.phase === 'over') return doppelkopf.result(s)?.scores[seat] ?? 0;
  const position = endgamePosition(s, tricks);
  if (position === null) return null;
  const reRest = (solver ??= new DokoSolver()).solveWithin(position, MAX_NODES);
  if (reRest === null) return null;
  const order = active(s);
  const rest = order.reduce((a, x) => a + s.hands[x]!.reduce((b, c) => b + cardPoints(c), 0), 0);
  const v = valueInput(s);
  v.cardPoints.re += reRest;
  v.cardPoints.kontra += rest - reRest;
  if (reRest > 0) v.tricks.re += 1;
  if (rest - reRest > 0) v.tricks.kontra += 1;
  return playerScores(s.options.players, partySeats(s), gameValue(v).vRe)[seat]!;
}

/** The solver's position at a trick boundary of the play phase with at most `tricks` tricks left; null where it does not apply. */
export function endgamePosition(s: DokoState, tricks: number): DokoDdsPosition | null {
  const order = active(s);
  if (s.phase !== 'play' || s.current === null || s.current.plays.length > 0) return null;
  if (s.hands[order[0]!]!.length > Math.min(tricks, MAX_DDS_TRICKS) || s.piglets !== null || s.superPiglets !== null) return null;
  if (s.contract === 'hochzeit' && s.weddingPartner === null && !s.weddingFailed) return null;
  return {
    hands: order.map((x) => s.hands[x]!),
    re: order.map((x) => partyOf(s, x) === 're'),
    leader: order.indexOf(s.current.leader),
    trumps: stateTrumps(s),
    dullen: s.options.dullen,
  };
}
