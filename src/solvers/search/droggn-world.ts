import { droggn, type DroggnOptions, type DroggnState, type DroggnView } from '../../engine/droggn/index.js';
import { GSTIESS, MOND, PAGAT } from '../../engine/droggn/cards.js';
import type { Card } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import { discardAllowed, voidClass, voidsShown } from '../droggn/knowledge.js';
import type { SeatKnowledge } from './seat-input.js';
import { callsFit, drawSome, drawUnseen, minus, playedBy, replayWorld, unseenOf } from './world.js';

const TALON = 3;

/**
 * A Droggn world for the seat (docs/rules/droggn.md#deal–docs/rules/droggn.md#play): the other hands drawn from the unseen cards
 * (voids shown in play respected), the hidden pile — the talon until an Ansager or Solo picks it
 * up (and in a Super, where nobody sees it), the discard (which obeys docs/rules/droggn.md#exchange) as a defender sees
 * it — then undone to the deal: which of the declarer's cards came from the talon, and the card
 * given back for a bought one when the seat did not see it.
 */
export function imagineDroggn(k: SeatKnowledge<DroggnOptions>, view: DroggnView, rng: Rng, readCalls = false): DroggnState | null {
  if (k.actions.some((a) => a.type === 'irregularity')) return null;
  const me = k.seat;
  const played = playedBy(k.actions);
  const declarer = view.declarer;
  const pickedUp = (view.contract === 'ansager' || view.contract === 'solo') && view.phase !== 'bidding';
  const discarded = pickedUp && view.phase !== 'discard';
  const buy = view.buy?.kind === 'bought' ? (view.buy as { card: Card; from: number; give?: Card }) : null;
  const knownTalon = view.talon ?? null;
  const knownDiscard = view.discard ?? null;
  const hiddenDiscard = discarded && declarer !== me;
  const others = view.activeSeats.filter((s) => s !== me);
  // Cards whose holder is known now: a bought card is the declarer's, a laid-out one its owner's.
  const placed = new Map<Card, number>();
  if (buy) placed.set(buy.card, declarer!);
  if (buy?.give !== undefined) placed.set(buy.give, buy.from);
  for (const l of view.layouts) placed.set(l.card, l.seat);
  const playedCards = [...played.values()].flat();
  for (const c of playedCards) placed.delete(c);
  for (const c of k.hand) placed.delete(c);
  const seen = [...k.hand, ...playedCards, ...(knownDiscard ?? []), ...placed.keys()];
  if (knownTalon && !pickedUp) seen.push(...knownTalon);
  const unseen = unseenOf(droggn.deck(k.options), [...new Set(seen)]);
  const voids = voidsShown([...view.tricks.map((t) => t.plays), view.trick.plays]);
  const pileSize = pickedUp ? (hiddenDiscard ? TALON : 0) : knownTalon ? 0 : TALON;
  const known = (s: number): Card[] => [...placed].filter(([, holder]) => holder === s).map(([c]) => c);
  const drawn = drawUnseen(
    {
      seats: others,
      counts: others.map((s) => view.handSizes[s]! - known(s).length),
      cards: unseen,
      pileSize,
      mayHold: (s, c) => !(voidClass(c) >= 0 && voids.get(s)?.[voidClass(c)]),
      pileMayHold: hiddenDiscard ? (c) => c !== GSTIESS && c !== MOND && c !== PAGAT : undefined,
      pileRule: hiddenDiscard ? (pile) => discardAllowed({ options: k.options } as DroggnState, pile) : undefined,
      known: k.known,
    },
    rng,
  );
  if (!drawn) return null;
  const present = (s: number): Card[] => (s === me ? k.hand : [...drawn.hands.get(s)!, ...known(s)]);
  const hands = Array.from({ length: k.options.players }, (_, s) =>
    view.activeSeats.includes(s) ? [...present(s), ...(played.get(s) ?? [])] : [],
  );
  let talon = pickedUp ? [] : (knownTalon ?? drawn.pile);
  const discard = declarer === me ? knownDiscard : hiddenDiscard ? drawn.pile : null;
  let give: Card | null = null;
  if (pickedUp) {
    let all: Card[] | null = [...hands[declarer!]!, ...(discard ?? [])];
    if (buy) {
      give = buy.give ?? drawSome(hands[buy.from]!, 1, rng)[0]!;
      const seller = minus(hands[buy.from]!, [give]);
      all = minus(all, [buy.card]);
      if (!seller || !all) return null;
      hands[buy.from] = [...seller, buy.card];
      all.push(give);
    }
    talon = knownTalon ?? drawSome(all, TALON, rng);
    const dealt = minus(all, talon);
    if (!dealt) return null;
    hands[declarer!] = dealt;
  }
  if (readCalls && !callsFit('droggn', k, hands, declarer)) return null;
  return replayWorld(droggn, k, hands, talon, (a) => {
    if (a.type === 'discard' && discard) return { seat: a.seat, type: 'discard', cards: [...discard] };
    if (a.type === 'buy' && give !== null) return { seat: a.seat, type: 'buy', card: a['card'] as Card, give };
    return null;
  });
}
