import type { Rng } from '../../engine/core/rng.js';
import type { Action } from '../../engine/core/types.js';
import type { DoublingStep } from '../../engine/core/doubling.js';
import type { Collusion } from './habits.js';

/** What the colluding behaviour reads of a state: the doubling dialogue both games share (core/doubling). */
export interface DoublingTable {
  readonly phase: string;
  readonly declarer: number | null;
  readonly defenders: readonly number[];
  readonly doublingStep: DoublingStep | null;
  readonly doublings: number;
}

/** A seat's bot in the simulator; `history`, the hand's actions so far, is for bots that decide from a seat's view and event log. */
export type SeatBot<S, A extends Action = Action> = (state: S, seat: number, rng: Rng, history?: readonly Action[]) => A;

/** The doubling call a colluding player makes. */
type CollusiveCall = { seat: number; type: 'double'; call: 'schwacher' | 'retour' };

/**
 * A colluding player: honest by his habit, except in the doubling of a hand his partner
 * declares with a strong hand (he sees it through their secret signals), where — when acting —
 * the defender gives Schwacher and Retour and the declarer answers with Retour, up to the cap.
 * `isStrong(state, declarer)` is the game's test of the declarer's hand.
 */
export function colludeInDoubling<S extends DoublingTable, A extends Action>(
  honest: SeatBot<S, A>,
  collusion: Collusion,
  isStrong: (state: S, declarer: number) => boolean,
): SeatBot<S, A | CollusiveCall> {
  return (state: S, seat: number, rng: Rng, history?: readonly Action[]) => {
    if (state.phase !== 'doubling' || !collusion.acting) return honest(state, seat, rng, history);
    const declarer = state.declarer!;
    const partnerDeclares = declarer === collusion.partnerSeat;
    const iDeclareWithPartnerDefending = declarer === seat && state.defenders.includes(collusion.partnerSeat);
    if (!partnerDeclares && !iDeclareWithPartnerDefending) return honest(state, seat, rng, history);
    const strong = partnerDeclares ? isStrong(state, declarer) : isStrong(state, seat);
    if (!strong || state.doublings >= collusion.cap) return honest(state, seat, rng, history);
    const word = state.doublingStep === 'schwacher' ? 'schwacher' : 'retour';
    // The declarer only answers once his partner has started the chain.
    if (seat === declarer && state.doublings === 0) return honest(state, seat, rng, history);
    return { seat, type: 'double', call: word };
  };
}
