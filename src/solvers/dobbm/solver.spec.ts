import fc from 'fast-check';
import { seededRng } from '../../engine/core/rng.js';
import { DobbmSolver } from './solver.js';
import { minimaxValue } from './minimax.js';
import { randomDealAfterExchange, randomEndgame, toDdsPosition } from './random-position.js';

describe('double-dummy solver (docs/rules/dobbm.md#play, docs/rules/dobbm.md#scoring)', () => {
  const solver = new DobbmSolver();

  it('agrees with exhaustive minimax on random endgames of 1 to 3 tricks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 3 }), (seed, tricks) => {
        const pos = randomEndgame(seededRng(seed), tricks);
        expect(solver.solve(toDdsPosition(pos))).toBe(minimaxValue(pos));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with exhaustive minimax on random 4-trick endgames, with every speed-up switched on or off', () => {
    const plain = new DobbmSolver({ transpositionTable: false, moveOrdering: false, equivalentCards: false });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const pos = randomEndgame(seededRng(seed), 4);
        const expected = minimaxValue(pos);
        expect(solver.solve(toDdsPosition(pos))).toBe(expected);
        expect(plain.solve(toDdsPosition(pos))).toBe(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('answers "at least t points?" like the exact value does, on 5-trick endgames and full deals', () => {
    const rng = seededRng(11);
    for (let i = 0; i < 30; i++) {
      const pos = toDdsPosition(i < 25 ? randomEndgame(rng, 5) : randomDealAfterExchange(rng));
      const d = solver.solve(pos);
      expect(solver.reaches(pos, 61)).toBe(d >= 61);
      expect(solver.solveFullWindow(pos)).toBe(d);
      expect(solver.reaches(pos, d)).toBe(true);
      expect(solver.reaches(pos, d + 1)).toBe(false);
    }
  });

  it('a declarer holding every heart and sow takes all eight tricks: D = 120', () => {
    const pos = {
      hands: [
        ['HS', 'H10', 'HK', 'HO', 'HU', 'H9', 'H8', 'H7'],
        ['LS', 'L10', 'LK', 'LO', 'LU', 'L9', 'L8', 'L7'],
        ['AS', 'A10', 'AK', 'AO', 'AU', 'A9', 'A8', 'A7'],
        ['BS', 'B10', 'BK', 'BO', 'BU', 'B9', 'B8', 'B7'],
      ],
      leader: 0,
      bonusPoints: 0,
    };
    expect(solver.solve(toDdsPosition(pos))).toBe(120);
  });

  it('a declarer who cannot win a trick scores 0 and loses the discard (zero-trick transfer)', () => {
    const pos = {
      hands: [
        ['L6', 'L7'],
        ['LS', 'L10'],
        ['LK', 'LO'],
        ['LU', 'L9'],
      ],
      leader: 0,
      bonusPoints: 25,
    };
    expect(solver.solve(toDdsPosition(pos))).toBe(0);
    expect(solver.solve(toDdsPosition({ ...pos, bonusAlwaysCounts: true }))).toBe(25);
  });
});
