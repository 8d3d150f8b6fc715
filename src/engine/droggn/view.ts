import type { Action, Card, HandResult, Viewer } from '../core/types.js';
import type { DroggnAction } from './actions.js';
import { legalActions } from './rules.js';
import { piles } from './scoring.js';
import { result } from './result.js';
import type { DroggnState } from './state.js';

/** A bought card as a viewer outside the purchase sees it: without the card given back. */
type PublicBuy = NonNullable<DroggnState['buy']> | { kind: 'bought'; card: Card; from: number };

/** `GET /hands/{id}` of a Droggn hand (docs/contract.md#views): the public record, and what the viewer may see besides. */
export type DroggnView = {
  game: 'droggn';
  phase: DroggnState['phase'];
  dealer: number;
  activeSeats: DroggnState['active'];
  toAct: number[];
  bids: DroggnState['bids'];
  declarer: number | null;
  contract: DroggnState['contract'];
  defenders: DroggnState['defenders'];
  handSizes: number[];
  /** The declarer's once picked up, everybody's when exposed, and once the hand is over. */
  talon: DroggnState['talon'] | null;
  discard: DroggnState['discard'];
  buy: PublicBuy | null;
  layouts: DroggnState['layouts'];
  calls: DroggnState['calls'];
  multiplier: number;
  trick: { leader: number; plays: DroggnState['trick'] };
  tricks: DroggnState['tricks'];
  tricksWon: { declarer: number; defenders: number };
  result: HandResult | null;
  ultimoClaim?: true;
  irregularity?: NonNullable<DroggnState['irregularity']>;
  /** The auditor's, and everyone's once the hand is over. */
  hands?: DroggnState['hands'];
  dealtHands?: DroggnState['dealtHands'];
  piles?: ReturnType<typeof piles> | null;
  /** A seat's own. */
  seat?: number;
  hand?: readonly Card[];
  legalActions?: DroggnAction[];
};

/** Whether the talon is face up for everybody: `talon.expose = ansagerOnly` in an Ansager (docs/rules/droggn.md#exchange). */
const talonExposed = (s: DroggnState): boolean => s.contract === 'ansager' && s.options['talon.expose'] === 'ansagerOnly';

/**
 * What `viewer` may see (docs/design.md#hidden-information): a seat its own cards, the talon once
 * it picked it up as declarer, its own discard and the card it gave or received when buying;
 * everybody the public record; after the hand, or as auditor, everything.
 */
export function view(s: DroggnState, viewer: Viewer): DroggnView {
  const all = s.phase === 'over' || viewer.kind === 'auditor';
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const isDeclarer = seat !== null && seat === s.declarer;
  const pickedUp = s.contract === 'ansager' || s.contract === 'solo';
  const view: DroggnView = {
    game: 'droggn',
    phase: s.phase,
    dealer: s.dealer,
    activeSeats: s.active,
    toAct: s.turn >= 0 ? [s.turn] : [],
    bids: s.bids,
    declarer: s.declarer,
    contract: s.contract,
    defenders: s.defenders,
    handSizes: s.hands.map((h) => h.length),
    talon: all || talonExposed(s) || (isDeclarer && pickedUp) ? s.talon : null,
    discard: all || (isDeclarer && s.discard !== null) ? s.discard : null,
    buy: publicBuy(s, all ? null : seat, all),
    layouts: s.layouts,
    calls: s.calls,
    multiplier: 2 ** s.doublings,
    trick: { leader: s.trickLeader, plays: s.trick },
    tricks: s.tricks,
    tricksWon: {
      declarer: s.tricks.filter((t) => t.winner === s.declarer).length,
      defenders: s.tricks.filter((t) => t.winner !== s.declarer).length,
    },
    result: result(s),
  };
  if (s.ultimoClaim) view.ultimoClaim = true;
  if (s.irregularity) view.irregularity = s.irregularity;
  if (all) {
    view.hands = s.hands;
    view.dealtHands = s.dealtHands;
    view.piles = s.declarer === null ? null : piles(s);
  }
  if (seat !== null) {
    view.seat = seat;
    view.hand = s.hands[seat] ?? [];
    view.legalActions = legalActions(s, seat);
  }
  return view;
}

/** The bought card and its giver are public; the card given back only to the two involved. */
function publicBuy(s: DroggnState, seat: number | null, all: boolean): PublicBuy | null {
  const b = s.buy;
  if (b === null || b.kind !== 'bought' || all) return b;
  const involved = seat === s.declarer || seat === b.from;
  return involved ? { ...b } : { kind: b.kind, card: b.card, from: b.from };
}

/**
 * An accepted action as `viewer` may see it in the event log: the discard only for the
 * declarer, the card given for a bought one only for the declarer and the seller; everything
 * once the hand is over.
 */
export function redactAction(action: Action, viewer: Viewer, current: DroggnState): Action {
  if (current.phase === 'over' || viewer.kind === 'auditor') return action;
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  if (action.type === 'discard' && seat !== action.seat) {
    const { cards: _hidden, ...rest } = action;
    return { ...rest, hidden: ['cards'] };
  }
  if (action.type === 'buy' && action.card !== null) {
    const from = current.buy?.kind === 'bought' ? current.buy.from : null;
    if (seat !== action.seat && seat !== from) {
      const { give: _hidden, ...rest } = action;
      return { ...rest, hidden: ['give'] };
    }
  }
  return action;
}
