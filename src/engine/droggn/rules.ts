import { removeCards } from '../core/cards.js';
import { Codes, accept, reject } from '../core/rejections.js';
import { activeOrder } from '../core/seats.js';
import type { Applied, Card } from '../core/types.js';
import { afterCall, firstDoublingPosition, openCallsOf } from '../core/doubling.js';
import { DECK, GSTIESS, MOND, PAGAT, isCard, isKing, isTrump } from './cards.js';
import { parseAction, type DroggnAction } from './actions.js';
import { legalCards, trickWinner, whyIllegal } from './play.js';
import { DroggnCodes } from './codes.js';
import { CONTRACTS, copyState, withChanges, type BidWord, type CallWord, type Contract, type DroggnState } from './state.js';

/** The action type each phase accepts. */
const PHASE_ACTION: Record<string, DroggnAction['type']> = {
  bidding: 'bid',
  discard: 'discard',
  buy: 'buy',
  ready: 'ready',
  layout: 'layout',
  doubling: 'double',
  play: 'play',
};

const isActive = (s: DroggnState, seat: number): boolean => s.active.includes(seat);
const setHand = (hands: readonly (readonly Card[])[], seat: number, hand: readonly Card[]): (readonly Card[])[] => {
  const copy = hands.slice();
  copy[seat] = hand;
  return copy;
};
const over = (s: DroggnState, patch: Partial<DroggnState>): DroggnState => Object.assign(copyState(s), patch, { phase: 'over', turn: -1 });

export function apply(s: DroggnState, raw: DroggnAction): Applied<DroggnState> {
  // apply is also fed from hand records and bots: a malformed action never reaches the rules.
  const parsed = parseAction(raw);
  if (!parsed.ok) return parsed;
  const a = parsed.action;
  if (s.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  if (a.type === 'irregularity') return reportIrregularity(s, a.seat, a.offender);
  const expected = PHASE_ACTION[s.phase];
  if (a.type !== expected) return reject(Codes.WRONG_PHASE, `phase ${s.phase} expects a ${expected} action`);
  if (a.seat !== s.turn) return reject(Codes.NOT_YOUR_TURN, `seat ${s.turn} is to act`);
  // The phase admits exactly this type (checked above): the switch on the type is the switch on the phase.
  switch (a.type) {
    case 'bid':
      return bid(s, a.bid);
    case 'discard':
      return discard(s, a.cards);
    case 'buy':
      return buy(s, a.card, a.give);
    case 'ready':
      return ready(s, a.layout);
    case 'layout':
      return layout(s, a.card);
    case 'double':
      return double(s, a.call);
    case 'play':
      return play(s, a.card);
  }
}

/** The highest contract bid so far, or null. */
export function highestBid(s: DroggnState): { seat: number; contract: Contract } | null {
  let best: { seat: number; contract: Contract } | null = null;
  for (const b of s.bids) {
    if (b.bid !== 'pass' && (best === null || CONTRACTS.indexOf(b.bid) > CONTRACTS.indexOf(best.contract)))
      best = { seat: b.seat, contract: b.bid };
  }
  return best;
}

/** docs/rules/droggn.md#bidding: once each, strictly higher; all pass → thrown in (same dealer, docs/rules/droggn.md#deal). */
function bid(s: DroggnState, word: BidWord): Applied<DroggnState> {
  const best = highestBid(s);
  if (word !== 'pass' && best !== null && CONTRACTS.indexOf(word) <= CONTRACTS.indexOf(best.contract)) {
    return reject(Codes.BID_NOT_HIGHER, `a bid must be higher than ${best.contract}`);
  }
  const bids = [...s.bids, { seat: s.turn, bid: word }];
  if (bids.length < 3) return accept(withChanges(s, { bids, turn: s.active[bids.length]! }));
  const done = withChanges(s, { bids });
  const top = highestBid(done);
  if (top === null) return accept(over(done, { endReason: 'thrownIn' }));
  const { seat: declarer, contract } = top;
  const n = s.options.players;
  const defenders = activeOrder(declarer, n, (x) => isActive(s, x) && x !== declarer);
  const base = withChanges(done, { declarer, contract, defenders, turn: declarer });
  if (contract === 'ansager' || contract === 'solo') {
    // docs/rules/droggn.md#exchange: the declarer picks up the talon (24 cards) and discards three.
    return accept(withChanges(base, { phase: 'discard', hands: setHand(s.hands, declarer, [...s.hands[declarer]!, ...s.talon]) }));
  }
  return accept(withChanges(base, { phase: 'ready' }));
}

/** Why a discard of three is not allowed (docs/rules/droggn.md#exchange), or null. */
export function discardProblem(s: DroggnState, cards: readonly Card[]): { code: string; message: string } | null {
  if (cards.length !== 3) return { code: Codes.WRONG_CARD_COUNT, message: 'discard exactly three cards' };
  if (new Set(cards).size !== 3) return { code: Codes.DUPLICATE_CARD, message: 'a card is named twice' };
  const hand = s.hands[s.declarer!]!;
  if (cards.some((c) => !hand.includes(c))) return { code: Codes.CARD_NOT_HELD, message: 'a discarded card is not in the hand' };
  if (cards.some((c) => c === GSTIESS || c === MOND || c === PAGAT))
    return { code: DroggnCodes.DISCARD_FORBIDDEN_CARD, message: 'GS, T21 and T1 may not be discarded' };
  if (!kingRuleHolds(s, cards)) return { code: DroggnCodes.KING_DISCARD_NEEDS_TRUMP, message: 'a discarded king needs a discarded trump' };
  return null;
}

/** The king rule: kings ≤ trumps (`perKing`), or any kings with one trump (`anyTrump`). */
export function kingRuleHolds(s: DroggnState, cards: readonly Card[]): boolean {
  const kings = cards.filter(isKing).length;
  const trumps = cards.filter(isTrump).length;
  return s.options['discard.kingCover'] === 'perKing' ? kings <= trumps : kings === 0 || trumps > 0;
}

function discard(s: DroggnState, cards: Card[]): Applied<DroggnState> {
  const problem = discardProblem(s, cards);
  if (problem) return { ok: false, rejection: problem };
  const declarer = s.declarer!;
  const hands = setHand(s.hands, declarer, removeCards(s.hands[declarer]!, cards)!);
  return accept(withChanges(s, { hands, discard: cards.slice(), phase: s.contract === 'ansager' ? 'buy' : 'ready' }));
}

/** docs/rules/droggn.md#exchange: buy one card from a defender in exchange for one face down, or decline. */
function buy(s: DroggnState, card: Card | null, give: Card | undefined): Applied<DroggnState> {
  if (card === null) return accept(withChanges(s, { buy: { kind: 'declined' }, phase: 'ready' }));
  if (!isCard(card)) return reject(DroggnCodes.UNKNOWN_CARD, `${card} is not a Droggn card`);
  const declarer = s.declarer!;
  const hand = s.hands[declarer]!;
  if (hand.includes(card) || s.discard!.includes(card)) {
    // docs/rules/droggn.md#decision-13: the table rule forfeits the right; the server rejects by default.
    if (s.options['buy.invalidRequestForfeits']) return accept(withChanges(s, { buy: { kind: 'forfeited', card }, phase: 'ready' }));
    return reject(DroggnCodes.BUY_OWN_CARD, `${card} is in the declarer's hand or discard`);
  }
  if (give === undefined || !hand.includes(give)) return reject(Codes.CARD_NOT_HELD, `${String(give)} is not in the declarer's hand`);
  const from = s.defenders.find((d) => s.hands[d]!.includes(card))!;
  let hands = setHand(s.hands, declarer, [...removeCards(hand, [give])!, card]);
  hands = setHand(hands, from, [...removeCards(s.hands[from]!, [card])!, give]);
  return accept(withChanges(s, { hands, buy: { kind: 'bought', card, give, from }, phase: 'ready' }));
}

/** docs/rules/droggn.md#layout: "ich liege", laying out T1 (any contract) or GS (Super Mord only). */
function ready(s: DroggnState, card: Card | null): Applied<DroggnState> {
  const declarer = s.declarer!;
  if (card !== null) {
    if (card !== PAGAT && !(card === GSTIESS && s.contract === 'supermord'))
      return reject(DroggnCodes.LAYOUT_NOT_ALLOWED, `${card} may not be laid out`);
    if (!s.hands[declarer]!.includes(card)) return reject(Codes.CARD_NOT_HELD, `${card} is not in the hand`);
  }
  const layouts = card === null ? s.layouts : [...s.layouts, { seat: declarer, card: card as 'T1' | 'GS' }];
  // docs/rules/droggn.md#decision-12: defenders do not lay out in a Mord.
  if (s.contract === 'supermord') return accept(startDoubling(withChanges(s, { layouts })));
  return accept(withChanges(s, { layouts, phase: 'layout', turn: s.defenders[0]! }));
}

/** docs/rules/droggn.md#layout / docs/rules/droggn.md#decision-9: each defender in turn, before the Schwacher round. */
function layout(s: DroggnState, card: Card | null): Applied<DroggnState> {
  if (card !== null) {
    if (card !== PAGAT) return reject(DroggnCodes.LAYOUT_NOT_ALLOWED, 'a defender may lay out only T1');
    if (!s.hands[s.turn]!.includes(card)) return reject(Codes.CARD_NOT_HELD, `${card} is not in the hand`);
  }
  const layouts = card === null ? s.layouts : [...s.layouts, { seat: s.turn, card: PAGAT as 'T1' }];
  const layoutAnswers = s.layoutAnswers + 1;
  if (layoutAnswers < s.defenders.length) return accept(withChanges(s, { layouts, layoutAnswers, turn: s.defenders[layoutAnswers]! }));
  return accept(startDoubling(withChanges(s, { layouts, layoutAnswers })));
}

function startDoubling(s: DroggnState): DroggnState {
  return withChanges(s, {
    phase: 'doubling',
    doublingStep: firstDoublingPosition.step,
    doublingIndex: firstDoublingPosition.index,
    turn: s.defenders[0]!,
  });
}

function startPlay(s: DroggnState): DroggnState {
  return withChanges(s, { phase: 'play', doublingStep: null, turn: s.declarer!, trickLeader: s.declarer! });
}

/** Calls open to the speaker now (`doubling.maxDoublings`, docs/rules/dobbm.md#options). */
export const openCalls = (s: DroggnState): readonly CallWord[] => openCallsOf(s);

/** docs/rules/droggn.md#doubling = docs/rules/dobbm.md#doubling with two defenders, through the dialogue shared with Dobbm (core/doubling). */
function double(s: DroggnState, call: CallWord): Applied<DroggnState> {
  if (!openCalls(s).includes(call)) return reject(Codes.CALL_NOT_ALLOWED, `${call} is not allowed now`);
  const calls = [...s.calls, { seat: s.turn, call }];
  const after = afterCall(s, call);
  return accept(after === null ? startPlay(withChanges(s, { calls })) : withChanges(s, { calls, ...after }));
}

/** docs/rules/droggn.md#play: one card; a full trick goes to its winner, who leads next. */
function play(s: DroggnState, card: Card): Applied<DroggnState> {
  const seat = s.turn;
  const hand = s.hands[seat]!;
  if (!hand.includes(card)) return reject(Codes.CARD_NOT_HELD, `${card} is not in the hand`);
  const why = whyIllegal(s, seat, card);
  if (why) return { ok: false, rejection: why };
  const hands = setHand(s.hands, seat, removeCards(hand, [card])!);
  const trick = [...s.trick, { seat, card }];
  const after = copyState(s);
  after.hands = hands;
  if (trick.length < 3) {
    after.trick = trick;
    after.turn = nextActive(s, seat);
    return accept(after);
  }
  const winner = trickWinner(s, trick);
  const tricks = [...s.tricks, { leader: s.trickLeader, plays: trick, winner }];
  after.trick = [];
  after.tricks = tricks;
  after.trickLeader = winner;
  after.turn = winner;
  if (tricks.length === 21) return accept(over(after, { endReason: 'played' }));
  // docs/rules/droggn.md#play / docs/rules/droggn.md#decision-11: a Mord under all-or-nothing scoring stops at its first lost trick.
  if (s.contract === 'supermord' && winner !== s.declarer && s.options['mord.pagatItems'] === 'allOrNothing') {
    return accept(over(after, { endReason: 'mordLost' }));
  }
  if (tricks.length === 19 && ultimoClaimable(after)) return accept(withChanges(after, { ultimoClaim: true }));
  return accept(after);
}

const nextActive = (s: DroggnState, seat: number): number => activeOrder(seat, s.options.players, (x) => isActive(s, x))[0]!;

/**
 * Option `kleineGstiessUltimo` (docs/rules/droggn.md#scoring): the declarer on lead at trick 20 holding
 * exactly {T1, GS} (T1 not laid out) while no other hand holds a trump. Claimed implicitly.
 */
function ultimoClaimable(s: DroggnState): boolean {
  const d = s.declarer!;
  const hand = s.hands[d]!;
  return (
    s.options.kleineGstiessUltimo &&
    s.turn === d &&
    hand.length === 2 &&
    hand.includes(PAGAT) &&
    hand.includes(GSTIESS) &&
    !s.layouts.some((l) => l.card === PAGAT) &&
    s.active.every((x) => x === d || !s.hands[x]!.some(isTrump))
  );
}

/** docs/rules/droggn.md#irregularities, `irregularities: penalize`: a reported offence abandons the deal. */
function reportIrregularity(s: DroggnState, reporter: number, offender: number): Applied<DroggnState> {
  if (s.options.irregularities !== 'penalize')
    return reject(DroggnCodes.IRREGULARITY_NOT_ENABLED, 'irregularities are rejected, not reported, in this rule set');
  if (!Number.isInteger(reporter) || reporter < 0 || reporter >= s.options.players)
    return reject(Codes.NOT_YOUR_TURN, 'only a seated player may report');
  if (s.declarer === null) return reject(Codes.WRONG_PHASE, 'an irregularity can be booked only once there is a declarer');
  if (!isActive(s, offender)) return reject(DroggnCodes.BAD_OFFENDER, 'the offender must be an active player');
  return accept(over(s, { endReason: 'irregularity', irregularity: { offender, reporter } }));
}

/** Cards that may appear in a discard at all (docs/rules/droggn.md#exchange). */
export const discardable = (hand: readonly Card[]): Card[] => hand.filter((c) => c !== GSTIESS && c !== MOND && c !== PAGAT);

/** Cards the declarer may request when buying: those a defender holds. */
export function buyable(s: DroggnState): Card[] {
  // In the pack's order: listed defender by defender, the declarer's legal actions would tell him who holds which card.
  const held = new Set(s.defenders.flatMap((d) => s.hands[d]!));
  return DECK.filter((c) => held.has(c));
}

/**
 * Every action `seat` may take now (docs/rules/droggn.md#bidding–docs/rules/droggn.md#play), each accepted by `apply`. Discards
 * and buys are listed in full (up to 2024 and 883 actions). A report of an irregularity is
 * not a move and is never listed.
 */
export function legalActions(s: DroggnState, seat: number): DroggnAction[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  switch (s.phase) {
    case 'bidding': {
      const best = highestBid(s);
      const from = best === null ? 0 : CONTRACTS.indexOf(best.contract) + 1;
      return [{ seat, type: 'bid', bid: 'pass' }, ...CONTRACTS.slice(from).map((bid): DroggnAction => ({ seat, type: 'bid', bid }))];
    }
    case 'discard': {
      const pool = discardable(s.hands[seat]!);
      const out: DroggnAction[] = [];
      for (let i = 0; i < pool.length; i++)
        for (let j = i + 1; j < pool.length; j++)
          for (let k = j + 1; k < pool.length; k++) {
            const cards = [pool[i]!, pool[j]!, pool[k]!];
            if (discardProblem(s, cards) === null) out.push({ seat, type: 'discard', cards });
          }
      return out;
    }
    case 'buy': {
      const out: DroggnAction[] = [{ seat, type: 'buy', card: null }];
      for (const card of buyable(s)) for (const give of s.hands[seat]!) out.push({ seat, type: 'buy', card, give });
      return out;
    }
    case 'ready': {
      const hand = s.hands[seat]!;
      const out: DroggnAction[] = [{ seat, type: 'ready', layout: null }];
      if (hand.includes(PAGAT)) out.push({ seat, type: 'ready', layout: PAGAT });
      if (s.contract === 'supermord' && hand.includes(GSTIESS)) out.push({ seat, type: 'ready', layout: GSTIESS });
      return out;
    }
    case 'layout': {
      const out: DroggnAction[] = [{ seat, type: 'layout', card: null }];
      if (s.hands[seat]!.includes(PAGAT)) out.push({ seat, type: 'layout', card: PAGAT });
      return out;
    }
    case 'doubling':
      return openCalls(s).map((call) => ({ seat, type: 'double', call }));
    default:
      return legalCards(s, seat).map((card) => ({ seat, type: 'play', card }));
  }
}
