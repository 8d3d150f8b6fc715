import type { Viewer } from '../core/types.js';
import { nextActive } from './play.js';
import { legalActions } from './rules.js';
import { result } from './result.js';
import type { DobbmState } from './state.js';

/** The cards of a trick with the seat that played each. */
function plays(state: DobbmState, leader: number, cards: readonly string[]): { seat: number; card: string }[] {
  let seat = leader;
  return cards.map((card, i) => {
    if (i > 0) seat = nextActive(state, seat);
    return { seat, card };
  });
}

/**
 * What `viewer` may see, DESIGN.md "Hidden information": a seat sees its own cards, the
 * public record and its legal actions; the Dobb only as the Dobbm declarer who took it, the
 * discard only as the declarer who made it (RULES.md §1.7) — a Solo declarer never sees the
 * Dobb before scoring. After the hand, Dobb and discard are public. An auditor sees all.
 */
export function view(state: DobbmState, viewer: Viewer): Record<string, unknown> {
  const over = state.phase === 'over';
  const auditor = viewer.kind === 'auditor';
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const isDeclarer = seat !== null && seat === state.declarer;
  const tricksWon = { declarer: state.declarerTricks, defenders: state.tricks.length - state.declarerTricks };
  const out: Record<string, unknown> = {
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
    out['seat'] = seat;
    out['hand'] = state.hands[seat]?.slice() ?? [];
    out['legalActions'] = legalActions(state, seat);
    if (state.options.irregularities === 'penalize') {
      out['mayReportIrregularity'] = !over && state.phase !== 'bidding' && state.active.includes(seat);
    }
  }
  if (over || auditor || (isDeclarer && state.contract === 'dobbm')) out['dobb'] = state.dobb.slice();
  if (state.discard !== null && (over || auditor || isDeclarer)) out['discard'] = state.discard.slice();
  if (auditor) out['hands'] = state.hands.map((h, s) => (state.active.includes(s) ? h.slice() : null));
  if (state.irregularity) out['irregularity'] = { ...state.irregularity };
  if (over) out['result'] = result(state);
  return out;
}
