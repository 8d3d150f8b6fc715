import type { Rng } from '../engine/core/rng.js';
import type { Card } from '../engine/core/types.js';

/** Where the unseen cards may go: the other hands (by solver position) and the hidden pile. */
export interface Slots {
  /** Cards each position is known to hold. */
  known: readonly (readonly Card[])[];
  /** Cards each position holds in all. */
  counts: readonly number[];
  /** The unseen cards to distribute. */
  unseen: readonly Card[];
  /** Size of the hidden pile (0 when it is known). */
  pileSize: number;
  knownPile: readonly Card[] | null;
}

/** What a caller knows of a deal at one moment (hard facts only), in either game's solver positions. */
export interface CallerKnowledgeOf extends Slots {
  /** The caller's solver position (0 = declarer, then the defenders in order of play). */
  position: number;
  /** `voids[position][class]`: the suit classes each game counts voids in. */
  voids: boolean[][];
  /** The hidden pile is a discard (the game's discard rules hold for it) rather than a talon. */
  pileIsDiscard: boolean;
}

export interface SampledDeal {
  /** Hands per solver position (0 = declarer). */
  hands: Card[][];
  /** The declarer's hidden pile (discard or talon). */
  pile: Card[];
}

/** A game's constraints on a sample: voids shown in play, what the pile may hold. */
export interface SampleRules {
  mayHold(position: number, card: Card): boolean;
  pileMayHold(card: Card): boolean;
  /** The whole deal obeys everything the caller knows (checked on every sample). */
  consistent(deal: SampledDeal): boolean;
}

/**
 * True when `deal` fills the slots: no card twice; each position its count, its known cards and
 * otherwise unseen cards it may hold; the pile the known one, or unseen cards of the hidden size.
 */
export function fillsSlots(slots: Slots, deal: SampledDeal, mayHold: SampleRules['mayHold']): boolean {
  const all = [...deal.hands.flat(), ...deal.pile];
  if (new Set(all).size !== all.length) return false;
  const pool = new Set(slots.unseen);
  for (let p = 0; p < slots.counts.length; p++) {
    const hand = deal.hands[p]!;
    if (hand.length !== slots.counts[p]) return false;
    for (const c of slots.known[p]!) if (!hand.includes(c)) return false;
    for (const c of hand) if (!mayHold(p, c) || (!slots.known[p]!.includes(c) && !pool.has(c))) return false;
  }
  const known = slots.knownPile;
  if (known) return deal.pile.length === known.length && known.every((c) => deal.pile.includes(c));
  return deal.pile.length === slots.pileSize && deal.pile.every((c) => pool.has(c));
}

const REJECTION_TRIES = 500;

/**
 * One deal drawn uniformly among those consistent with the caller's knowledge: a shuffle of
 * the unseen cards into the open slots, rejected when it breaks a constraint. When voids make
 * rejection hopeless, few unseen cards are enumerated (exactly uniform), many are placed
 * most-constrained first (consistent, but only approximately uniform). Shared by the Dobbm
 * and Droggn audits.
 */
export function sampleDeal(slots: Slots, rules: SampleRules, rng: Rng): SampledDeal {
  for (let attempt = 0; attempt < REJECTION_TRIES; attempt++) {
    const deal = dealInOrder(slots, shuffled(slots.unseen, rng));
    if (rules.consistent(deal)) return deal;
  }
  // Late in a hand few cards are unseen but the constraints can be tight (a hidden discard that
  // must obey the sow rule may leave one consistent deal in hundreds): enumerate them instead.
  if (slots.unseen.length <= ENUMERATE_UP_TO) {
    const deal = uniformByEnumeration(slots, rules, rng);
    if (deal) return deal;
  } else {
    for (let attempt = 0; attempt < REJECTION_TRIES; attempt++) {
      const deal = constructive(slots, rules, rng);
      if (deal && rules.consistent(deal)) return deal;
    }
  }
  throw new Error("no deal is consistent with the caller's knowledge");
}

const ENUMERATE_UP_TO = 12;

/**
 * Every consistent deal exactly once (each unseen card goes to one hand or the pile; order
 * within a hand does not matter), one of them chosen uniformly by reservoir sampling.
 */
function uniformByEnumeration(slots: Slots, rules: SampleRules, rng: Rng): SampledDeal | null {
  const free = slots.known.map((own, p) => slots.counts[p]! - own.length);
  let pileFree = slots.knownPile ? 0 : slots.pileSize;
  const hands = slots.known.map((own) => [...own]);
  const pile: Card[] = slots.knownPile ? [...slots.knownPile] : [];
  let chosen: SampledDeal | null = null;
  let seen = 0;
  const place = (i: number): void => {
    if (i === slots.unseen.length) {
      const deal = { hands: hands.map((h) => [...h]), pile: [...pile] };
      if (rules.consistent(deal) && rng.int(++seen) === 0) chosen = deal;
      return;
    }
    const c = slots.unseen[i]!;
    for (let p = 0; p < free.length; p++) {
      if (free[p]! === 0 || !rules.mayHold(p, c)) continue;
      free[p]!--;
      hands[p]!.push(c);
      place(i + 1);
      hands[p]!.pop();
      free[p]!++;
    }
    if (pileFree > 0 && rules.pileMayHold(c)) {
      pileFree--;
      pile.push(c);
      place(i + 1);
      pile.pop();
      pileFree++;
    }
  };
  place(0);
  return chosen;
}

/** Uniform shuffle (Fisher–Yates) of a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

function dealInOrder(slots: Slots, cards: Card[]): SampledDeal {
  let at = 0;
  const hands = slots.known.map((own, p) => {
    const need = slots.counts[p]! - own.length;
    const h = [...own, ...cards.slice(at, at + need)];
    at += need;
    return h;
  });
  const pile = slots.knownPile ? [...slots.knownPile] : cards.slice(at, at + slots.pileSize);
  return { hands, pile };
}

function constructive(slots: Slots, rules: SampleRules, rng: Rng): SampledDeal | null {
  const free = slots.known.map((own, p) => slots.counts[p]! - own.length);
  let pileFree = slots.knownPile ? 0 : slots.pileSize;
  const hands = slots.known.map((own) => [...own]);
  const pile: Card[] = slots.knownPile ? [...slots.knownPile] : [];
  const allowed = (c: Card): number[] => free.flatMap((n, p) => (n > 0 && rules.mayHold(p, c) ? [p] : []));
  const cards = shuffled(slots.unseen, rng).sort((a, b) => allowed(a).length - allowed(b).length);
  for (const c of cards) {
    const seats = allowed(c);
    const weights = [...seats.map((p) => free[p]!), rules.pileMayHold(c) ? pileFree : 0];
    const total = weights.reduce((a, b) => a + b, 0);
    if (total === 0) return null;
    let x = rng.int(total);
    let i = 0;
    while (x >= weights[i]!) x -= weights[i++]!;
    if (i === seats.length) {
      pile.push(c);
      pileFree--;
    } else {
      hands[seats[i]!]!.push(c);
      free[seats[i]!]!--;
    }
  }
  return { hands, pile };
}
