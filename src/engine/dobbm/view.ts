import type { Card, HandResult, Viewer } from '../core/types.js';
import type { DobbmAction } from './actions.js';
import { nextActive } from './play.js';
import { legalActions } from './rules.js';
import { result } from './result.js';
import type { Bid, CallWord, Contract, DobbmState, Phase } from './state.js';

/** The cards of a trick with the seat that played each. */
function plays(state: DobbmState, leader: number, cards: readonly string[]): { seat: number; card: string }[] {
  let seat = leader;
  return cards.map((card, i) => {
    if (i > 0) seat = nextActive(state, seat);
    return { seat, card };
  });
}

type Play = { seat: number; card: Card };

/** `GET /hands/{id}` of a Dobbm hand (docs/contract.md#views): the public record, and what the viewer may see besides. */
export type DobbmView = {
  game: 'dobbm';
  phase: Phase;
  dealer: number;
  toAct: number[];
  players: 4 | 5;
  active: number[];
  sittingOut: number | null;
  mussrunde: boolean;
  bids: Bid[];
  declarer: number | null;
  contract: Contract | null;
  defenders: number[];
  calls: { seat: number; call: CallWord }[];
  doublings: number;
  multiplier: number;
  handSizes: number[];
  currentTrick: { leader: number; plays: Play[] };
  tricks: { leader: number; plays: Play[]; winner: number; points: number }[];
  tricksWon: { declarer: number; defenders: number };
  discarded: boolean;
  /** A seat's own. */
  seat?: number;
  hand?: Card[];
  legalActions?: DobbmAction[];
  /** Under `irregularities: penalize`. */
  mayReportIrregularity?: boolean;
  /** The Dobbm declarer's, and everyone's once the hand is over. */
  dobb?: Card[];
  discard?: Card[];
  /** The auditor's: every active hand, `null` for the sitting-out dealer. */
  hands?: (Card[] | null)[];
  irregularity?: { offender: number; reporter: number };
  result?: HandResult | null;
};

/**
 * What `viewer` may see, docs/design.md#hidden-information: a seat sees its own cards, the
 * public record and its legal actions; the Dobb only as the Dobbm declarer who took it, the
 * discard only as the declarer who made it (docs/rules/dobbm.md#discard) — a Solo declarer never sees the
 * Dobb before scoring. After the hand, Dobb and discard are public. An auditor sees all.
 */
export function view(state: DobbmState, viewer: Viewer): DobbmView {
  const over = state.phase === 'over';
  const auditor = viewer.kind === 'auditor';
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const isDeclarer = seat !== null && seat === state.declarer;
  const tricksWon = { declarer: state.declarerTricks, defenders: state.tricks.length - state.declarerTricks };
  const out: DobbmView = {
    game: 'dobbm',
    phase: state.phase,
    dealer: state.dealer,
    toAct: over ? [] : [state.turn],
    players: state.options.players,
    active: state.active.slice(),
    sittingOut: state.options.players === 5 ? state.dealer : null,
    mussrunde: state.mussrunde,
    bids: state.bids.map((b) => ({ ...b })),
    declarer: state.declarer,
    contract: state.contract,
    defenders: state.defenders.slice(),
    calls: state.calls.map((c) => ({ ...c })),
    doublings: state.doublings,
    multiplier: 2 ** state.doublings,
    handSizes: state.hands.map((h) => h.length),
    currentTrick: { leader: state.trickLeader, plays: plays(state, state.trickLeader, state.trick) },
    tricks: state.tricks.map((t) => ({ leader: t.leader, plays: plays(state, t.leader, t.cards), winner: t.winner, points: t.points })),
    tricksWon,
    discarded: state.discard !== null,
  };
  if (seat !== null) {
    out.seat = seat;
    out.hand = state.hands[seat]?.slice() ?? [];
    out.legalActions = legalActions(state, seat);
    if (state.options.irregularities === 'penalize') {
      out.mayReportIrregularity = !over && state.phase !== 'bidding' && state.active.includes(seat);
    }
  }
  if (over || auditor || (isDeclarer && state.contract === 'dobbm')) out.dobb = state.dobb.slice();
  if (state.discard !== null && (over || auditor || isDeclarer)) out.discard = state.discard.slice();
  if (auditor) out.hands = state.hands.map((h, s) => (state.active.includes(s) ? h.slice() : null));
  if (state.irregularity) out.irregularity = { ...state.irregularity };
  if (over) out.result = result(state);
  return out;
}
