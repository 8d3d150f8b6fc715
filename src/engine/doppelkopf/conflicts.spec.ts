import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { result, valueInput } from './result.js';
import { session } from './session.js';
import { acts, allHealthy, codeOf, dealWith, opts, playFirstLegal } from './deals.testkit.js';

/** docs/rules/doppelkopf.md#decisions rows not covered next to their rule's own tests. */
describe('docs/rules/doppelkopf.md#decision-9: silent solo', () => {
  const t = opts({ mode: 'tournament' });
  const hand = playFirstLegal(allHealthy(dealWith(t, { 2: ['CQ', 'CQ'] }, 3)));

  it('is scored as a solo without extra points: soloist ±3v, others ∓v', () => {
    const r = result(hand)!;
    expect([r.contract, r.declarer]).toEqual(['silent-solo', 2]);
    expect(valueInput(hand).extras).toEqual([]);
    expect(r.scores[2]).toBe(-3 * r.scores[0]);
    expect(r.scores[0]).toBe(r.scores[1]);
    expect(r.scores[0]).toBe(r.scores[3]);
  });

  it('is not a compulsory solo: the dealer advances and the deal counts', () => {
    const after = session.afterHand(t, { dealer: 3, counted: 0, hands: 0, compulsoryDone: [], ended: false }, hand);
    expect(after.next?.dealer).toBe(0);
    expect(after.session.counted).toBe(1);
    expect(after.session.compulsoryDone).toEqual([]);
  });
});

describe('docs/rules/doppelkopf.md#decision-8: a failed wedding is not compulsory', () => {
  it('the dealer advances after it, even in a tournament', () => {
    const t = opts({ mode: 'tournament' });
    const strong = { 1: ['H10', 'H10', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ', 'CJ', 'CJ'] };
    const calls: Action[] = [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 1 ? 'vorbehalt' : 'gesund' }));
    const hand = playFirstLegal(acts(dealWith(t, strong), [...calls, { seat: 1, type: 'contract', contract: 'hochzeit' }]));
    expect(hand.weddingFailed).toBe(true);
    const after = session.afterHand(t, { dealer: 3, counted: 0, hands: 0, compulsoryDone: [], ended: false }, hand);
    expect(after.next?.dealer).toBe(0);
    expect(after.session.compulsoryDone).toEqual([]);
  });
});

describe('docs/rules/doppelkopf.md#decision-11: 40 cards use the same "cards played" windows', () => {
  const s = allHealthy(dealWith(opts({ deck: 40 }), { 0: ['CQ'], 2: ['CQ'] }));

  it('Re is in time after one card, too late after two', () => {
    expect(codeOf(playFirstLegal(s, 1), { seat: 0, type: 'announce', level: 're' })).toBeNull();
    expect(codeOf(playFirstLegal(s, 2), { seat: 0, type: 'announce', level: 're' })).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
  });

  it('after "keine 30", schwarz is in time with five cards played, too late with six', () => {
    const no30 = acts(s, [{ seat: 0, type: 'announce', level: 'no30' }]);
    expect(codeOf(playFirstLegal(no30, 5), { seat: 0, type: 'announce', level: 'schwarz' })).toBeNull();
    expect(codeOf(playFirstLegal(no30, 6), { seat: 0, type: 'announce', level: 'schwarz' })).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
  });
});
