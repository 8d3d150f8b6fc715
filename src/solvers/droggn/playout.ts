import type { Rng } from '../../engine/core/rng.js';
import { droggn, heuristicBot, type DroggnState } from '../../engine/droggn/index.js';
import type { DroggnBot, HeuristicProfile } from '../../engine/droggn/bots.js';
import { positionSeats, toPosition } from './position.js';
import { DroggnSolver } from './solver.js';
import type { SampledDeal } from './knowledge.js';

/** The state with the hands and the declarer's hidden pile replaced by a sampled deal. */
export function withDeal(s: DroggnState, deal: SampledDeal): DroggnState {
  const seats = positionSeats(s);
  const hands = s.hands.map((h) => h.slice());
  seats.forEach((seat, p) => (hands[seat] = deal.hands[p]!.slice()));
  const discardGame = s.contract === 'ansager' || s.contract === 'solo';
  return { ...s, hands, ...(discardGame ? { discard: deal.pile.slice() } : { talon: deal.pile.slice() }) };
}

export interface PlayoutResult {
  won: boolean;
  /** The declarer's counted points (null if the play stopped early, e.g. a lost Super Mord). */
  declarerPoints: number | null;
}

/** Hybrid playouts: the bot until `tricks` tricks are left, then the double-dummy solver. */
export interface ExactEndgame {
  tricks: number;
  /** Node budget per solve; over budget, the bot plays on (default 200,000). */
  maxNodes?: number;
  solver?: DroggnSolver;
}

/** The solver answers the win question for ordinary contracts with a numeric threshold only. */
const solverApplies = (s: DroggnState): boolean =>
  s.contract !== 'supermord' && typeof s.options.winThreshold === 'number' && !s.options['gstiess.lastTrickIllegal'];

let sharedSolver: DroggnSolver | undefined;

/**
 * Plays the hand out from `s` (doubling or play phase) with `bot` at all three active seats
 * (default: the engine's `heuristicBot()`), and answers whether the declarer won (
 * docs/rules/droggn.md#scoring, the engine's `result`). With `exact`, the last `exact.tricks` tricks are solved
 * double-dummy instead (where the solver applies; `declarerPoints` is then null).
 */
export function playout(s: DroggnState, rng: Rng, bot: DroggnBot = defaultBot(), exact?: ExactEndgame): PlayoutResult {
  let state = s;
  const useExact = exact !== undefined && exact.tricks > 0 && solverApplies(s);
  let tried = false;
  while (state.phase !== 'over') {
    if (useExact && !tried && state.phase === 'play' && state.trick.length === 0 && 21 - state.tricks.length <= exact.tricks) {
      tried = true;
      const solver = exact.solver ?? (sharedSolver ??= new DroggnSolver());
      const won = solver.reaches(toPosition(state), state.options.winThreshold as number, exact.maxNodes ?? 200_000);
      if (won !== null) return { won, declarerPoints: null };
    }
    const next = droggn.apply(state, bot(state, state.turn, rng));
    if (!next.ok) throw new Error(`playout: ${next.rejection.code} ${next.rejection.message}`);
    state = next.state;
  }
  const r = droggn.result(state)!;
  return { won: r.details!['won'] === true, declarerPoints: state.endReason === 'played' ? (r.cardPoints?.declarer ?? null) : null };
}

let plain: DroggnBot | undefined;
const defaultBot = (): DroggnBot => (plain ??= heuristicBot());
export const playoutBot = (profile?: HeuristicProfile): DroggnBot => (profile ? heuristicBot(profile) : defaultBot());
