import { sumPoints } from '../core/cards.js';
import { cardPoints, dokoDeck, trickWinnerIndex, trumpsOf, type TrickRanking } from './cards.js';

const normal = (over: Partial<TrickRanking> = {}): TrickRanking => ({
  trumps: trumpsOf('normal', 48),
  dullen: 'first',
  lastTrick: false,
  promoted: [],
  ...over,
});

describe('cards and points (docs/rules/doppelkopf.md#cards)', () => {
  it('48 and 40 cards both total 240 points, every face twice', () => {
    expect(dokoDeck(48)).toHaveLength(48);
    expect(dokoDeck(40)).toHaveLength(40);
    expect(sumPoints(dokoDeck(48), cardPoints)).toBe(240);
    expect(sumPoints(dokoDeck(40), cardPoints)).toBe(240);
    expect(dokoDeck(48).filter((c) => c === 'CQ')).toHaveLength(2);
  });
});

describe('trump tables (docs/rules/doppelkopf.md#contracts)', () => {
  it('a normal game has 26 trumps with nines, 24 without', () => {
    const count = (size: 48 | 40): number => dokoDeck(size).filter((c) => trumpsOf('normal', size).includes(c)).length;
    expect(count(48)).toBe(26);
    expect(count(40)).toBe(24);
  });

  it('a heart solo puts HA HK H9 below the jacks and keeps H10 on top', () => {
    expect(trumpsOf('solo-h', 48)).toEqual(['H10', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'HA', 'HK', 'H9']);
  });

  it('queen, jack and ace solos have 4, 4 and 0 trump faces', () => {
    expect(trumpsOf('solo-q', 48)).toEqual(['CQ', 'SQ', 'HQ', 'DQ']);
    expect(trumpsOf('solo-j', 40)).toEqual(['CJ', 'SJ', 'HJ', 'DJ']);
    expect(trumpsOf('solo-f', 48)).toEqual([]);
  });
});

describe('trick winner (docs/rules/doppelkopf.md#play)', () => {
  it('♠10 ♠A ♠9 ♠A: the first ace of spades wins (S4 tie rule)', () => {
    expect(trickWinnerIndex(['S10', 'SA', 'S9', 'SA'], normal())).toBe(1);
  });

  it('a trump beats the led plain suit, a discard of another suit never wins', () => {
    expect(trickWinnerIndex(['CA', 'D9', 'C10', 'CK'], normal())).toBe(1);
    expect(trickWinnerIndex(['CK', 'SA', 'C9', 'HA'], normal())).toBe(0);
  });

  it('dullen = first: the first H10 beats the second', () => {
    expect(trickWinnerIndex(['H10', 'CQ', 'H10', 'DJ'], normal())).toBe(0);
  });

  it('dullen = second: the second H10 wins', () => {
    expect(trickWinnerIndex(['H10', 'CQ', 'H10', 'DJ'], normal({ dullen: 'second' }))).toBe(2);
  });

  it('dullen = secondExceptLast: the first wins in the last trick only', () => {
    expect(trickWinnerIndex(['H10', 'CQ', 'H10', 'DJ'], normal({ dullen: 'secondExceptLast' }))).toBe(2);
    expect(trickWinnerIndex(['H10', 'CQ', 'H10', 'DJ'], normal({ dullen: 'secondExceptLast', lastTrick: true }))).toBe(0);
  });

  it('in a queen solo H10 is a plain heart: second H10 does not beat the first, even under dullen = second', () => {
    const r: TrickRanking = { trumps: trumpsOf('solo-q', 48), dullen: 'second', lastTrick: false, promoted: [] };
    expect(trickWinnerIndex(['H10', 'HK', 'H10', 'HJ'], r)).toBe(0);
  });

  it('in an ace solo the jack of hearts is a plain heart below the queen', () => {
    const r: TrickRanking = { trumps: trumpsOf('solo-f', 48), dullen: 'first', lastTrick: false, promoted: [] };
    expect(trickWinnerIndex(['HJ', 'HQ', 'CQ', 'H9'], r)).toBe(1);
  });

  it('a promoted piglet (DA) beats H10; a super-piglet beats the piglet', () => {
    expect(trickWinnerIndex(['H10', 'DA', 'CQ', 'D9'], normal({ promoted: [0, 1, 0, 0] }))).toBe(1);
    expect(trickWinnerIndex(['H10', 'DA', 'CQ', 'D9'], normal({ promoted: [0, 1, 0, 2] }))).toBe(3);
  });
});
