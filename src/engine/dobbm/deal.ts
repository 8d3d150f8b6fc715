import { Codes, reject, accept } from '../core/rejections.js';
import { activeOrder } from '../core/seats.js';
import type { Applied, Card, HandSetup } from '../core/types.js';
import { isWholePack } from './cards.js';
import type { DobbmOptions } from './options.js';
import type { DobbmState } from './state.js';

/** Active seats a0..a3 from the dealer: with five players the dealer sits out ("feiert"), docs/rules/dobbm.md#players. */
function activeSeats(players: number, dealer: number): number[] {
  return activeOrder(dealer, players, (s) => players === 4 || s !== dealer);
}

const isSeat = (s: unknown, n: number): boolean => typeof s === 'number' && Number.isInteger(s) && s >= 0 && s < n;

/** True when the setup imposes a Mußrunde deal (`context.mussrunde === true`). */
const isMussrundeSetup = (setup: HandSetup): boolean => setup.context?.['mussrunde'] === true;

/** docs/rules/dobbm.md#deal: two rounds of four cards to a0..a3, then the Dobb from deck[32..35]. */
export function deal(options: DobbmOptions, deck: readonly Card[], setup: HandSetup): DobbmState {
  if (!isSeat(setup.dealer, options.players)) throw new Error(`the dealer must be a seat 0..${options.players - 1}`);
  if (!isWholePack(deck)) throw new Error('a Dobbm deck is a permutation of the 36 cards');
  const active = activeSeats(options.players, setup.dealer);
  const hands: Card[][] = [];
  for (let s = 0; s < options.players; s++) hands.push([]);
  for (let i = 0; i < 4; i++) {
    const a = 4 * i;
    const b = 16 + 4 * i;
    // One exact-size literal per hand: simulations deal hundreds of thousands of hands a second.
    hands[active[i]!] = [deck[a]!, deck[a + 1]!, deck[a + 2]!, deck[a + 3]!, deck[b]!, deck[b + 1]!, deck[b + 2]!, deck[b + 3]!];
  }
  return initialState(options, setup, hands, deck.slice(32, 36), active);
}

/** The hands (seat order, `null` for the sitting-out dealer) and the Dobb that a deck in deal order gives. */
export function dealtCards(options: DobbmOptions, deck: readonly Card[], setup: HandSetup): { hands: (Card[] | null)[]; talon: Card[] } {
  const s = deal(options, deck, setup);
  return { hands: s.hands.map((h, seat) => (s.active.includes(seat) ? h.slice() : null)), talon: s.dobb.slice() };
}

/** A deal from explicit hands (hand records): `null` for the sitting-out dealer. */
export function dealFromHands(
  options: DobbmOptions,
  hands: readonly (readonly Card[] | null)[],
  talon: readonly Card[],
  setup: HandSetup,
): Applied<DobbmState> {
  const n = options.players;
  if (!isSeat(setup.dealer, n)) return reject(Codes.BAD_DECK, `dealer must be a seat 0..${n - 1}`);
  if (hands.length !== n) return reject(Codes.BAD_DECK, `expected ${n} hands, got ${hands.length}`);
  const active = activeSeats(n, setup.dealer);
  const own: Card[][] = [];
  for (let s = 0; s < n; s++) {
    const h = hands[s];
    if (!active.includes(s)) {
      if (h !== null && h !== undefined && h.length > 0) return reject(Codes.BAD_DECK, `seat ${s} sits out and holds no cards`);
      own.push([]);
    } else {
      if (!Array.isArray(h) || h.length !== 8) return reject(Codes.BAD_DECK, `seat ${s} must hold 8 cards`);
      own.push(h.slice());
    }
  }
  if (talon.length !== 4) return reject(Codes.BAD_DECK, 'the Dobb holds 4 cards');
  if (!isWholePack([...own.flat(), ...talon])) return reject(Codes.BAD_DECK, 'hands and Dobb must be the 36 cards, each once');
  return accept(initialState(options, setup, own, talon.slice(), active));
}

/**
 * The state just dealt: the fields of `copyState` in its order, so that every state of a hand
 * has one object shape (the doubling fields spread in from core cost Dobbm 8 % in bench:engine).
 */
function initialState(options: DobbmOptions, setup: HandSetup, hands: Card[][], dobb: Card[], active: number[]): DobbmState {
  return {
    options,
    dealer: setup.dealer,
    mussrunde: isMussrundeSetup(setup),
    active,
    phase: 'bidding',
    turn: active[0]!,
    hands,
    dobb,
    bids: [],
    declarer: null,
    contract: null,
    discard: null,
    defenders: [],
    calls: [],
    doublingStep: null,
    doublingIndex: 0,
    doublings: 0,
    trickLeader: -1,
    trick: [],
    tricks: [],
    declarerTricks: 0,
    declarerTrickPoints: 0,
    irregularity: null,
  };
}
