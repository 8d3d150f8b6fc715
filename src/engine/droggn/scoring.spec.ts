/** Scoring functions of docs/rules/droggn.md#counting–docs/rules/droggn.md#settlement on hand-built final states. */
import type { Card } from '../core/types.js';
import { DECK } from './cards.js';
import { pagatItems, piles, zeroSumScores } from './scoring.js';
import type { CompletedTrick, DroggnState, Layout } from './state.js';
import { dealt } from './deals.testkit.js';

/** 21 filler tricks won by `winners[i]`; `special` replaces trick i's plays. */
function finished(
  contract: DroggnState['contract'],
  special: Record<number, CompletedTrick>,
  layouts: Layout[] = [],
  winners: (i: number) => number = () => 1,
): DroggnState {
  const base = dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2);
  const tricks: CompletedTrick[] = Array.from(
    { length: 21 },
    (_, i) =>
      special[i] ?? {
        leader: 0,
        plays: [
          { seat: 0, card: 'S4' },
          { seat: 1, card: 'S5' },
          { seat: 2, card: 'S6' },
        ],
        winner: winners(i),
      },
  );
  return { ...base, phase: 'over', endReason: 'played', contract, declarer: 0, defenders: [1, 2], layouts, tricks };
}
const trick = (winner: number, ...cards: Card[]): CompletedTrick => ({
  leader: 0,
  plays: cards.map((card, seat) => ({ seat, card })),
  winner,
});

describe('Pagat items (docs/rules/droggn.md#scoring)', () => {
  it('the declarer`s unannounced Pagat caught early: the defenders +5', () => {
    expect(pagatItems(finished('ansager', { 4: trick(1, 'T1', 'T9', 'T2') }), 2)).toEqual([
      { item: 'captured', side: 'defenders', points: 5 },
    ]);
  });
  it('a defender`s Pagat taken by his own partner earns nothing', () => {
    expect(pagatItems(finished('ansager', { 4: trick(2, 'S9', 'T1', 'T2') }), 1)).toEqual([]);
  });
  it('an unannounced Pagat beaten in trick 21 by the partner: its side −10, not doubled', () => {
    expect(pagatItems(finished('solo', { 20: trick(2, 'S9', 'T1', 'T2') }), 4)).toEqual([
      { item: 'ultimo', side: 'defenders', points: -10 },
    ]);
  });
  it('a defender`s laid-out Pagat winning trick 21: the defenders +20·m', () => {
    expect(pagatItems(finished('ansager', { 20: trick(1, 'S9', 'T1', 'S4') }, [{ seat: 1, card: 'T1' }]), 4)).toEqual([
      { item: 'laidOut', side: 'defenders', points: 80 },
    ]);
  });
  it('a laid-out Pagat played before trick 21: its side −20·m', () => {
    expect(pagatItems(finished('ansager', { 3: trick(0, 'T1', 'S4', 'S5') }, [{ seat: 0, card: 'T1' }]), 2)).toEqual([
      { item: 'laidOut', side: 'declarer', points: -40 },
    ]);
  });
  it('the Pagat in a Super talon scores nothing', () => {
    expect(pagatItems(finished('super', {}), 1)).toEqual([]);
  });
});

describe('piles (docs/rules/droggn.md#counting)', () => {
  it('the Gstieß stays with the side that played it; the discard counts for the declarer', () => {
    const s = { ...finished('ansager', { 0: trick(0, 'SK', 'GS', 'S9') }, [], (i) => (i === 0 ? 0 : 1)), discard: ['HK', 'HQ', 'T5'] };
    const p = piles(s);
    expect(p.declarer).toEqual(['SK', 'S9', 'HK', 'HQ', 'T5']);
    expect(p.defenders).toContain('GS');
    expect(p.defenders).toHaveLength(61);
  });
});

describe('zero-sum view (docs/rules/droggn.md#settlement)', () => {
  it('declarer +Δ·(n−1), everybody else −Δ, a sitting-out dealer included', () => {
    expect(zeroSumScores(3, 1, -6)).toEqual([6, -12, 6]);
    expect(zeroSumScores(4, 2, 25)).toEqual([-25, -25, 75, -25]);
  });
});
