import { seededRng } from '../../engine/core/rng.js';
import { droggn, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { legalCards } from '../../engine/droggn/play.js';
import { cardCode, cardIndex } from './cards.js';
import { randomPlayState, toPosition, positionSeats } from './position.js';
import { DroggnSolver, type SolverSwitches } from './solver.js';
import { playout } from './playout.js';

/** Plain minimax through the engine itself: does the declarer win (result `won`) with best play? */
function engineWins(s: DroggnState): boolean {
  if (s.phase === 'over') return droggn.result(s)!.details!['won'] as boolean;
  const declarerMoves = s.turn === s.declarer;
  for (const card of legalCards(s, s.turn)) {
    const next = droggn.apply(s, { seat: s.turn, type: 'play', card });
    if (!next.ok) throw new Error(next.rejection.code);
    const r = engineWins(next.state);
    if (r === declarerMoves) return r;
  }
  return !declarerMoves;
}

const ALL: SolverSwitches[] = [
  {},
  { transpositionTable: false, moveOrdering: false, equivalentCards: false },
  { transpositionTable: false },
  { equivalentCards: false },
];

describe('Droggn double-dummy solver (docs/rules/droggn.md#play–docs/rules/droggn.md#scoring)', () => {
  it("generates exactly the engine's legal cards in every state of randomly played hands", () => {
    const rng = seededRng(5);
    const solver = new DroggnSolver();
    let checked = 0;
    for (let n = 0; n < 6; n++) {
      let s = randomPlayState(rng, 21);
      while (s.phase === 'play') {
        if (s.trick.length === 0) {
          solver.reaches(toPosition(s), 37, 0); // loads the position (aborts at once)
        }
        const seats = positionSeats(s);
        const pos = seats.indexOf(s.turn);
        // the solver's view of the trick so far
        const lead = seats.indexOf(s.trickLeader);
        (solver as unknown as { trick: number[] }).trick.splice(0, s.trick.length, ...s.trick.map((p) => cardIndex(p.card)));
        (solver as unknown as { owner: Int8Array }).owner.fill(-1);
        seats.forEach((seat, k) => s.hands[seat]!.forEach((c) => ((solver as unknown as { owner: Int8Array }).owner[cardIndex(c)] = k)));
        expect(pos).toBe((lead + s.trick.length) % 3);
        const mine = solver.legal(pos, s.trick.length).map(cardCode).sort();
        expect(mine).toEqual([...legalCards(s, s.turn)].sort());
        checked++;
        const card = rng.pick(legalCards(s, s.turn));
        const next = droggn.apply(s, { seat: s.turn, type: 'play', card });
        if (!next.ok) throw new Error(next.rejection.code);
        s = next.state;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('agrees with plain minimax through the engine on random endgames of 1–3 tricks, every speed-up on and off', () => {
    const rng = seededRng(11);
    let wins = 0;
    let losses = 0;
    for (let n = 0; n < 60; n++) {
      const s = randomPlayState(rng, 1 + (n % 3));
      const truth = engineWins(s);
      for (const sw of ALL) expect(new DroggnSolver(sw).reaches(toPosition(s), s.options.winThreshold as number)).toBe(truth);
      if (truth) wins++;
      else losses++;
    }
    // both outcomes occur, so the comparison can fail either way
    expect(wins).toBeGreaterThan(5);
    expect(losses).toBeGreaterThan(5);
  });

  it('endgames with the Gstieß still out: it stays with the side that played it, as in the engine', () => {
    const rng = seededRng(23);
    let seen = 0;
    let mismatchIfCaptured = 0;
    for (let n = 0; n < 3000 && seen < 60; n++) {
      const s = randomPlayState(rng, 2 + (n % 2));
      if (!s.active.some((seat) => s.hands[seat]!.includes('GS'))) continue;
      seen++;
      const truth = engineWins(s);
      expect(new DroggnSolver().reaches(toPosition(s), 37)).toBe(truth);
      // the same position with the Gstieß worth nothing to anybody: a different answer now and then
      const p = toPosition(s);
      if (new DroggnSolver().reaches({ ...p, declarerFace: p.declarerFace - 5 }, 37) !== truth) mismatchIfCaptured++;
    }
    expect(seen).toBeGreaterThanOrEqual(30);
    expect(mismatchIfCaptured).toBeGreaterThan(0); // positions close enough that five points matter
  });

  it('with a laid-out Pagat the solver keeps it back as the engine does', () => {
    const rng = seededRng(3);
    let seen = 0;
    for (let n = 0; n < 400 && seen < 8; n++) {
      const s = randomPlayState(rng, 2);
      if (!s.layouts.some((l) => l.card === 'T1' && s.hands[l.seat]!.includes('T1'))) continue;
      seen++;
      expect(new DroggnSolver().reaches(toPosition(s), 37)).toBe(engineWins(s));
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('reports null when the node budget runs out, and the bounds decide without search', () => {
    const s = randomPlayState(seededRng(8), 8);
    const solver = new DroggnSolver();
    expect(solver.reaches(toPosition(s), 37, 5)).toBeNull();
    const p = toPosition(s);
    expect(solver.reaches({ ...p, declarerFace: 80, declarerCards: 30 }, 37)).toBe(true);
    expect(solver.nodes).toBe(1);
    expect(solver.reaches({ ...p, defenderFace: 80, defenderCards: 30 }, 37)).toBe(false);
    expect(defaultOptions().winThreshold).toBe(37);
  });

  it('hybrid playouts hand the last tricks to the solver: they then agree with minimax through the engine', () => {
    const rng = seededRng(17);
    let differsFromBot = 0;
    for (let n = 0; n < 40; n++) {
      const s = randomPlayState(rng, 3);
      const truth = engineWins(s);
      expect(playout(s, rng, undefined, { tricks: 3 }).won).toBe(truth);
      if (playout(s, rng).won !== truth) differsFromBot++;
    }
    // the pure bot misplays some of these endgames, so the hybrid path is really taken
    expect(differsFromBot).toBeGreaterThan(0);
  });
});
