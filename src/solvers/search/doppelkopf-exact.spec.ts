import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { seededRng, shuffle } from '../../engine/index.js';
import { doppelkopf, type DokoState } from '../../engine/doppelkopf/index.js';
import { heuristicBot } from '../../engine/doppelkopf/bots.js';
import { DokoSolver } from '../doppelkopf/solver.js';
import { partyOf } from '../../engine/doppelkopf/parties.js';
import { valueInput } from '../../engine/doppelkopf/result.js';
import { endgamePosition } from './doppelkopf-exact.js';

const bot = heuristicBot();

/** A hand played by the engine's bots until `tricks` tricks are left, at a trick boundary (null if it ended first). */
function endgame(seed: number, rules: Record<string, unknown>, tricks: number): DokoState | null {
  const parsed = doppelkopf.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const o = parsed.options;
  const rng = seededRng(seed);
  let s = doppelkopf.deal(o, shuffle(seed.toString(16).padStart(64, '0'), doppelkopf.deck(o)), { dealer: seed % 4 });
  while (!(s.phase === 'play' && s.current?.plays.length === 0 && s.hands.find((h) => h)!.length === tricks)) {
    if (s.phase === 'over') return null;
    const next = doppelkopf.apply(s, bot(s, doppelkopf.toAct(s)[0]!, rng));
    if (!next.ok) throw new Error(next.rejection.message);
    s = next.state;
  }
  return s;
}

/** Re's card points at the end under best play of both parties, by exhaustive search through the engine itself. */
function engineMinimax(s: DokoState): number {
  if (s.phase === 'over') return doppelkopf.result(s)!.cardPoints!['re'];
  const seat = doppelkopf.toAct(s)[0]!;
  const re = partyOf(s, seat) === 're';
  const values = doppelkopf
    .legalActions(s, seat)
    .filter((a) => a.type === 'play')
    .map((a) => {
      const next = doppelkopf.apply(s, a);
      if (!next.ok) throw new Error(next.rejection.message);
      return engineMinimax(next.state);
    });
  return re ? Math.max(...values) : Math.min(...values);
}

describe('the Doppelkopf endgame solved for the strong bot (docs/bots.md)', () => {
  const solver = new DokoSolver();
  it("the solver's value on the engine's position plus Re's points so far equals exhaustive search through the engine", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom<Record<string, unknown>>({}, { deck: 40 }, { dullen: 'second' }, { dullen: 'secondExceptLast', deck: 40 }),
        fc.integer({ min: 1, max: 3 }),
        (seed, rules, tricks) => {
          const s = endgame(seed, rules, tricks);
          if (s === null) return;
          const position = endgamePosition(s, tricks);
          if (position === null) return;
          const soFar = valueInput(s).cardPoints.re;
          expect(soFar + solver.solve(position)).toBe(engineMinimax(s));
        },
      ),
      { numRuns: 60 },
    );
  });
});
