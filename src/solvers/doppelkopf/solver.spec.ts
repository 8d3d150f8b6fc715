import fc from 'fast-check';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { shuffled } from '../sampling.js';
import { cardPoints, dokoDeck, followSuitIn, trickWinnerIndex, trumpsOf, type ContractKind } from '../../engine/doppelkopf/cards.js';
import type { Card } from '../../engine/core/types.js';
import { DokoSolver, type DokoDdsPosition } from './solver.js';

const CONTRACTS: ContractKind[] = ['normal', 'solo-d', 'solo-h', 'solo-s', 'solo-c', 'solo-q', 'solo-j', 'solo-f'];
const DULLEN = ['first', 'second', 'secondExceptLast'] as const;

/** A random endgame: `tricks` cards each from a shuffled deck, random parties, contract and Dulle rule. */
function randomEndgame(rng: Rng, tricks: number): DokoDdsPosition {
  const deckSize = rng.next() < 0.5 ? 48 : 40;
  const deck = shuffled(dokoDeck(deckSize), rng);
  const re = [0, 1, 2, 3].map(() => rng.next() < 0.5);
  if (re.every((x) => x) || re.every((x) => !x)) re[rng.int(4)] = !re[0];
  return {
    hands: [0, 1, 2, 3].map((p) => deck.slice(p * tricks, (p + 1) * tricks)),
    re,
    leader: rng.int(4),
    trumps: trumpsOf(rng.pick(CONTRACTS), deckSize),
    dullen: rng.pick([...DULLEN]),
  };
}

/** Re's points by exhaustive minimax over the engine's own rules of play (cards.ts): the solver's reference. */
function minimax(pos: DokoDdsPosition): number {
  const hands = pos.hands.map((h) => h.slice());
  const follow = followSuitIn(pos.trumps);
  const trick = (leader: number, plays: Card[]): number => {
    const p = (leader + plays.length) % 4;
    if (plays.length === 4) {
      const last = hands.every((h) => h.length === 0);
      const w = (leader + trickWinnerIndex(plays, { trumps: pos.trumps, dullen: pos.dullen, lastTrick: last, promoted: [] })) % 4;
      const pts = plays.reduce((a, c) => a + cardPoints(c), 0);
      return (pos.re[w] ? pts : 0) + (last ? 0 : trick(w, []));
    }
    const hand = hands[p]!;
    const led = plays.length ? follow(plays[0]!) : null;
    const same = hand.filter((c) => follow(c) === led);
    const legal = [...new Set(same.length ? same : hand)];
    let best = pos.re[p] ? -1 : Infinity;
    for (const c of legal) {
      hand.splice(hand.indexOf(c), 1);
      const v = trick(leader, [...plays, c]);
      hand.push(c);
      best = pos.re[p] ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return trick(pos.leader, []);
}

describe('Doppelkopf double-dummy solver (docs/rules/doppelkopf.md#play)', () => {
  const solver = new DokoSolver();

  it('agrees with exhaustive minimax over the engine rules on random endgames of 1 to 3 tricks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 3 }), (seed, tricks) => {
        const pos = randomEndgame(seededRng(seed), tricks);
        expect(solver.solve(pos)).toBe(minimax(pos));
      }),
      { numRuns: 300 },
    );
  });

  it('answers "Re makes at least t?" like the exact value, on 5-trick endgames', () => {
    const rng = seededRng(7);
    for (let i = 0; i < 20; i++) {
      const pos = randomEndgame(rng, 5);
      const v = solver.solve(pos);
      expect(solver.reaches(pos, v)).toBe(true);
      expect(solver.reaches(pos, v + 1)).toBe(false);
    }
  });

  it('the second Dulle takes the first, except in the last trick under secondExceptLast', () => {
    const pos = (dullen: DokoDdsPosition['dullen']): DokoDdsPosition => ({
      hands: [['H10'], ['H10'], ['C9'], ['S9']],
      re: [true, false, true, true],
      leader: 0,
      trumps: trumpsOf('normal', 48),
      dullen,
    });
    expect(solver.solve(pos('first'))).toBe(20);
    expect(solver.solve(pos('second'))).toBe(0);
    expect(solver.solve(pos('secondExceptLast'))).toBe(20);
  });
});
