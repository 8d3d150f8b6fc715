import { doppelkopf, type DokoOptions, type DokoState, type DokoView } from '../../engine/doppelkopf/index.js';
import { followSuitIn, trumpsOf, SOLOS, type ContractKind } from '../../engine/doppelkopf/cards.js';
import { activeSeatsOf } from '../../engine/doppelkopf/deal.js';
import type { Card } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import type { SeatKnowledge } from './seat-input.js';
import { drawUnseen, playedBy, replayWorld, unseenOf } from './world.js';

/**
 * A Doppelkopf world for the seat (docs/rules/doppelkopf.md#contracts–docs/rules/doppelkopf.md#announcements): the other hands drawn from the unseen
 * cards with every renonce shown in play respected (a seat that did not follow has none of the
 * led suit, trumps counting as one suit). The replay refuses the worlds that contradict an
 * announcement (only a Re player may say Re: the Kreuz-Dame inference), a wedding or a solo,
 * and a reservation's hidden contract is drawn among those legal in the world. Poverty, whose
 * passed cards only two seats see, is not imagined: those hands fall back to the beginner.
 */
export function imagineDoppelkopf(k: SeatKnowledge<DokoOptions>, view: DokoView, rng: Rng): DokoState | null {
  if (k.actions.some((a) => a.type === 'poverty' || a.type === 'poverty-return')) return null;
  const me = k.seat;
  const played = playedBy(k.actions);
  const active = activeSeatsOf(k.options, k.setup.dealer);
  const per = k.options.deck / 4;
  const others = active.filter((s) => s !== me);
  const unseen = unseenOf(doppelkopf.deck(k.options), [...k.hand, ...[...played.values()].flat()]);
  const contract: ContractKind = (SOLOS as readonly string[]).includes(view.contract ?? '') ? (view.contract as ContractKind) : 'normal';
  const follow = followSuitIn(trumpsOf(contract, k.options.deck));
  const voids = new Map<number, Set<string>>();
  const plays = k.actions.filter((a) => a.type === 'play');
  for (let t = 0; t < plays.length; t += 4) {
    const trick = plays.slice(t, t + 4);
    const led = follow(trick[0]!['card'] as Card);
    for (const p of trick.slice(1)) {
      if (follow(p['card'] as Card) !== led) (voids.get(p.seat) ?? voids.set(p.seat, new Set()).get(p.seat)!).add(led);
    }
  }
  const drawn = drawUnseen(
    {
      seats: others,
      counts: others.map((s) => per - (played.get(s)?.length ?? 0)),
      cards: unseen,
      pileSize: 0,
      mayHold: (s, c) => !voids.get(s)?.has(follow(c)),
    },
    rng,
  );
  if (!drawn) return null;
  // Played cards first: the engine takes a card's first copy, so the rest keep the view's order.
  const hands = Array.from({ length: k.options.players }, (_, s) =>
    active.includes(s) ? [...(played.get(s) ?? []), ...(s === me ? k.hand : drawn.hands.get(s)!)] : null,
  );
  return replayWorld(doppelkopf, k, hands, [], (a, state) => {
    if (a.type !== 'contract') return null;
    const legal = doppelkopf.legalActions(state, a.seat).filter((x) => x.type === 'contract');
    return legal.length ? rng.pick(legal) : null;
  });
}
