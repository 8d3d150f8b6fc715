import { Codes } from '../core/rejections.js';
import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { result, valueInput } from './result.js';
import { toAct } from './rules.js';
import { act, acts, codeOf, dealWith, opts, playFirstLegal } from './deals.testkit.js';
import { view } from './view.js';

/** One trump only (DA). */
const POOR = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];
const on = (extra: Record<string, unknown> = {}) => opts({ poverty: { enabled: true, ...extra } });
const declare = (hand = POOR, o = on()): ReturnType<typeof dealWith> =>
  acts(dealWith(o, { 0: hand }), [
    { seat: 0, type: 'reservation', call: 'vorbehalt' },
    { seat: 1, type: 'reservation', call: 'gesund' },
    { seat: 2, type: 'reservation', call: 'gesund' },
    { seat: 3, type: 'reservation', call: 'gesund' },
    { seat: 0, type: 'contract', contract: 'armut' },
  ]);
const answer = (seat: number, accept: boolean): Action => ({ seat, type: 'poverty-answer', accept });

describe('poverty (Armut, docs/rules/doppelkopf.md#wedding-poverty)', () => {
  it('is not available without the option', () => {
    const s = acts(
      dealWith(opts(), { 0: POOR }),
      [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 0 ? 'vorbehalt' : 'gesund' })),
    );
    expect(codeOf(s, { seat: 0, type: 'contract', contract: 'armut' })).toBe(DokoCodes.NOT_ENTITLED);
  });

  it('docs/rules/doppelkopf.md#decision-6 default: three cards containing all trumps', () => {
    const s = declare();
    expect(codeOf(s, { seat: 0, type: 'poverty', cards: ['CA', 'CK', 'CK'] })).toBe(DokoCodes.POVERTY_MUST_PASS_TRUMPS);
    expect(codeOf(s, { seat: 0, type: 'poverty', cards: ['DA', 'CK'] })).toBe(Codes.WRONG_CARD_COUNT);
    expect(codeOf(s, { seat: 0, type: 'poverty', cards: ['DA', 'HA', 'CK'] })).toBe(Codes.CARD_NOT_HELD);
    expect(codeOf(s, { seat: 1, type: 'poverty', cards: ['DA', 'CK', 'CK'] })).toBe(Codes.NOT_YOUR_TURN);
  });

  it("asked clockwise from the pauper's left; the acceptor returns three; pauper + acceptor = Re", () => {
    let s = act(declare(), { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] });
    expect(toAct(s)).toEqual([1]);
    expect(view(s, { kind: 'seat', seat: 1 }).poverty).toMatchObject({ passed: null, passedCount: 3 });
    s = acts(s, [answer(1, false), answer(2, true)]);
    expect(s.hands[2]).toHaveLength(15);
    expect(codeOf(s, { seat: 2, type: 'poverty-return', cards: ['DA'] })).toBe(Codes.WRONG_CARD_COUNT);
    s = act(s, { seat: 2, type: 'poverty-return', cards: ['CK', 'CK', 'DA'] });
    expect(s.hands[0]).toHaveLength(12);
    expect(s.hands[0]!.filter((c) => c === 'CK')).toHaveLength(2);
    expect(toAct(s)).toEqual([0]); // forehand leads
    const end = playFirstLegal(s);
    expect(result(end)!.parties).toEqual({ re: [0, 2], kontra: [1, 3] });
    expect(result(end)!.contract).toBe('armut');
    expect(valueInput(end).solo).toBe(false); // docs/rules/doppelkopf.md#decision-5: extras and "against the elders" apply
  });

  it('nobody accepts: the hand is thrown in with a zero result', () => {
    const s = acts(declare(), [
      { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] },
      answer(1, false),
      answer(2, false),
      answer(3, false),
    ]);
    expect(s.phase).toBe('over');
    expect(result(s)).toMatchObject({ status: 'thrownIn', scores: [0, 0, 0, 0], details: { reason: 'povertyRefused' } });
  });

  it('docs/rules/doppelkopf.md#decision-6 alternative passExactlyTrumps: only the trumps go, as many come back', () => {
    let s = declare(POOR, on({ passExactlyTrumps: true }));
    expect(codeOf(s, { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] })).toBe(Codes.WRONG_CARD_COUNT);
    s = acts(s, [{ seat: 0, type: 'poverty', cards: ['DA'] }, answer(1, true)]);
    expect(codeOf(s, { seat: 1, type: 'poverty-return', cards: ['DA', 'DA'] })).toBe(Codes.WRONG_CARD_COUNT);
    expect(act(s, { seat: 1, type: 'poverty-return', cards: ['DA'] }).phase).toBe('play');
  });

  it('countFoxes = false: the foxes do not count towards the three trumps', () => {
    const foxes = ['DA', 'DA', 'D9', 'DK', 'CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA'];
    const deny = acts(
      dealWith(on(), { 0: foxes }),
      [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 0 ? 'vorbehalt' : 'gesund' })),
    );
    expect(codeOf(deny, { seat: 0, type: 'contract', contract: 'armut' })).toBe(DokoCodes.NOT_ENTITLED);
    const s = declare(foxes, on({ countFoxes: false }));
    expect(s.phase).toBe('poverty');
    expect(codeOf(s, { seat: 0, type: 'poverty', cards: ['D9', 'DK', 'CA'] })).toBeNull();
  });

  it('announceTrumpsReturned tells everybody how many trumps came back', () => {
    const s = acts(declare(POOR, on({ announceTrumpsReturned: true })), [
      { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] },
      answer(1, true),
      { seat: 1, type: 'poverty-return', cards: ['DA', 'CK', 'CK'] },
    ]);
    expect(view(s, { kind: 'seat', seat: 3 }).poverty).toMatchObject({ trumpsReturned: 1, returned: null });
  });
});
