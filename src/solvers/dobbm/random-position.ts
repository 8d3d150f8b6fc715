import { shuffled } from '../sampling.js';
import type { Rng } from '../../engine/core/rng.js';
import { ALL_CARDS, pointsOfCodes, toSuitMasks } from './cards.js';
import type { DdsPosition } from './solver.js';
import type { CodePosition } from './minimax.js';

/** Random positions for tests and the benchmark (seeded: reproducible). */
export { shuffled };

/** docs/rules/dobbm.md#discard sow rule (default `heartSowIsSow`): each discarded sow needs another heart. */
function isLegalDiscard(cards: readonly string[]): boolean {
  let sows = 0;
  let hearts = 0;
  for (const c of cards) {
    if (c.endsWith('S') && !c.endsWith('10')) sows++;
    else if (c[0] === 'H') hearts++;
  }
  return sows <= hearts;
}

export function toDdsPosition(pos: CodePosition): DdsPosition {
  return {
    hands: pos.hands.map(toSuitMasks),
    leader: pos.leader,
    bonusPoints: pos.bonusPoints,
    bonusAlwaysCounts: pos.bonusAlwaysCounts,
    pointsSoFar: pos.pointsSoFar,
    declarerHasTrick: pos.declarerHasTrick,
  };
}

/** `tricks` cards in each of four hands, a random leader and a random state of the bonus. */
export function randomEndgame(rng: Rng, tricks: number): CodePosition {
  const deck = shuffled(ALL_CARDS, rng);
  const hands = [0, 1, 2, 3].map((p) => deck.slice(p * tricks, (p + 1) * tricks));
  const rest = deck.slice(4 * tricks);
  const hasTrick = rng.next() < 0.5;
  return {
    hands,
    leader: rng.int(4),
    bonusPoints: pointsOfCodes(rest.slice(0, 4)),
    bonusAlwaysCounts: rng.next() < 0.2,
    declarerHasTrick: hasTrick,
    pointsSoFar: hasTrick ? rng.int(40) : 0,
  };
}

/** A full deal right after the exchange: the declarer took the Dobb and laid away 4 legal cards. */
export function randomDealAfterExchange(rng: Rng): CodePosition & { discard: string[] } {
  const deck = shuffled(ALL_CARDS, rng);
  const twelve = deck.slice(0, 12);
  let discard: string[];
  do discard = shuffled(twelve, rng).slice(0, 4);
  while (!isLegalDiscard(discard));
  const declarer = twelve.filter((c) => !discard.includes(c));
  return {
    hands: [declarer, deck.slice(12, 20), deck.slice(20, 28), deck.slice(28, 36)],
    leader: 0,
    bonusPoints: pointsOfCodes(discard),
    discard,
  };
}
