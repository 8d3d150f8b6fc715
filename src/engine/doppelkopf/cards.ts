import type { Card } from '../core/types.js';

/** Suits C (clubs/Eichel), S (spades/Laub), H (hearts/Herz), D (diamonds/Schellen). docs/rules/doppelkopf.md#cards */
const SUITS = ['C', 'S', 'H', 'D'] as const;
/** Ranks high → low in a plain suit: A (Daus), 10, K, Q (Ober), J (Unter), 9. */
const RANKS = ['A', '10', 'K', 'Q', 'J', '9'] as const;
export type Suit = (typeof SUITS)[number];
export type Rank = (typeof RANKS)[number];

const POINTS: Record<Rank, number> = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0 };

const suitOfFace = (card: Card): Suit => card[0] as Suit;
export const rankOf = (card: Card): Rank => card.slice(1) as Rank;
export const cardPoints = (card: Card): number => POINTS[rankOf(card)];

/** The canonical deck: every face twice (docs/rules/doppelkopf.md#cards); `40` drops the nines. */
export function dokoDeck(size: 48 | 40): Card[] {
  const out: Card[] = [];
  for (const s of SUITS) {
    for (const r of RANKS) {
      if (size === 40 && r === '9') continue;
      out.push(s + r, s + r);
    }
  }
  return out;
}

const FACES: ReadonlySet<string> = new Set(SUITS.flatMap((s) => RANKS.map((r) => s + r)));

export const isCard = (c: unknown): c is Card => typeof c === 'string' && FACES.has(c);

/** The contract decides only which cards are trumps (docs/rules/doppelkopf.md#contracts). */
export type ContractKind =
  'normal' | 'hochzeit' | 'armut' | 'silent-solo' | 'solo-d' | 'solo-h' | 'solo-s' | 'solo-c' | 'solo-q' | 'solo-j' | 'solo-f';

export const SOLOS = ['solo-d', 'solo-h', 'solo-s', 'solo-c', 'solo-q', 'solo-j', 'solo-f'] as const;

const TOP = ['H10', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ'];
const QUEENS = ['CQ', 'SQ', 'HQ', 'DQ'];
const JACKS = ['CJ', 'SJ', 'HJ', 'DJ'];
const suitTail = (s: Suit): Card[] => (s === 'H' ? ['HA', 'HK', 'H9'] : [`${s}A`, `${s}10`, `${s}K`, `${s}9`]);

/** Deck size → contract → trump table (no key string to build and hash on every lookup). */
const trumpCache = new Map<number, Map<ContractKind, readonly Card[]>>();

/** Trumps high → low (docs/rules/doppelkopf.md#contracts table), nines deleted for the 40-card deck. Shared, read-only. */
export function trumpsOf(contract: ContractKind, deck: 48 | 40): readonly Card[] {
  let byContract = trumpCache.get(deck);
  if (!byContract) trumpCache.set(deck, (byContract = new Map()));
  let list = byContract.get(contract);
  if (!list) {
    list = Object.freeze(trumpTable(contract, deck));
    byContract.set(contract, list);
    cardOrders.set(list, cardOrder(list));
  }
  return list;
}

function trumpTable(contract: ContractKind, deck: 48 | 40): Card[] {
  let list: Card[];
  switch (contract) {
    case 'solo-q':
      list = QUEENS;
      break;
    case 'solo-j':
      list = JACKS;
      break;
    case 'solo-f':
      list = [];
      break;
    case 'solo-h':
      list = [...TOP, ...suitTail('H')];
      break;
    case 'solo-s':
      list = [...TOP, ...suitTail('S')];
      break;
    case 'solo-c':
      list = [...TOP, ...suitTail('C')];
      break;
    default:
      list = [...TOP, ...suitTail('D')];
  }
  return deck === 40 ? list.filter((c) => rankOf(c) !== '9') : list.slice();
}

/** Plain-suit order high → low: the ranks of that suit that are not trumps. */
function plainOrder(suit: Suit, trumps: readonly Card[]): Card[] {
  return RANKS.map((r) => suit + r).filter((c) => !trumps.includes(c));
}

/** "Suit" for following: trump counts as its own suit `T` (docs/rules/doppelkopf.md#contracts). */
const followSuitOf = (card: Card, trumps: readonly Card[]): Suit | 'T' => followSuitIn(trumps)(card);

/** `followSuitOf` for one trump table, to ask about many cards with a single table lookup. */
export function followSuitIn(trumps: readonly Card[]): (card: Card) => Suit | 'T' {
  return cardOrders.get(trumps)?.followSuit ?? ((card) => (trumps.includes(card) ? 'T' : suitOfFace(card)));
}

/**
 * One trump table's card order, looked up instead of searched: each trump's place in the table
 * (`trumps.indexOf`) and each plain card's place in its suit (`plainOrder(…).indexOf`).
 */
interface CardOrder {
  trump: ReadonlyMap<Card, number>;
  plain: ReadonlyMap<Card, number>;
  followSuit: (card: Card) => Suit | 'T';
}

function cardOrder(trumps: readonly Card[]): CardOrder {
  const trump = new Map<Card, number>();
  trumps.forEach((c, i) => {
    if (!trump.has(c)) trump.set(c, i);
  });
  const plain = new Map<Card, number>();
  for (const suit of SUITS) plainOrder(suit, trumps).forEach((c, i) => plain.set(c, i));
  return { trump, plain, followSuit: (card) => (trump.has(card) ? 'T' : suitOfFace(card)) };
}

/** Orders of the shared (frozen) tables of `trumpsOf`; any other list is ordered afresh. */
const cardOrders = new WeakMap<readonly Card[], CardOrder>();
const orderOf = (trumps: readonly Card[]): CardOrder => cardOrders.get(trumps) ?? cardOrder(trumps);

export interface TrickRanking {
  trumps: readonly Card[];
  dullen: 'first' | 'second' | 'secondExceptLast';
  lastTrick: boolean;
  /** Cards promoted above all trumps in this trick (piglets 1, super-piglets 2), by play index. */
  promoted: readonly number[];
}

/**
 * Index of the winning play. Highest trump, else highest card of the led suit; equal faces:
 * the first played wins (docs/rules/doppelkopf.md#play), except the second `H10` under `dullen = second`.
 */
export function trickWinnerIndex(cards: readonly Card[], r: TrickRanking): number {
  const order = orderOf(r.trumps);
  const led = followSuitOf(cards[0], r.trumps);
  const key = (i: number): number => {
    const c = cards[i];
    if (r.promoted[i]) return 2000 + r.promoted[i];
    const t = order.trump.get(c);
    if (t !== undefined) return 1000 - t;
    if (suitOfFace(c) !== led) return 0;
    return 100 - (order.plain.get(c) ?? plainOrder(suitOfFace(c), r.trumps).indexOf(c));
  };
  const secondDulle = r.trumps[0] === 'H10' && (r.dullen === 'second' || (r.dullen === 'secondExceptLast' && !r.lastTrick));
  let best = 0;
  let kb = key(0);
  for (let i = 1; i < cards.length; i++) {
    const k = key(i);
    if (k > kb || (k === kb && secondDulle && cards[i] === 'H10' && !r.promoted[i])) {
      best = i;
      kb = k;
    }
  }
  return best;
}

export function countFace(cards: readonly Card[], face: Card): number {
  let n = 0;
  for (const c of cards) if (c === face) n++;
  return n;
}

/** Distinct faces, first occurrence order (legal actions list a face once). */
export function distinct(cards: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (const c of cards) if (!out.includes(c)) out.push(c);
  return out;
}
