import { seededRng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import { DECK } from './cards.js';
import { heuristicBot, randomBot, type DroggnBot } from './bots.js';
import { handStrength } from './strength.js';
import { droggn } from './index.js';
import { defaultOptions } from './options.js';
import type { DroggnState } from './state.js';
import { fieldOf } from '../core/actions.testkit.js';
import { dealt, run, SUPER_BY_SEAT_0 } from './deals.testkit.js';

const seed = (i: number): string => i.toString(16).padStart(64, '0');
/** Three players, dealer 2: seat 0 holds `hand`, the others the rest of the deck in order. */
function holding(hand: readonly string[]): DroggnState {
  const rest = DECK.filter((c) => !hand.includes(c));
  return dealt([[...hand], rest.slice(0, 21), rest.slice(21, 42)], rest.slice(42), 2);
}
/** The Mond (T21) and ten trumps below it, the Gstieß, four kings and five more; and a hand of small cards. */
const STRONG = 'T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 GS SK CK HK DK SQ S10 S9 C10 C9'.split(' ');
const WEAK = 'T2 T3 S4 S5 S6 S7 S8 C4 C5 C6 C7 C8 H7 H6 H5 H4 H3 D7 D6 D5 D4'.split(' ');

function playWith(bots: DroggnBot[], deckSeed: number, players: 3 | 4 = 3): DroggnState {
  const options = defaultOptions({ players });
  let s = droggn.deal(options, shuffle(seed(deckSeed), DECK), { dealer: deckSeed % players });
  const rng = seededRng(deckSeed);
  while (!droggn.isOver(s)) {
    const seat = droggn.toAct(s)[0]!;
    const r = droggn.apply(s, bots[seat]!(s, seat, rng));
    if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
    s = r.state;
  }
  return s;
}

describe('handStrength', () => {
  it('rates many high trumps with the Mond and the Gstieß above a hand of small cards', () => {
    const strong = [...STRONG.filter((c) => c !== 'T11'), 'H1'];
    expect(handStrength(strong)).toBeGreaterThan(handStrength(WEAK) + 20);
  });
});

describe('randomBot', () => {
  it('plays complete hands with legal actions only, with three and four players', () => {
    for (let i = 0; i < 30; i++) expect(droggn.isOver(playWith([randomBot, randomBot, randomBot, randomBot], i, i % 2 ? 3 : 4))).toBe(true);
  });

  it('chooses uniformly: Gut and Schwacher about equally often', () => {
    const s = run(dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2), SUPER_BY_SEAT_0);
    const rng = seededRng(7);
    let schwacher = 0;
    for (let i = 0; i < 2000; i++) if (fieldOf(randomBot(s, 1, rng), 'call') === 'schwacher') schwacher++;
    expect(Math.abs(schwacher - 1000)).toBeLessThan(120);
  });

  it('samples discards that obey the king rule', () => {
    const kings = ['SK', 'CK', 'HK', 'DK', ...Array.from({ length: 17 }, (_, i) => `T${i + 2}`)];
    const s = run(holding(kings), [
      { seat: 0, type: 'bid', bid: 'ansager' },
      { seat: 1, type: 'bid', bid: 'pass' },
      { seat: 2, type: 'bid', bid: 'pass' },
    ]);
    const rng = seededRng(3);
    for (let i = 0; i < 300; i++) expect(droggn.apply(s, randomBot(s, 0, rng)).ok).toBe(true);
  });
});

describe('heuristicBot', () => {
  it('bids a strong hand and passes a weak one', () => {
    const s = holding(STRONG);
    expect(fieldOf(heuristicBot()(s, 0, seededRng(1)), 'bid')).not.toBe('pass');
    const weak = holding(WEAK);
    expect(heuristicBot()(weak, 0, seededRng(1))).toEqual({ seat: 0, type: 'bid', bid: 'pass' });
  });

  it('a bolder profile bids a middling hand that the default passes', () => {
    // 8 trumps (none ≥ T16) and two kings, no void: 16 + 6 = 22, below the Ansager's 24
    const middling = 'T15 T12 T10 T8 T6 T5 T3 T2 SK CK S4 S5 S6 C4 C5 C6 H7 H6 H5 D7 D6'.split(' ');
    const s = holding(middling);
    expect(handStrength(middling)).toBe(2 * 8 + 3 * 2);
    expect(fieldOf(heuristicBot()(s, 0, seededRng(1)), 'bid')).toBe('pass');
    expect(fieldOf(heuristicBot({ bidBias: 4 })(s, 0, seededRng(1)), 'bid')).toBe('ansager');
  });

  it('plays legal complete hands under every rule alternative, three and four players', () => {
    const profiles = [
      { players: 4 as const, 'gstiess.lastTrickIllegal': true, 'discard.kingCover': 'anyTrump' as const },
      { deal: '5-5-5-3-3' as const, 'mord.pagatItems': 'additive' as const, kleineGstiessUltimo: true, 'doubling.maxDoublings': 1 },
    ];
    for (const profile of profiles) {
      const options = defaultOptions(profile);
      const smart = heuristicBot({ bidBias: 6, doubleBias: 6 });
      for (let i = 0; i < 40; i++) {
        let s = droggn.deal(options, shuffle(seed(500 + i), DECK), { dealer: i % options.players });
        const rng = seededRng(i);
        while (!droggn.isOver(s)) {
          const seat = droggn.toAct(s)[0]!;
          const r = droggn.apply(s, smart(s, seat, rng));
          if (!r.ok) throw new Error(`${r.rejection.code}: ${r.rejection.message}`);
          s = r.state;
        }
        expect(droggn.result(s)!.scores.reduce((a, b) => a + b, 0)).toBe(0);
      }
    }
  });

  it('plays complete legal hands and outscores random players over 200 fixed deals', () => {
    let heuristicTotal = 0;
    const smart = heuristicBot();
    for (let i = 0; i < 200; i++) {
      const seat = i % 3;
      const bots = [randomBot, randomBot, randomBot];
      bots[seat] = smart;
      const r = droggn.result(playWith(bots, 1000 + i))!;
      heuristicTotal += r.scores[seat]!;
    }
    // zero-sum: the random players' total is −heuristicTotal
    expect(heuristicTotal).toBeGreaterThan(0);
  });
});
