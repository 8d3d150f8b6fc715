import { isPermutationOf } from '../core/cards.js';
import { Codes, reject, accept } from '../core/rejections.js';
import { activeOrder } from '../core/seats.js';
import type { Applied, Card, HandSetup } from '../core/types.js';
import { DECK } from './cards.js';
import type { DroggnOptions } from './options.js';
import type { DroggnState } from './state.js';

/** With four seated the dealer sits out (docs/rules/droggn.md#players). */
function activeSeats(options: DroggnOptions, dealer: number): number[] {
  const n = options.players;
  return activeOrder(dealer, n, (s) => n === 3 || s !== dealer);
}

/** Index ranges of docs/rules/droggn.md#deal: which deck positions each active seat and the talon get. */
function dealPositions(pattern: DroggnOptions['deal']): { hands: number[][]; talon: number[] } {
  const range = (from: number, len: number): number[] => Array.from({ length: len }, (_, i) => from + i);
  const hands: number[][] = [[], [], []];
  let talon: number[];
  if (pattern === '5-5-5-3-3') {
    for (let r = 0; r < 3; r++) for (let i = 0; i < 3; i++) hands[i]!.push(...range(15 * r + 5 * i, 5));
    for (let r = 0; r < 2; r++) for (let i = 0; i < 3; i++) hands[i]!.push(...range(45 + 9 * r + 3 * i, 3));
    talon = range(63, 3);
  } else {
    for (let r = 0; r < 2; r++) for (let i = 0; i < 3; i++) hands[i]!.push(...range(21 * r + 7 * i, 7));
    const third = pattern === 'talonAfterRound2' ? 45 : 42;
    for (let i = 0; i < 3; i++) hands[i]!.push(...range(third + 7 * i, 7));
    talon = pattern === 'talonAfterRound2' ? range(42, 3) : range(63, 3);
  }
  return { hands, talon };
}

/** `dealPositions` per pattern, computed once (read-only). */
const positionsCache = new Map<DroggnOptions['deal'], { hands: number[][]; talon: number[] }>();
function positionsOf(pattern: DroggnOptions['deal']): { hands: number[][]; talon: number[] } {
  let pos = positionsCache.get(pattern);
  if (!pos) positionsCache.set(pattern, (pos = dealPositions(pattern)));
  return pos;
}

const DECK_INDEX: ReadonlyMap<Card, number> = new Map(DECK.map((c, i) => [c, i]));

/** `isPermutationOf(deck, DECK)`: the pack's cards are distinct, so each must come exactly once. */
function isPack(deck: readonly Card[]): boolean {
  if (deck.length !== DECK.length) return false;
  const seen = new Uint8Array(DECK.length);
  for (const c of deck) {
    const i = DECK_INDEX.get(c);
    if (i === undefined || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

/** Initial state from a deck order (index 0 = top), docs/rules/droggn.md#deal. */
export function deal(options: DroggnOptions, deck: readonly Card[], setup: HandSetup): DroggnState {
  if (!isPack(deck)) throw new Error('a Droggn deck is the 66-card pack');
  const active = activeSeats(options, setup.dealer);
  const pos = positionsOf(options.deal);
  const hands: Card[][] = Array.from({ length: options.players }, () => []);
  active.forEach((seat, i) => {
    hands[seat] = pos.hands[i]!.map((k) => deck[k]!);
  });
  return initialState(
    options,
    setup.dealer,
    active,
    hands,
    pos.talon.map((k) => deck[k]!),
  );
}

/** The hands (seat order, `null` for the sitting-out dealer) and the talon that a deck in deal order gives. */
export function dealtCards(options: DroggnOptions, deck: readonly Card[], setup: HandSetup): { hands: (Card[] | null)[]; talon: Card[] } {
  const s = deal(options, deck, setup);
  return { hands: s.hands.map((h, seat) => (s.active.includes(seat) ? h.slice() : null)), talon: s.talon.slice() };
}

/** Initial state from explicit hands (`null` or `[]` for the sitting-out dealer) and talon. */
export function dealFromHands(
  options: DroggnOptions,
  hands: readonly (readonly Card[] | null)[],
  talon: readonly Card[],
  setup: HandSetup,
): Applied<DroggnState> {
  const n = options.players;
  if (!Number.isInteger(setup.dealer) || setup.dealer < 0 || setup.dealer >= n)
    return reject(Codes.BAD_DECK, `dealer must be a seat 0..${n - 1}`);
  if (!Array.isArray(hands) || hands.length !== n) return reject(Codes.BAD_DECK, `expected ${n} hands, got ${hands.length}`);
  const active = activeSeats(options, setup.dealer);
  const seated: Card[][] = [];
  for (let s = 0; s < n; s++) {
    const h = hands[s] ?? [];
    const want = active.includes(s) ? 21 : 0;
    if (!Array.isArray(h) || h.length !== want) return reject(Codes.BAD_DECK, `seat ${s} must hold ${want} cards, not ${h.length}`);
    seated.push(h.slice());
  }
  if (!Array.isArray(talon) || talon.length !== 3) return reject(Codes.BAD_DECK, `the talon has 3 cards, not ${talon.length}`);
  if (!isPermutationOf([...seated.flat(), ...talon], DECK))
    return reject(Codes.BAD_DECK, 'hands and talon must be the 66-card pack, each card once');
  return accept(initialState(options, setup.dealer, active, seated, talon.slice()));
}

/**
 * The state just dealt: the fields of `copyState` in its order, so that every state of a hand
 * has one object shape (the doubling fields spread in from core cost Dobbm 8 % in bench:engine).
 */
function initialState(options: DroggnOptions, dealer: number, active: number[], hands: Card[][], talon: Card[]): DroggnState {
  return {
    game: 'droggn',
    options,
    dealer,
    active,
    phase: 'bidding',
    turn: active[0]!,
    hands,
    dealtHands: hands,
    talon,
    bids: [],
    declarer: null,
    contract: null,
    discard: null,
    buy: null,
    defenders: [],
    layouts: [],
    layoutAnswers: 0,
    calls: [],
    doublingStep: null,
    doublingIndex: 0,
    doublings: 0,
    trickLeader: -1,
    trick: [],
    tricks: [],
    ultimoClaim: false,
    endReason: null,
    irregularity: null,
  };
}
