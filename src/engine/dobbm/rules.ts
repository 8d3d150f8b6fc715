import { Codes, reject, accept } from '../core/rejections.js';
import { DobbmCodes } from './codes.js';
import type { Applied, Card } from '../core/types.js';
import type { DobbmAction } from './actions.js';
import { afterCall, firstDoublingPosition, openCallsOf } from '../core/doubling.js';
import { HEART_CODE, cardPoints, suitCode, winningIndex } from './cards.js';
import { legalCards, nextActive, sowRuleHolds } from './play.js';
import { copyState, withChanges, type Bid, type Mutable, type BidWord, type CallWord, type Contract, type DobbmState } from './state.js';

/** Bid order, docs/rules/dobbm.md#bidding: pass 0 < Dobbm 1 < Solo 2; -1 for a word that is no bid. */
const bidRank = (word: unknown): number => (word === 'pass' ? 0 : word === 'dobbm' ? 1 : word === 'solo' ? 2 : -1);

/** The current highest bid rank (0 = none), docs/rules/dobbm.md#bidding. */
export function highestBid(state: DobbmState): number {
  let best = 0;
  for (const b of state.bids) best = Math.max(best, bidRank(b.bid));
  return best;
}

/** Calls open to the speaker now, at the `maxDoublings` cap only `gut` (docs/rules/dobbm.md#doubling). */
export const openCalls = (state: DobbmState): readonly CallWord[] => openCallsOf(state);

export function apply(state: DobbmState, action: DobbmAction): Applied<DobbmState> {
  if (state.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  // A switch on the type, not a table lookup: this is the hot path of every simulation.
  switch (action.type) {
    case 'play':
      return outOfTurn(state, action, 'play') ?? play(state, action.seat, action.card);
    case 'bid':
      return outOfTurn(state, action, 'bidding') ?? bid(state, action.seat, action.bid);
    case 'double':
      return outOfTurn(state, action, 'doubling') ?? double(state, action.seat, action.call);
    case 'discard':
      return outOfTurn(state, action, 'exchange') ?? discard(state, action.seat, action.cards);
    case 'irregularity':
      return reportIrregularity(state, action.seat, action.offender);
    default:
      return unknownType(action);
  }
}

/** An action from outside the union (an unparsed caller): refused, not thrown. */
const unknownType = (action: { type: string }): Applied<DobbmState> =>
  reject(Codes.BAD_ACTION, `unknown action type "${String(action.type)}"`);

/** The phase must fit the action type (checked first), then it must be the seat's turn. */
function outOfTurn(state: DobbmState, action: DobbmAction, phase: DobbmState['phase']): Applied<DobbmState> | null {
  if (state.phase !== phase) return reject(Codes.WRONG_PHASE, `no ${action.type} in the ${state.phase} phase`);
  if (action.seat !== state.turn) return reject(Codes.NOT_YOUR_TURN, `seat ${state.turn} is to act`);
  return null;
}

/** One-speak auction, docs/rules/dobbm.md#bidding; in a Mußrunde forehand must declare (docs/rules/dobbm.md#mussrunde). */
function bid(state: DobbmState, seat: number, word: BidWord): Applied<DobbmState> {
  const rank = bidRank(word);
  if (rank < 0) return reject(Codes.BAD_ACTION, `unknown bid "${word}"`);
  if (state.mussrunde) {
    if (word === 'pass') return reject(DobbmCodes.MUST_DECLARE, 'in a Mußrunde forehand must play Dobbm or Solo');
    const next = copyState(state);
    next.bids = [{ seat, bid: word }];
    return accept(declare(next, seat, word));
  }
  if (rank > 0 && rank <= highestBid(state)) return reject(Codes.BID_NOT_HIGHER, 'a bid must be higher than the current one');
  const next = copyState(state);
  const bids = state.bids.slice();
  bids.push({ seat, bid: word });
  next.bids = bids;
  if (bids.length < state.active.length) {
    next.turn = state.active[bids.length]!;
    return accept(next);
  }
  // Bids only rise, so the last non-pass is the highest.
  let winner: Bid | null = null;
  for (const b of bids) if (b.bid !== 'pass') winner = b;
  if (winner === null) {
    // All four passed: thrown in (docs/rules/dobbm.md#dealer); the session moves the deal, the result books a Stockerl.
    next.phase = 'over';
    next.turn = -1;
    return accept(next);
  }
  return accept(declare(next, winner.seat, winner.bid as Contract));
}

/**
 * The auction is won: Dobbm takes the Dobb into the hand (docs/rules/dobbm.md#discard); Solo goes to the doubling.
 * Like `startDoubling` and `startPlay`, it completes the fresh copy it is given: one copy an action.
 */
function declare(next: Mutable<DobbmState>, declarer: number, contract: Contract): DobbmState {
  next.declarer = declarer;
  next.contract = contract;
  if (contract === 'solo') return startDoubling(next);
  const hands = next.hands.slice();
  hands[declarer] = [...hands[declarer]!, ...next.dobb];
  next.hands = hands;
  next.phase = 'exchange';
  next.turn = declarer;
  return next;
}

/** The Dobbm declarer lays away four cards, docs/rules/dobbm.md#discard. */
function discard(state: DobbmState, seat: number, cards: Card[]): Applied<DobbmState> {
  if (!Array.isArray(cards)) return reject(Codes.BAD_ACTION, 'a discard lists its cards');
  if (cards.length !== 4) return reject(Codes.WRONG_CARD_COUNT, `discard exactly 4 cards, not ${cards.length}`);
  if (new Set(cards).size !== 4) return reject(Codes.DUPLICATE_CARD, 'a card is discarded twice');
  const hand = state.hands[seat]!;
  for (const c of cards) if (!hand.includes(c)) return reject(Codes.CARD_NOT_HELD, `${String(c)} is not in the hand`);
  if (!sowRuleHolds(cards, state.options)) {
    return reject(DobbmCodes.SOW_DISCARD_NEEDS_TRUMP, 'each discarded sow needs a heart (other than a sow) discarded with it');
  }
  const next = copyState(state);
  const hands = state.hands.slice();
  hands[seat] = hand.filter((c) => !cards.includes(c));
  next.hands = hands;
  next.discard = cards.slice();
  return accept(startDoubling(next));
}

/** "Ich liege": the Schwacher round begins with D1 (docs/rules/dobbm.md#doubling, docs/rules/dobbm.md#decision-1). */
function startDoubling(next: Mutable<DobbmState>): DobbmState {
  const defenders = defendersInOrder(next);
  next.phase = 'doubling';
  next.defenders = defenders;
  next.doublingStep = firstDoublingPosition.step;
  next.doublingIndex = firstDoublingPosition.index;
  next.turn = defenders[0]!;
  return next;
}

/** The three active players other than the declarer (docs/rules/dobbm.md#bidding), as D1, D2, D3 of the doubling (docs/rules/dobbm.md#doubling). */
function defendersInOrder(state: DobbmState): number[] {
  const declarer = state.declarer!;
  const from = state.options['doubling.firstSpeaker'] === 'declarerLeft' ? declarer : state.dealer;
  const defenders: number[] = [];
  for (let s = nextActive(state, from), i = 0; i < 4; i++, s = nextActive(state, s)) if (s !== declarer) defenders.push(s);
  return defenders;
}

/** Schwacher/Retour, docs/rules/dobbm.md#doubling, through the dialogue shared with Droggn (core/doubling). */
function double(state: DobbmState, seat: number, call: CallWord): Applied<DobbmState> {
  if (!openCalls(state).includes(call)) return reject(Codes.CALL_NOT_ALLOWED, `"${call}" may not be said now`);
  const next = copyState(state);
  const calls = state.calls.slice();
  calls.push({ seat, call });
  next.calls = calls;
  const after = afterCall(state, call);
  return accept(after === null ? startPlay(next) : Object.assign(next, after));
}

/** The declarer leads to the first trick, docs/rules/dobbm.md#play (mutates the fresh copy it is given). */
function startPlay(next: Mutable<DobbmState>): DobbmState {
  next.phase = 'play';
  next.doublingStep = null;
  next.turn = next.declarer!;
  next.trickLeader = next.declarer!;
  return next;
}

function play(state: DobbmState, seat: number, card: Card): Applied<DobbmState> {
  const hand = state.hands[seat]!;
  const at = hand.indexOf(card);
  if (at < 0) return reject(Codes.CARD_NOT_HELD, `${String(card)} is not in the hand`);
  const trick = state.trick;
  if (trick.length > 0) {
    const code = revoke(hand, trick[0]!, card);
    if (code !== null) {
      return reject(
        code,
        code === Codes.MUST_FOLLOW_SUIT ? `follow suit: ${trick[0]![0]} was led` : 'no card of the led suit: play a heart',
      );
    }
  }
  const next = copyState(state);
  const hands = state.hands.slice();
  hands[seat] = without(hand, at);
  next.hands = hands;
  const cards = withCard(trick, card);
  if (cards.length < 4) {
    next.trick = cards;
    next.turn = nextActive(state, seat);
    return accept(next);
  }
  let winner = state.trickLeader;
  for (let i = winningIndex(cards); i > 0; i--) winner = nextActive(state, winner);
  const points = cardPoints(cards[0]!) + cardPoints(cards[1]!) + cardPoints(cards[2]!) + cardPoints(cards[3]!);
  const tricks = state.tricks.slice();
  tricks.push({ leader: state.trickLeader, cards, winner, points });
  next.tricks = tricks;
  next.trick = [];
  next.trickLeader = winner;
  next.turn = winner;
  if (winner === state.declarer) {
    next.declarerTricks++;
    next.declarerTrickPoints += points;
  }
  if (tricks.length === 8) {
    next.phase = 'over';
    next.turn = -1;
  }
  return accept(next);
}

/** The trick with `card` added, as an array literal: exact size and packed, no regrowth on push. */
function withCard(trick: readonly Card[], card: Card): Card[] {
  switch (trick.length) {
    case 0:
      return [card];
    case 1:
      return [trick[0]!, card];
    case 2:
      return [trick[0]!, trick[1]!, card];
    default:
      return [trick[0]!, trick[1]!, trick[2]!, card];
  }
}

/** Why `card` may not follow `led` from `hand` (docs/rules/dobbm.md#play), or null; allocates nothing. */
function revoke(hand: readonly Card[], led: Card, card: Card): string | null {
  const ledSuit = suitCode(led);
  const suit = suitCode(card);
  if (suit === ledSuit) return null;
  let heart = false;
  for (const c of hand) {
    const s = suitCode(c);
    if (s === ledSuit) return Codes.MUST_FOLLOW_SUIT;
    if (s === HEART_CODE) heart = true;
  }
  return heart && suit !== HEART_CODE ? Codes.MUST_TRUMP : null;
}

/** A copy of `cards` without the entry at `at`. Sliced, not `new Array(n)`: that would be a
 *  holey array, and mixing holey and packed hands makes every hand access polymorphic. */
function without(cards: readonly Card[], at: number): Card[] {
  const out = cards.slice();
  for (let i = at + 1; i < cards.length; i++) out[i - 1] = cards[i]!;
  out.pop();
  return out;
}

/**
 * `irregularities: penalize` (docs/rules/dobbm.md#irregularities): any active seat reports an offence by an
 * active seat once there is a declarer; the deal is abandoned and the penalty booked.
 */
function reportIrregularity(state: DobbmState, reporter: number, offender: number): Applied<DobbmState> {
  if (state.options.irregularities !== 'penalize') {
    return reject(DobbmCodes.IRREGULARITY_NOT_ALLOWED, 'illegal actions are rejected; there is nothing to report (irregularities: reject)');
  }
  if (state.phase === 'bidding') return reject(Codes.WRONG_PHASE, 'an irregularity can be reported once there is a declarer');
  if (!state.active.includes(reporter)) return reject(DobbmCodes.NOT_AN_ACTIVE_SEAT, `seat ${reporter} takes no part in this deal`);
  if (!state.active.includes(offender)) return reject(DobbmCodes.NOT_AN_ACTIVE_SEAT, `seat ${offender} takes no part in this deal`);
  // Reported before the Dobbm declarer's discard, the doubling has not named the defenders
  // yet; they are the opponents who pay or receive the penalty all the same.
  const defenders = state.defenders.length > 0 ? state.defenders : defendersInOrder(state);
  return accept(withChanges(state, { phase: 'over', turn: -1, defenders, irregularity: { offender, reporter } }));
}

/** Every action `seat` may take now (none when it is not its turn). */
export function legalActions(state: DobbmState, seat: number): DobbmAction[] {
  if (state.phase === 'over' || seat !== state.turn) return [];
  switch (state.phase) {
    case 'bidding': {
      if (state.mussrunde)
        return [
          { seat, type: 'bid', bid: 'dobbm' },
          { seat, type: 'bid', bid: 'solo' },
        ];
      const best = highestBid(state);
      const words: BidWord[] = ['pass', ...(['dobbm', 'solo'] as const).filter((w) => bidRank(w) > best)];
      return words.map((bid) => ({ seat, type: 'bid', bid }));
    }
    case 'exchange':
      return legalDiscards(state, seat).map((cards) => ({ seat, type: 'discard', cards }));
    case 'doubling':
      return openCalls(state).map((call) => ({ seat, type: 'double', call }));
    default:
      return legalCards(state.hands[seat]!, state.trick).map((card) => ({ seat, type: 'play', card }));
  }
}

/** All legal four-card discards from the declarer's twelve cards (at most C(12,4) = 495). */
export function legalDiscards(state: DobbmState, seat: number): Card[][] {
  const hand = state.hands[seat]!;
  const out: Card[][] = [];
  const n = hand.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const cards = [hand[a]!, hand[b]!, hand[c]!, hand[d]!];
          if (sowRuleHolds(cards, state.options)) out.push(cards);
        }
  return out;
}
