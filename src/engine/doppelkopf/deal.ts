import { isPermutationOf } from '../core/cards.js';
import { accept, Codes, reject } from '../core/rejections.js';
import { activeOrder } from '../core/seats.js';
import type { Applied, Card, HandSetup } from '../core/types.js';
import { dokoDeck } from './cards.js';
import type { DokoOptions } from './options.js';
import type { DokoContext, DokoState } from './state.js';

/** Active seats clockwise from forehand; a fifth dealer sits out (docs/rules/doppelkopf.md#players). */
export function activeSeats(options: DokoOptions, dealer: number): number[] {
  const n = options.players;
  return activeOrder(dealer, n, (s) => n === 4 || s !== dealer);
}

/** Players → dealer → active seats: the rules ask for them several times per action. */
const activeCache = new Map<number, Map<number, readonly number[]>>();

/** `activeSeats`, shared and read-only. */
export function activeSeatsOf(options: DokoOptions, dealer: number): readonly number[] {
  let byDealer = activeCache.get(options.players);
  if (!byDealer) activeCache.set(options.players, (byDealer = new Map()));
  let seats = byDealer.get(dealer);
  if (!seats) byDealer.set(dealer, (seats = Object.freeze(activeSeats(options, dealer))));
  return seats;
}

/** Deck index ranges per active player `a_i` (docs/rules/doppelkopf.md#deal, docs/rules/doppelkopf.md#decision-10). */
function dealIndices(options: DokoOptions, i: number): number[] {
  const range = (from: number, len: number): number[] => Array.from({ length: len }, (_, k) => from + k);
  if (options.deck === 48) return [0, 1, 2, 3].flatMap((r) => range(12 * r + 3 * i, 3));
  if (options.deal40 === '5x2') return [0, 1, 2, 3, 4].flatMap((r) => range(8 * r + 2 * i, 2));
  return [...range(3 * i, 3), ...range(12 + 4 * i, 4), ...range(28 + 3 * i, 3)];
}

/** Deck size and deal pattern → `dealIndices` per active player, filled as they are asked for. */
const dealPatterns = new Map<string, number[][]>();
function dealPattern(options: DokoOptions): number[][] {
  const key = `${options.deck}/${options.deal40}`;
  let pattern = dealPatterns.get(key);
  if (!pattern) dealPatterns.set(key, (pattern = []));
  return pattern;
}

/** The canonical decks to check a deal against, built once per size. */
const canonicalDecks = new Map<number, readonly Card[]>();
function canonicalDeck(size: 48 | 40): readonly Card[] {
  let deck = canonicalDecks.get(size);
  if (!deck) canonicalDecks.set(size, (deck = Object.freeze(dokoDeck(size))));
  return deck;
}

export function deal(options: DokoOptions, deck: readonly Card[], setup: HandSetup): DokoState {
  if (!isPermutationOf(deck, canonicalDeck(options.deck))) throw new Error('deck is not a Doppelkopf deck for these options');
  const hands: (Card[] | null)[] = Array.from({ length: options.players }, () => null);
  const pattern = dealPattern(options);
  activeSeatsOf(options, setup.dealer).forEach((seat, i) => {
    hands[seat] = (pattern[i] ??= dealIndices(options, i)).map((k) => deck[k]);
  });
  return initialState(options, hands, setup);
}

/** The hands (seat order, `null` for a sitting-out dealer) that a deck in deal order gives; Doppelkopf has no talon. */
export function dealtCards(options: DokoOptions, deck: readonly Card[], setup: HandSetup): { hands: (Card[] | null)[]; talon: Card[] } {
  return { hands: deal(options, deck, setup).hands.map((h) => (h ? h.slice() : null)), talon: [] };
}

/** Explicit hands (hand records): each active seat holds a tenth/twelfth of a full deck. */
export function dealFromHands(
  options: DokoOptions,
  hands: readonly (readonly Card[] | null)[],
  talon: readonly Card[],
  setup: HandSetup,
): Applied<DokoState> {
  const n = options.players;
  if (hands.length !== n) return reject(Codes.BAD_DECK, `expected ${n} hands`);
  if (talon.length !== 0) return reject(Codes.BAD_DECK, 'Doppelkopf has no talon');
  if (!Number.isInteger(setup.dealer) || setup.dealer < 0 || setup.dealer >= n) return reject(Codes.BAD_DECK, 'dealer is not a seat');
  const active = new Set(activeSeats(options, setup.dealer));
  const per = options.deck / 4;
  for (let s = 0; s < n; s++) {
    const h = hands[s];
    if (!active.has(s)) {
      if (h !== null && h.length !== 0) return reject(Codes.BAD_DECK, `seat ${s} sits out and holds no cards`);
    } else if (!h || h.length !== per) return reject(Codes.BAD_DECK, `seat ${s} must hold ${per} cards`);
  }
  const all = hands.flatMap((h) => (h ? [...h] : []));
  if (!isPermutationOf(all, dokoDeck(options.deck))) return reject(Codes.BAD_DECK, 'the hands are not one full Doppelkopf deck');
  return accept(
    initialState(
      options,
      hands.map((h, s) => (active.has(s) ? [...h!] : null)),
      setup,
    ),
  );
}

function initialState(options: DokoOptions, hands: (Card[] | null)[], setup: HandSetup): DokoState {
  const context = (setup.context ?? {}) as DokoContext;
  return {
    game: 'doppelkopf',
    options,
    dealer: setup.dealer,
    context,
    hands,
    dealt: hands.map((h) => (h ? h.slice() : null)),
    phase: 'reservations',
    reservations: [],
    contractCalls: [],
    contract: null,
    declarer: null,
    compulsory: false,
    weddingType: null,
    weddingPartner: null,
    weddingTrick: null,
    weddingFailed: false,
    poverty: null,
    piglets: null,
    superPiglets: null,
    announcements: [],
    tricks: [],
    current: null,
    thrownIn: null,
  };
}
