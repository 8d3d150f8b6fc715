import { dobbm, sowRuleHolds, type DobbmOptions, type DobbmState, type DobbmView } from '../../engine/dobbm/index.js';
import type { Card } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import { voidsShown } from '../dobbm/knowledge.js';
import { SUIT_LETTERS } from '../dobbm/cards.js';
import type { SeatKnowledge } from './seat-input.js';
import { callsFit, drawSome, drawUnseen, minus, playedBy, replayWorld, unseenOf } from './world.js';

const DOBB = 4;
const suitIndex = (c: Card): number => SUIT_LETTERS.indexOf(c[0] as (typeof SUIT_LETTERS)[number]);

/**
 * A Dobbm world for the seat (docs/rules/dobbm.md#deal–docs/rules/dobbm.md#play): the other hands drawn from the unseen cards
 * (voids shown in play respected), then the hidden pile — the Dobb before the exchange or in a
 * Solo, the discard (which obeys the sow rule) as a defender sees it — and, for a defender, which
 * of the declarer's cards came from the Dobb.
 */
export function imagineDobbm(k: SeatKnowledge<DobbmOptions>, view: DobbmView, rng: Rng, readCalls = false): DobbmState | null {
  if (k.actions.some((a) => a.type === 'irregularity')) return null;
  const me = k.seat;
  const played = playedBy(k.actions);
  const dobbmContract = view.contract === 'dobbm';
  const declarer = view.declarer;
  const tookDobb = dobbmContract && view.phase !== 'bidding';
  const knownDobb = view.dobb ?? null;
  const knownDiscard = view.discard ?? null;
  const seen = [...k.hand, ...[...played.values()].flat(), ...(knownDiscard ?? [])];
  // the declarer's Dobb is in his hand until he discards
  if (knownDobb && !(tookDobb && declarer === me)) seen.push(...knownDobb);
  const unseen = unseenOf(dobbm.deck(k.options), [...new Set(seen)]);
  const others = view.active.filter((s) => s !== me);
  const hiddenDiscard = tookDobb && view.discarded && declarer !== me;
  const voids = voidsShown([...view.tricks.map((t) => t.plays), view.currentTrick.plays]);
  const drawn = drawUnseen(
    {
      seats: others,
      counts: others.map((s) => view.handSizes[s]!),
      cards: unseen,
      pileSize: tookDobb ? (hiddenDiscard ? DOBB : 0) : DOBB,
      mayHold: (s, c) => !voids.get(s)?.[suitIndex(c)],
      pileRule: hiddenDiscard ? (pile) => sowRuleHolds(pile, k.options) : undefined,
      known: k.known,
    },
    rng,
  );
  if (!drawn) return null;
  const present = (s: number): Card[] => (s === me ? k.hand : drawn.hands.get(s)!);
  const hands = Array.from({ length: view.players }, (_, s) =>
    view.active.includes(s) ? [...present(s), ...(played.get(s) ?? [])] : null,
  );
  let dobb = drawn.pile;
  const discard = declarer === me ? knownDiscard : hiddenDiscard ? drawn.pile : null;
  if (tookDobb) {
    const all = [...hands[declarer!]!, ...(discard ?? [])];
    dobb = knownDobb ?? drawSome(all, DOBB, rng);
    const dealt = minus(all, dobb);
    if (!dealt) return null;
    hands[declarer!] = dealt;
  }
  if (readCalls && !callsFit('dobbm', k, hands, declarer)) return null;
  return replayWorld(dobbm, k, hands, dobb, (a) =>
    a.type === 'discard' && discard ? { seat: a.seat, type: 'discard', cards: [...discard] } : null,
  );
}
