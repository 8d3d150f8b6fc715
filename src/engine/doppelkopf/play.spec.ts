import { Codes } from '../core/rejections.js';
import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { trickExtras } from './result.js';
import { legalActions } from './rules.js';
import type { DokoState, DokoTrick } from './state.js';
import { act, acts, allHealthy, codeOf, dealWith, opts, playCards, playFirstLegal } from './deals.testkit.js';

const play = (seat: number, card: string): Action => ({ seat, type: 'play', card });

describe('following suit (docs/rules/doppelkopf.md#play)', () => {
  // Seats 0 and 2 are Re. Seat 1 holds hearts HK and trumps; seat 3's only "heart" is H10, a trump.
  const s = allHealthy(
    dealWith(opts(), {
      0: ['CQ', 'HA', 'D10'],
      1: ['HK', 'DK', 'CA'],
      2: ['CQ'],
      3: ['H10', 'SA', 'SA', 'S10', 'S10', 'SK', 'SK', 'S9', 'S9', 'C9', 'C9', 'CJ'],
    }),
  );

  it('a plain suit led must be followed', () => {
    const led = act(s, play(0, 'HA'));
    expect(codeOf(led, play(1, 'CA'))).toBe(Codes.MUST_FOLLOW_SUIT);
    expect(codeOf(led, play(1, 'DK'))).toBe(Codes.MUST_FOLLOW_SUIT);
    expect(codeOf(led, play(1, 'HK'))).toBeNull();
  });

  it('H10 is a trump, not a heart: without plain hearts any card may be played, no need to trump', () => {
    const led = acts(s, [play(0, 'HA')]);
    const after = acts(led, [
      play(1, 'HK'),
      play(2, legalActions(acts(led, [play(1, 'HK')]), 2).find((a) => a.type === 'play')!.card as string),
    ]);
    expect(codeOf(after, play(3, 'SA'))).toBeNull();
    expect(codeOf(after, play(3, 'H10'))).toBeNull();
  });

  it('a trump led must be followed with a trump (trump counts as a suit)', () => {
    const led = act(s, play(0, 'D10'));
    expect(codeOf(led, play(1, 'HK'))).toBe(Codes.MUST_FOLLOW_SUIT);
    expect(codeOf(led, play(1, 'DK'))).toBeNull();
  });

  it('turn, card held and hand over are checked', () => {
    expect(codeOf(s, play(1, 'HK'))).toBe(Codes.NOT_YOUR_TURN);
    expect(codeOf(s, play(0, 'SA'))).toBe(Codes.CARD_NOT_HELD);
    const end = playFirstLegal(s);
    expect(codeOf(end, play(0, 'CQ'))).toBe(Codes.HAND_OVER);
  });
});

describe('piglets (Schweinchen, docs/rules/doppelkopf.md#play)', () => {
  // Seat 0: both DA and a CQ; seat 1: both H10 and both D9; seat 2: the other CQ.
  const hands = { 0: ['DA', 'DA', 'CQ', 'D10'], 1: ['H10', 'H10', 'D9', 'D9'], 2: ['CQ'] };
  const game = (o = opts({ piglets: true })): DokoState => allHealthy(dealWith(o, hands));

  it('need the option', () => {
    expect(codeOf(game(opts()), { seat: 0, type: 'piglets' })).toBe(DokoCodes.NOT_ENTITLED);
  });

  it('only the holder of both DA, only before the first lead', () => {
    expect(codeOf(game(), { seat: 1, type: 'piglets' })).toBe(DokoCodes.NOT_ENTITLED);
    expect(codeOf(act(game(), play(0, 'D10')), { seat: 0, type: 'piglets' })).toBe(DokoCodes.PIGLETS_TOO_LATE);
  });

  it('a declared piglet beats H10', () => {
    const s = act(game(), { seat: 0, type: 'piglets' });
    const t = playCards(s, ['DA', 'H10']);
    const done = playFirstLegal(t, 1);
    expect(done.tricks[0].winner).toBe(0);
  });

  it('.firstOnly: the second DA ranks low again', () => {
    let s = act(game(opts({ piglets: { enabled: true, firstOnly: true } })), { seat: 0, type: 'piglets' });
    s = playFirstLegal(playCards(s, ['DA', 'H10']), 1);
    expect(s.tricks[0].winner).toBe(0);
    s = playFirstLegal(playCards(s, ['DA', 'H10']), 1);
    expect(s.tricks[1].winner).toBe(1);
  });

  it('.super: the holder of both D9 outranks the piglets', () => {
    let s = act(game(opts({ piglets: { enabled: true, super: true } })), { seat: 0, type: 'piglets' });
    s = act(s, { seat: 1, type: 'superpiglets' });
    s = playFirstLegal(playCards(s, ['DA', 'D9']), 1);
    expect(s.tricks[0].winner).toBe(1);
  });

  it('not in a diamond solo unless .inDiamondSolo (docs/rules/doppelkopf.md#decision-17)', () => {
    const solo = (o = opts({ piglets: true })): DokoState =>
      acts(dealWith(o, hands), [
        { seat: 0, type: 'reservation', call: 'vorbehalt' },
        { seat: 1, type: 'reservation', call: 'gesund' },
        { seat: 2, type: 'reservation', call: 'gesund' },
        { seat: 3, type: 'reservation', call: 'gesund' },
        { seat: 0, type: 'contract', contract: 'solo-d' },
      ]);
    expect(codeOf(solo(), { seat: 0, type: 'piglets' })).toBe(DokoCodes.NOT_ENTITLED);
    expect(codeOf(solo(opts({ piglets: { enabled: true, inDiamondSolo: true } })), { seat: 0, type: 'piglets' })).toBeNull();
  });

  it(".forceAnnouncement books the holder's party", () => {
    const s = act(game(opts({ piglets: { enabled: true, forceAnnouncement: true } })), { seat: 0, type: 'piglets' });
    expect(s.announcements).toEqual([{ seat: 0, party: 're', level: 0, forced: true }]);
  });
});

describe('extra points from the tricks (docs/rules/doppelkopf.md#extra-points)', () => {
  // Seats 0 and 2 hold the CQs (Re); 1 and 3 are Kontra. Tricks are written out by hand.
  const base = allHealthy(dealWith(opts(), { 0: ['CQ'], 2: ['CQ'] }));
  const trick = (winner: number, cards: string[]): DokoTrick => ({ leader: 0, plays: cards.map((card, seat) => ({ seat, card })), winner });
  const filler = trick(0, ['C9', 'C9', 'S9', 'S9']);
  const over = (tricks: DokoTrick[], o = opts()): DokoState => ({ ...base, options: o, tricks, phase: 'over', current: null });

  it('Doppelkopf: a trick of 40 or more points', () => {
    expect(trickExtras(over([trick(1, ['HA', 'HA', 'C10', 'S10']), filler]))).toEqual([{ party: 'kontra', kind: 'doppelkopf', points: 1 }]);
  });

  it('fox caught: a DA of Re won by Kontra; with foxLastTrickDouble 2 in the last trick', () => {
    expect(trickExtras(over([trick(1, ['DA', 'DK', 'D9', 'DJ']), filler]))).toEqual([{ party: 'kontra', kind: 'fox', points: 1 }]);
    expect(trickExtras(over([filler, trick(1, ['DA', 'DK', 'D9', 'DJ'])], opts({ extras: { foxLastTrickDouble: true } })))).toEqual([
      { party: 'kontra', kind: 'fox', points: 2 },
    ]);
    expect(trickExtras(over([trick(2, ['DA', 'DK', 'D9', 'DJ']), filler]))).toEqual([]); // own fox
  });

  it('Karlchen: the last trick won by a CJ', () => {
    expect(trickExtras(over([filler, trick(3, ['D9', 'DK', 'D9', 'CJ'])]))).toEqual([{ party: 'kontra', kind: 'karlchen', points: 1 }]);
    expect(trickExtras(over([trick(3, ['D9', 'DK', 'D9', 'CJ']), filler]))).toEqual([]);
  });

  it(".lostCharlie: catching an opponent's CJ in the last trick; .lizzieMiller only with a DQ", () => {
    const last = trick(1, ['CJ', 'DQ', 'D9', 'DK']);
    expect(trickExtras(over([filler, last]))).toEqual([]);
    expect(trickExtras(over([filler, last], opts({ extras: { lostCharlie: true } })))).toEqual([
      { party: 'kontra', kind: 'lostCharlie', points: 1 },
    ]);
    const byQueenOfSpades = trick(1, ['CJ', 'SQ', 'D9', 'DK']);
    expect(trickExtras(over([filler, byQueenOfSpades], opts({ extras: { lostCharlie: true, lizzieMiller: true } })))).toEqual([]);
    expect(trickExtras(over([filler, last], opts({ extras: { lostCharlie: true, lizzieMiller: true } })))).toEqual([
      { party: 'kontra', kind: 'lostCharlie', points: 1 },
    ]);
  });
});
