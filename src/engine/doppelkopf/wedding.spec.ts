import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { result, valueInput } from './result.js';
import { acts, codeOf, dealWith, opts, playFirstLegal } from './deals.testkit.js';

const say = (seat: number, level: string): Action => ({ seat, type: 'announce', level });
const reservations = (suitor: number): Action[] =>
  [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === suitor ? 'vorbehalt' : 'gesund' }));
function wedding(given: Record<number, string[]>, type?: string, o = opts()) {
  const call: Action = type
    ? { seat: 1, type: 'contract', contract: 'hochzeit', wedding: type }
    : { seat: 1, type: 'contract', contract: 'hochzeit' };
  return acts(dealWith(o, given), [...reservations(1), call]);
}

describe('wedding (Hochzeit, docs/rules/doppelkopf.md#wedding-poverty)', () => {
  // Seat 0 leads H10 and wins trick 1, then leads CA and wins trick 2.
  const HANDS = { 0: ['H10', 'CA'], 1: ['CQ', 'CQ', 'C10'], 2: ['CK'], 3: ['C9'] };

  it('no announcement by anybody before the partner is found', () => {
    const s = wedding(HANDS);
    expect(codeOf(s, say(1, 're'))).toBe(DokoCodes.ANNOUNCEMENT_NOT_OPEN);
    expect(codeOf(s, say(2, 'kontra'))).toBe(DokoCodes.ANNOUNCEMENT_NOT_OPEN);
  });

  it('the first trick won by another player finds the partner; Re = suitor + partner', () => {
    const s = playFirstLegal(wedding(HANDS), 1);
    expect([s.weddingPartner, s.weddingTrick]).toEqual([0, 1]);
    expect(codeOf(s, say(1, 're'))).toBeNull();
    const end = result(playFirstLegal(s))!;
    expect(end.parties).toEqual({ re: [0, 1], kontra: [2, 3] });
    expect(end.declarer).toBeNull();
    expect(valueInput(playFirstLegal(s)).solo).toBe(false); // docs/rules/doppelkopf.md#decision-5: extras and "against the elders" apply
  });

  it('callable type "nontrump": a trump trick does not count, the partner comes with trick 2 (σ = 1)', () => {
    const s = playFirstLegal(wedding(HANDS, 'nontrump', opts({ wedding: { callableTypes: true } })), 2);
    expect([s.weddingPartner, s.weddingTrick]).toEqual([0, 2]);
    // σ = 1: with two cards played, Re is still in time (one card later than normally).
    expect(codeOf(s, say(0, 're'))).toBeNull();
    expect(codeOf(playFirstLegal(s, 1), say(0, 're'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
  });

  it('callable types need the option', () => {
    const base = acts(dealWith(opts(), HANDS), reservations(1));
    expect(codeOf(base, { seat: 1, type: 'contract', contract: 'hochzeit', wedding: 'trump' })).toBe(DokoCodes.NOT_ENTITLED);
  });

  it('no partner in tricks 1–3: the suitor plays a solo scored ×3 without extras (docs/rules/doppelkopf.md#decision-8)', () => {
    // The suitor holds the twelve highest trumps and wins every trick he leads or ruffs.
    const strong = { 1: ['H10', 'H10', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ', 'CJ', 'CJ'] };
    let s = playFirstLegal(wedding(strong), 3);
    expect(s.weddingFailed).toBe(true);
    expect(s.weddingPartner).toBeNull();
    // σ = 2: Kontra is still in time with three cards played, too late with four.
    expect(codeOf(s, say(0, 'kontra'))).toBeNull();
    expect(codeOf(playFirstLegal(s, 1), say(0, 'kontra'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
    s = playFirstLegal(s);
    const r = result(s)!;
    expect([r.contract, r.declarer]).toEqual(['hochzeit', 1]);
    expect(r.parties).toEqual({ re: [1], kontra: [0, 2, 3] });
    // Re took all 240 points and every trick: won 1, <90 1, <60 1, <30 1, schwarz 1 = 5, ×3.
    expect(r.scores).toEqual([-5, 15, -5, -5]);
  });
});
