import type { Action, HandResult, Viewer } from '../core/types.js';
import type { DokoAction } from './actions.js';
import { result } from './result.js';
import { legalActions, toAct } from './rules.js';
import { partyOf } from './parties.js';
import type { DokoState, DokoTrick, Party } from './state.js';
import { povertyTrumps } from './reservations.js';

/** A trick outside `review`: who led and who won it, not the cards. */
type ClosedTrick = { leader: number; winner?: number };

/** The contract part of a view: a silent solo (stilles Solo) shows as `normal` to the others. */
type ContractView = {
  contract: DokoState['contract'];
  declarer: number | null;
  compulsory: boolean;
  wedding: { type: DokoState['weddingType']; partner: number | null; trick: number | null; failed: boolean } | null;
  /** Every call once resolved under `revealLosingReservations` (and for the auditor); else a seat's own. */
  contractCalls?: DokoState['contractCalls'];
  poverty?: {
    pauper: number;
    declined: number[];
    acceptor: number | null;
    passedCount: number | null;
    /** Armut (poverty) cards: the pauper's and the acceptor's only. */
    passed: DokoState['hands'][number];
    returned: DokoState['hands'][number];
    trumpsReturned: number | null;
  };
};

/** `GET /hands/{id}` of a Doppelkopf hand (docs/contract.md#views): the public record, and what the viewer may see besides. */
export type DokoView = {
  game: 'doppelkopf';
  phase: DokoState['phase'];
  dealer: number;
  toAct: number[];
  reservations: DokoState['reservations'];
} & ContractView & {
    announcements: DokoState['announcements'];
    piglets: number | null;
    superPiglets: number | null;
    currentTrick: DokoTrick | null;
    tricks: (DokoTrick | ClosedTrick)[];
    tricksWon: number[];
    result: HandResult | null;
    /** A seat's own. */
    seat?: number;
    hand?: DokoState['hands'][number] | undefined;
    party?: Party | null;
    legalActions?: DokoAction[];
    /** The auditor's, and everyone's once the hand is over. */
    hands?: DokoState['hands'];
    dealt?: DokoState['dealt'];
    context?: DokoState['context'];
  };

/**
 * What a viewer may see (docs/design.md#hidden-information): a seat its own hand and legal
 * actions plus the public record; never another hand, a poverty card it was not part of,
 * a silent solo or a losing reservation. Once the hand is over, everything.
 */
export function view(s: DokoState, viewer: Viewer): DokoView {
  const all = viewer.kind === 'auditor' || s.phase === 'over';
  const me = viewer.kind === 'seat' ? viewer.seat : null;
  const out: DokoView = {
    game: 'doppelkopf',
    phase: s.phase,
    dealer: s.dealer,
    toAct: toAct(s),
    reservations: s.reservations,
    ...contractView(s, all, me),
    announcements: s.announcements,
    piglets: s.piglets,
    superPiglets: s.superPiglets,
    currentTrick: s.current,
    tricks: s.tricks.map((t, i) => (all || reviewable(s, t, i, me) ? t : { leader: t.leader, winner: t.winner })),
    tricksWon: s.hands.map((_, seat) => s.tricks.filter((t) => t.winner === seat).length),
    result: result(s),
  };
  if (me !== null) {
    out.seat = me;
    out.hand = s.hands[me];
    out.party = ownParty(s, me);
    out.legalActions = legalActions(s, me);
  }
  if (all) {
    out.hands = s.hands;
    out.dealt = s.dealt;
    out.context = s.context;
  }
  return out;
}

/** The party a seat knows it is in: from its own cards, contract and the wedding so far. */
function ownParty(s: DokoState, seat: number): Party | null {
  if (s.contract === null || s.hands[seat] === null) return null;
  if (s.contract === 'hochzeit' && s.weddingPartner === null && !s.weddingFailed && seat !== s.declarer) return null;
  return partyOf(s, seat);
}

/** docs/rules/doppelkopf.md#play `review`: the last trick (default), none, or also the tricks one won oneself. */
function reviewable(s: DokoState, t: DokoTrick, i: number, me: number | null): boolean {
  const review = s.options.review;
  if (review === 'none') return false;
  if (i === s.tricks.length - 1) return true;
  return review === 'ownSide' && me !== null && t.winner === me;
}

function contractView(s: DokoState, all: boolean, me: number | null): ContractView {
  const silentHidden = s.contract === 'silent-solo' && !all && me !== s.declarer;
  const out: ContractView = {
    contract: silentHidden ? (s.contract ? 'normal' : null) : s.contract,
    declarer: silentHidden ? null : s.declarer,
    compulsory: s.compulsory,
    wedding:
      s.contract === 'hochzeit' ? { type: s.weddingType, partner: s.weddingPartner, trick: s.weddingTrick, failed: s.weddingFailed } : null,
  };
  const resolved = s.contract !== null || s.phase === 'over';
  if (all || (resolved && s.options.revealLosingReservations)) out.contractCalls = s.contractCalls;
  else if (me !== null) out.contractCalls = s.contractCalls.filter((c) => c.seat === me);
  if (s.poverty) {
    const p = s.poverty;
    const party = all || me === p.pauper || me === p.acceptor;
    out.poverty = {
      pauper: p.pauper,
      declined: p.declined,
      acceptor: p.acceptor,
      passedCount: p.passed?.length ?? null,
      passed: party ? p.passed : null,
      returned: party ? p.returned : null,
      trumpsReturned: p.returned && s.options['poverty.announceTrumpsReturned'] ? povertyTrumps(s, p.returned).length : null,
    };
  }
  return out;
}

/**
 * An accepted action as `viewer` may see it in the event log: a losing reservation's contract
 * stays private (unless `revealLosingReservations`), poverty cards are seen only by the pauper
 * and the acceptor; after the hand, and for the auditor, everything. Hidden fields are
 * replaced by `hidden: [names]` as core's default does.
 */
export function redactAction(action: Action, viewer: Viewer, s: DokoState): Action {
  if (s.phase === 'over' || viewer.kind === 'auditor') return action;
  const me = viewer.kind === 'seat' ? viewer.seat : null;
  if (me === action.seat) return action;
  let hidden: string[] = [];
  if (action.type === 'contract') {
    const resolved = s.phase !== 'contracts';
    const winner = s.contract === 'armut' ? s.poverty?.pauper : s.declarer;
    if (!resolved || (action.seat !== winner && !s.options.revealLosingReservations)) hidden = ['contract', 'wedding'];
  }
  if (
    (action.type === 'poverty' || action.type === 'poverty-return') &&
    !(me !== null && (me === s.poverty?.pauper || me === s.poverty?.acceptor))
  )
    hidden = ['cards'];
  hidden = hidden.filter((f) => f in action);
  if (hidden.length === 0) return action;
  const copy: Action = { ...action, hidden };
  for (const f of hidden) delete copy[f];
  return copy;
}
