/** One test per row of docs/rules/droggn.md#decisions (default and alternative). */
import { Codes } from '../core/rejections.js';
import type { Action, Card } from '../core/types.js';
import { DECK } from './cards.js';
import { mordDefenceA, mordDefenceB, mordHand, mordPlay, ordinaryActions, ordinaryDeal, topTrumps } from './fixtures.testkit.js';
import { droggn } from './index.js';
import { DroggnCodes } from './codes.js';
import { gameValue } from './scoring.js';
import type { DroggnOptions } from './options.js';
import type { CompletedTrick, DroggnState } from './state.js';
import { fieldOf } from '../core/actions.testkit.js';
import { applyAny, dealt, run } from './deals.testkit.js';

const codeOf = (s: DroggnState, a: Action): string | null => {
  const r = applyAny(s, a);
  return r.ok ? null : r.rejection.code;
};
const bids = (contract: string): Action[] => [
  { seat: 0, type: 'bid', bid: contract },
  { seat: 1, type: 'bid', bid: 'pass' },
  { seat: 2, type: 'bid', bid: 'pass' },
];
const gutGut: Action[] = [
  { seat: 1, type: 'double', call: 'gut' },
  { seat: 2, type: 'double', call: 'gut' },
];
const noLayouts: Action[] = [
  { seat: 1, type: 'layout', card: null },
  { seat: 2, type: 'layout', card: null },
];

/** Plays out: the declarer by `declarerCard`, the defenders their first legal card. */
function playOut(s: DroggnState, declarerCard: (s: DroggnState) => Card): DroggnState {
  while (!droggn.isOver(s)) {
    const seat = droggn.toAct(s)[0]!;
    const card = seat === s.declarer ? declarerCard(s) : (fieldOf(droggn.legalActions(s, seat)[0]!, 'card') as Card);
    s = run(s, [{ seat, type: 'play', card }]);
  }
  return s;
}

describe('#1 points needed to win (winThreshold)', () => {
  // An Ansager by seat 0 whose trick 21 went to `last`; the count is passed in directly.
  const state = (winThreshold: DroggnOptions['winThreshold'], last: number): DroggnState => {
    const s = dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2, { winThreshold });
    const tricks: CompletedTrick[] = Array.from({ length: 21 }, (_, i) => ({ leader: 0, plays: [], winner: i === 20 ? last : i % 2 }));
    return { ...s, contract: 'ansager', declarer: 0, tricks };
  };
  it('default 37: 37 wins B = 20, 36 loses 21', () => {
    expect(gameValue(state(37, 1), 37).value).toBe(20);
    expect(gameValue(state(37, 1), 36).value).toBe(-21);
    expect(gameValue(state(37, 1), 45).value).toBe(28);
  });
  it('38: at 37 the declarer loses B', () => {
    expect(gameValue(state(38, 0), 37).value).toBe(-20);
    expect(gameValue(state(38, 0), 38).value).toBe(21);
  });
  it('tieLastTrick: at 37 the winner of trick 21 wins B', () => {
    expect(gameValue(state('tieLastTrick', 0), 37).value).toBe(20);
    expect(gameValue(state('tieLastTrick', 1), 37).value).toBe(-20);
    expect(gameValue(state('tieLastTrick', 1), 38).value).toBe(21);
  });
});

describe('#2 Pagat items in Super Mord (mord.pagatItems)', () => {
  it('allOrNothing: 167 with no +5 for the caught Pagat; play stops at the lost trick', () => {
    const won = run(mordHand('SK', ['S4', 'D6', 'D7']), mordPlay('SK', null));
    expect(droggn.result(won)!.details!.delta).toBe(167);
  });
  it('additive: the normal unannounced items are added (+172)', () => {
    const won = run(mordHand('SK', ['S4', 'D6', 'D7'], { 'mord.pagatItems': 'additive' }), mordPlay('SK', null));
    expect(droggn.result(won)!.details!.pagatItems).toEqual([{ item: 'captured', side: 'declarer', points: 5 }]);
    expect(droggn.result(won)!.details!.delta).toBe(172);
  });
});

describe('#3 doubling the Mord bonus (mord.doubling)', () => {
  const schwacher: Action[] = [
    { seat: 1, type: 'double', call: 'schwacher' },
    { seat: 0, type: 'double', call: 'gut' },
  ];
  it('whole: 167 · 2 = 334', () => {
    const end = run(mordHand('SK', ['S4', 'D6', 'D7']), mordPlay('SK', null, schwacher));
    expect(droggn.result(end)!.details!.delta).toBe(334);
  });
  it('excludeBonus: (167 − 50) · 2 + 50 = 284', () => {
    const end = run(mordHand('SK', ['S4', 'D6', 'D7'], { 'mord.doubling': 'excludeBonus' }), mordPlay('SK', null, schwacher));
    expect(droggn.result(end)!.details!.delta).toBe(284);
    expect(droggn.result(end)!.multiplier).toBe(2);
  });
});

describe('#4 Gstieß in trick 21 (gstiess.lastTrickIllegal)', () => {
  // Run the Mord fixture to trick 20 after the declarer and A have played; B holds GS and one more card.
  const atTrick20 = (overrides: Partial<DroggnOptions>) =>
    run(mordHand('SK', ['S4', 'D6', 'D7'], overrides), mordPlay('SK', null).slice(0, 6 + 19 * 3 + 2));
  it('default: legal, and any of B`s cards may go to trick 20', () => {
    const s = atTrick20({});
    expect(
      droggn
        .legalActions(s, 2)
        .map((a) => fieldOf(a, 'card'))
        .sort(),
    ).toEqual(['D5', 'GS']);
  });
  it('lastTrickIllegal: with two cards left the holder must play the Gstieß', () => {
    const s = atTrick20({ 'gstiess.lastTrickIllegal': true });
    expect(droggn.legalActions(s, 2).map((a) => fieldOf(a, 'card'))).toEqual(['GS']);
    expect(codeOf(s, { seat: 2, type: 'play', card: 'D5' })).toBe(DroggnCodes.GSTIESS_MUST_BE_PLAYED);
  });
});

describe('#5 talon shown in an Ansager (talon.expose)', () => {
  const afterBidding = (contract: string, expose: DroggnOptions['talon.expose']) =>
    run(dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2, { 'talon.expose': expose }), bids(contract));
  it('never: a defender does not see the talon; the declarer does after picking it up', () => {
    expect(droggn.view(afterBidding('ansager', 'never'), { kind: 'seat', seat: 1 }).talon).toBeNull();
    expect(droggn.view(afterBidding('ansager', 'never'), { kind: 'seat', seat: 0 }).talon).toEqual(DECK.slice(63));
  });
  it('ansagerOnly: shown to all in an Ansager, not in a Solo', () => {
    expect(droggn.view(afterBidding('ansager', 'ansagerOnly'), { kind: 'seat', seat: 1 }).talon).toEqual(DECK.slice(63));
    expect(droggn.view(afterBidding('ansager', 'ansagerOnly'), { kind: 'spectator' }).talon).toEqual(DECK.slice(63));
    expect(droggn.view(afterBidding('solo', 'ansagerOnly'), { kind: 'seat', seat: 1 }).talon).toBeNull();
  });
});

describe('#6 deal pattern (deal)', () => {
  it('7x3 by default; the alternatives are accepted options (positions: deal.spec.ts)', () => {
    const parse = (v: unknown) => droggn.parseOptions({ deal: v });
    expect(droggn.parseOptions({})).toMatchObject({ ok: true, options: { deal: '7x3' } });
    expect(parse('talonAfterRound2').ok && parse('5-5-5-3-3').ok).toBe(true);
    expect(parse('6x3')).toMatchObject({ ok: false, rejection: { code: Codes.INVALID_OPTION } });
  });
});

describe('#7 "Kleine und Gstieß Ultimo" (kleineGstiessUltimo)', () => {
  // Super by seat 0 with T21..T3, T1, GS; T2 in the talon, the defenders hold no trump.
  const declarer = [...topTrumps.slice(0, 19), 'T1', 'GS'];
  const rest = DECK.filter((c) => !declarer.includes(c) && !['T2', 'D6', 'D7'].includes(c));
  const finish = (kleineGstiessUltimo: boolean) => {
    const s = run(dealt([declarer, rest.slice(0, 21), rest.slice(21)], ['T2', 'D6', 'D7'], 2, { kleineGstiessUltimo }), [
      ...bids('super'),
      { seat: 0, type: 'ready', layout: null },
      ...noLayouts,
      ...gutGut,
    ]);
    // trumps from the top, the Gstieß to trick 20, the Pagat to trick 21
    return playOut(s, (x) => x.hands[0]!.find((c) => c !== 'T1' && c !== 'GS') ?? (x.tricks.length === 19 ? 'GS' : 'T1'));
  };
  it('off: the ultimo is the ordinary +10', () => {
    const end = finish(false);
    expect(end.tricks[20]!.winner).toBe(0);
    expect(droggn.result(end)!.details!.pagatItems).toEqual([{ item: 'ultimo', side: 'declarer', points: 10 }]);
  });
  it('on: the declarer on lead at trick 20 with exactly T1 and GS, no trump out, scores +20', () => {
    const end = finish(true);
    expect(end.ultimoClaim).toBe(true);
    expect(droggn.result(end)!.details!.pagatItems).toEqual([{ item: 'kleineGstiessUltimo', side: 'declarer', points: 20 }]);
  });
});

describe('#8 several kings in the discard (discard.kingCover)', () => {
  const kingsHand = ['SK', 'CK', 'HK', 'DK', ...Array.from({ length: 17 }, (_, i) => `T${i + 2}`)];
  const rest = DECK.filter((c) => !kingsHand.includes(c));
  const exchange = (kingCover: DroggnOptions['discard.kingCover']) =>
    run(dealt([kingsHand, rest.slice(0, 21), rest.slice(21, 42)], rest.slice(42), 2, { 'discard.kingCover': kingCover }), bids('ansager'));
  const discard = (cards: string[]): Action => ({ seat: 0, type: 'discard', cards });
  it('perKing: one trump per king', () => {
    const s = exchange('perKing');
    expect(codeOf(s, discard(['SK', 'CK', 'T2']))).toBe(DroggnCodes.KING_DISCARD_NEEDS_TRUMP);
    expect(codeOf(s, discard(['SK', 'T3', 'T2']))).toBeNull();
    expect(codeOf(s, discard(['SK', rest[42]!, rest[43]!]))).toBe(DroggnCodes.KING_DISCARD_NEEDS_TRUMP);
  });
  it('anyTrump: any number of kings with one trump', () => {
    const s = exchange('anyTrump');
    expect(codeOf(s, discard(['SK', 'CK', 'T2']))).toBeNull();
    expect(codeOf(s, discard(['SK', 'CK', rest[42]!]))).toBe(DroggnCodes.KING_DISCARD_NEEDS_TRUMP);
  });
});

describe('#9 a defender lays out before the Schwacher round', () => {
  it('the Pagat holder answers the layout question; afterwards the time has passed', () => {
    const declarer = [...topTrumps.slice(0, 20), 'SK'];
    const a = ['T1', ...mordDefenceA.slice(1)];
    let s = run(dealt([declarer, a, mordDefenceB], ['S4', 'D6', 'D7'], 2), [...bids('super'), { seat: 0, type: 'ready', layout: null }]);
    expect(droggn.legalActions(s, 1).map((x) => fieldOf(x, 'card'))).toEqual([null, 'T1']);
    s = run(s, [
      { seat: 1, type: 'layout', card: 'T1' },
      { seat: 2, type: 'layout', card: null },
    ]);
    expect(s.layouts).toEqual([{ seat: 1, card: 'T1' }]);
    expect(codeOf(s, { seat: 1, type: 'layout', card: 'T1' })).toBe(Codes.WRONG_PHASE);
  });
});

describe('#10 the Gstieß as the alternative to a laid-out Pagat', () => {
  it('the defender must play GS first; then the Pagat is forced out and loses 20', () => {
    const declarer = [...topTrumps.slice(0, 20), 'SK'];
    const a = ['T1', 'GS', ...mordDefenceA.slice(1, 20)];
    const b = mordDefenceB.filter((c) => c !== 'GS').concat(mordDefenceA[20]!);
    let s = run(dealt([declarer, a, b], ['S4', 'D6', 'D7'], 2), [
      ...bids('super'),
      { seat: 0, type: 'ready', layout: null },
      { seat: 1, type: 'layout', card: 'T1' },
      { seat: 2, type: 'layout', card: null },
      ...gutGut,
      { seat: 0, type: 'play', card: 'T21' },
    ]);
    expect(droggn.legalActions(s, 1).map((x) => fieldOf(x, 'card'))).toEqual(['GS']);
    expect(codeOf(s, { seat: 1, type: 'play', card: 'T1' })).toBe(DroggnCodes.PAGAT_LAID_OUT);
    s = run(s, [
      { seat: 1, type: 'play', card: 'GS' },
      { seat: 2, type: 'play', card: b[0]! },
      { seat: 0, type: 'play', card: 'T20' },
    ]);
    expect(droggn.legalActions(s, 1).map((x) => fieldOf(x, 'card'))).toEqual(['T1']);
    const end = playOut(s, (x) => fieldOf(droggn.legalActions(x, 0)[0]!, 'card') as Card);
    expect(droggn.result(end)!.details!.pagatItems).toEqual([{ item: 'laidOut', side: 'defenders', points: -20 }]);
  });
});

describe('a laid-out Pagat and the follow obligation', () => {
  const PRE_PLAY = 10;
  it('leading: the laid-out Pagat is refused while other cards remain', () => {
    const s = run(ordinaryDeal(), ordinaryActions('T1').slice(0, PRE_PLAY));
    expect(droggn.legalActions(s, 0).map((x) => fieldOf(x, 'card'))).not.toContain('T1');
    expect(codeOf(s, { seat: 0, type: 'play', card: 'T1' })).toBe(DroggnCodes.PAGAT_LAID_OUT);
  });
  it('following: a Pagat that the suit obligation excludes is refused as MUST_FOLLOW_SUIT', () => {
    // trick 8: A leads SR, B plays SJ, the declarer still holds spades
    const s = run(ordinaryDeal(), ordinaryActions('T1').slice(0, PRE_PLAY + 7 * 3 + 2));
    expect(codeOf(s, { seat: 0, type: 'play', card: 'T1' })).toBe(Codes.MUST_FOLLOW_SUIT);
  });
});

describe('#11 laid-out Gstieß and the end of a Mord', () => {
  it('a laid-out Gstieß is kept for trick 21', () => {
    const b = mordDefenceB.map((c) => (c === 'GS' ? 'SK' : c));
    const s = run(dealt([[...topTrumps, 'GS'], mordDefenceA, b], ['S4', 'D6', 'D7'], 2), [
      { seat: 0, type: 'bid', bid: 'supermord' },
      { seat: 1, type: 'bid', bid: 'pass' },
      { seat: 2, type: 'bid', bid: 'pass' },
      { seat: 0, type: 'ready', layout: 'GS' },
      ...gutGut,
    ]);
    expect(droggn.legalActions(s, 0).map((x) => fieldOf(x, 'card'))).not.toContain('GS');
    expect(codeOf(s, { seat: 0, type: 'play', card: 'GS' })).toBe(DroggnCodes.GSTIESS_LAID_OUT);
  });
  it('all-or-nothing stops at the first lost trick; additive plays all 21', () => {
    const loseTrick1: Action[] = [
      ...mordPlay('S4', null).slice(0, 6),
      { seat: 0, type: 'play', card: 'S4' },
      { seat: 1, type: 'play', card: 'SQ' },
      { seat: 2, type: 'play', card: 'HK' },
    ];
    const stop = run(mordHand('S4', ['SK', 'D6', 'D7']), loseTrick1);
    expect(droggn.isOver(stop)).toBe(true);
    const on = run(mordHand('S4', ['SK', 'D6', 'D7'], { 'mord.pagatItems': 'additive' }), loseTrick1);
    expect(on.tricks[0]!.winner).toBe(1);
    expect(droggn.isOver(on)).toBe(false);
  });
});

describe('#12 no defender layout in a Mord', () => {
  it('after the declarer`s "ich liege" the doubling starts at once', () => {
    const s = run(mordHand('SK', ['S4', 'D6', 'D7']), mordPlay('SK', null).slice(0, 4));
    expect(droggn.phase(s)).toBe('doubling');
    expect(codeOf(s, { seat: 1, type: 'layout', card: 'T1' })).toBe(Codes.WRONG_PHASE);
  });
});

describe('#13 buying a card one owns', () => {
  const toBuy = (forfeits: boolean) =>
    run(dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2, { 'buy.invalidRequestForfeits': forfeits }), [
      ...bids('ansager'),
      { seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] },
    ]);
  it('default: rejected, the right to buy remains; an explicit no-buy exists', () => {
    const s = toBuy(false);
    expect(codeOf(s, { seat: 0, type: 'buy', card: 'T10', give: 'T5' })).toBe(DroggnCodes.BUY_OWN_CARD);
    expect(droggn.legalActions(s, 0)[0]).toEqual({ seat: 0, type: 'buy', card: null });
  });
  it('invalidRequestForfeits: the request uses up the right, the game stays an Ansager', () => {
    const s = run(toBuy(true), [{ seat: 0, type: 'buy', card: 'T2', give: 'T5' }]);
    expect(s.buy).toEqual({ kind: 'forfeited', card: 'T2' });
    expect(s.contract).toBe('ansager');
    expect(droggn.phase(s)).toBe('ready');
    expect(s.hands[0]).toContain('T5');
  });
});

describe('#14 irregularity penalty (irregularities: penalize)', () => {
  const ordinaryWith = (irregularities: DroggnOptions['irregularities']) => {
    const s = dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2, { irregularities });
    return run(s, [
      ...bids('super'),
      { seat: 0, type: 'ready', layout: 'T1' },
      ...noLayouts,
      { seat: 1, type: 'double', call: 'schwacher' },
      { seat: 0, type: 'double', call: 'gut' },
    ]);
  };
  it('reject (default): no report is accepted', () => {
    expect(codeOf(ordinaryWith('reject'), { seat: 1, type: 'irregularity', offender: 2 })).toBe(DroggnCodes.IRREGULARITY_NOT_ENABLED);
  });
  it('a defender`s offence: the declarer gets (B + 20 for the laid-out Pagat) × m = (80 + 20) · 2', () => {
    const end = run(ordinaryWith('penalize'), [{ seat: 0, type: 'irregularity', offender: 2 }]);
    const r = droggn.result(end)!;
    expect(r.details!.delta).toBe(200);
    expect(r.scores).toEqual([400, -200, -200]);
  });
  it('the declarer`s offence in a Mord costs the full value × m', () => {
    const s = run(mordHand('SK', ['S4', 'D6', 'D7'], { irregularities: 'penalize' }), mordPlay('SK', null).slice(0, 6));
    const end = run(s, [{ seat: 1, type: 'irregularity', offender: 0 }]);
    expect(droggn.result(end)!.details!.delta).toBe(-167);
  });
});

describe('#16 a Match scores B + 37 whatever the count', () => {
  it('a Super won in all 21 tricks against the defenders` Gstieß: 117, though D = 70', () => {
    const s = run(mordHand('SK', ['S4', 'D6', 'D7']), [
      ...bids('super'),
      { seat: 0, type: 'ready', layout: null },
      ...noLayouts,
      ...gutGut,
    ]);
    const end = run(s, mordPlay('SK', null).slice(6));
    const r = droggn.result(end)!;
    expect(r.cardPoints).toEqual({ declarer: 70, defenders: 4 });
    expect(r.details!.gameValue).toBe(117);
    // plus 5 for catching the defenders' Pagat in trick 1
    expect(r.details!.delta).toBe(122);
  });
});
