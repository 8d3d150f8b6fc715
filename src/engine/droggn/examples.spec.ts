/** The worked examples of the Droggn source (S5 "Scoring", docs/rules/README.md#sources), played as real hands. */
import type { Action } from '../core/types.js';
import { mordDefenceA, mordDefenceB, mordHand, mordPlay, ordinaryGame, topTrumps, hands } from './fixtures.testkit.js';
import { droggn } from './index.js';
import { settle } from './session.js';
import { dealt, run } from './deals.testkit.js';

describe('ordinary game with the Pagat laid out (S5 "Scoring" example)', () => {
  it('the script deals 21 cards to each seat', () => {
    expect(hands.map((h) => h.length)).toEqual([21, 21, 21]);
  });

  it('31 card points, game −26, Pagat +20: the declarer loses 6 on paper', () => {
    const r = droggn.result(ordinaryGame('T1'))!;
    expect(r.status).toBe('finished');
    expect(r.contract).toBe('ansager');
    expect(r.cardPoints).toEqual({ declarer: 31, defenders: 43 });
    expect(r.details!.gameValue).toBe(-26);
    expect(r.details!.pagatItems).toEqual([{ item: 'laidOut', side: 'declarer', points: 20 }]);
    expect(r.details!.delta).toBe(-6);
    // zero-sum view: declarer −6·2, each defender +6
    expect(r.scores).toEqual([-12, 6, 6]);
    expect(r.parties).toEqual({ declarer: [0], defenders: [1, 2] });
    expect(r.multiplier).toBe(1);
  });

  it('at 10 Groschen a point the declarer pays 60 Groschen to each other player', () => {
    expect(settle([-6, 0, 0], 10)).toEqual([-120, 60, 60]);
  });

  it('the same hand without laying out scores the unannounced ultimo +10: −16', () => {
    const r = droggn.result(ordinaryGame(null))!;
    expect(r.details!.pagatItems).toEqual([{ item: 'ultimo', side: 'declarer', points: 10 }]);
    expect(r.details!.delta).toBe(-16);
  });

  it('a Schwacher doubles the game and the laid-out Pagat: (−26 + 20)·2 = −12', () => {
    const r = droggn.result(
      ordinaryGame('T1', [
        { seat: 1, type: 'double', call: 'schwacher' },
        { seat: 0, type: 'double', call: 'gut' },
      ]),
    )!;
    expect(r.multiplier).toBe(2);
    expect(r.details!.delta).toBe(-12);
    expect(r.scores).toEqual([-24, 12, 12]);
  });
});

describe('Super Mord 167 / 187 (S5)', () => {
  it('won with every trick: 167 (zero-sum +334, −167, −167)', () => {
    const end = run(mordHand('SK', ['S4', 'D6', 'D7']), mordPlay('SK', null));
    const r = droggn.result(end)!;
    expect(r.contract).toBe('supermord');
    expect(r.details!.delta).toBe(167);
    expect(r.scores).toEqual([334, -167, -167]);
    // all cards: 74 points for the declarer; no Pagat items under all-or-nothing
    expect(r.cardPoints).toEqual({ declarer: 74 - 4, defenders: 4 });
    expect(r.details!.pagatItems).toEqual([]);
  });

  it('with the Gstieß laid out, the declarer`s Gstieß wins trick 21: 187', () => {
    // The defenders' GS moves to the declarer's hand for this deal; SK goes to B.
    const b = mordDefenceB.map((c) => (c === 'GS' ? 'SK' : c));
    const s = dealt([[...topTrumps, 'GS'], mordDefenceA, b], ['S4', 'D6', 'D7'], 2);
    const actions: Action[] = [
      { seat: 0, type: 'bid', bid: 'supermord' },
      { seat: 1, type: 'bid', bid: 'pass' },
      { seat: 2, type: 'bid', bid: 'pass' },
      { seat: 0, type: 'ready', layout: 'GS' },
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'gut' },
    ];
    for (let t = 0; t < 20; t++)
      actions.push(
        { seat: 0, type: 'play', card: topTrumps[t]! },
        { seat: 1, type: 'play', card: mordDefenceA[t]! },
        { seat: 2, type: 'play', card: b[t]! },
      );
    actions.push(
      { seat: 0, type: 'play', card: 'GS' },
      { seat: 1, type: 'play', card: mordDefenceA[20]! },
      { seat: 2, type: 'play', card: b[20]! },
    );
    const end = run(s, actions);
    expect(end.tricks[20]!.winner).toBe(0);
    expect(droggn.result(end)!.details!.delta).toBe(187);
  });

  it('lost at the first trick: play stops and the declarer loses 167', () => {
    const s = mordHand('S4', ['SK', 'D6', 'D7']);
    const end = run(s, [
      { seat: 0, type: 'bid', bid: 'supermord' },
      { seat: 1, type: 'bid', bid: 'pass' },
      { seat: 2, type: 'bid', bid: 'pass' },
      { seat: 0, type: 'ready', layout: null },
      { seat: 1, type: 'double', call: 'gut' },
      { seat: 2, type: 'double', call: 'gut' },
      { seat: 0, type: 'play', card: 'S4' },
      { seat: 1, type: 'play', card: 'SQ' },
      { seat: 2, type: 'play', card: 'HK' },
    ]);
    expect(droggn.isOver(end)).toBe(true);
    const r = droggn.result(end)!;
    expect(r.details!.delta).toBe(-167);
    expect(r.details!.tricksPlayed).toBe(1);
    // D = the declarer's tricks (none) + the talon SK D6 D7: 7 face, 3 cards → 5
    expect(r.cardPoints).toEqual({ declarer: 5, defenders: 69 });
  });

  it('additive Pagat items: +172 with the Pagat caught, −162 when another trick is lost', () => {
    const won = run(mordHand('SK', ['S4', 'D6', 'D7'], { 'mord.pagatItems': 'additive' }), mordPlay('SK', null));
    expect(droggn.result(won)!.details!.delta).toBe(172);
    const lost = run(mordHand('S4', ['SK', 'D6', 'D7'], { 'mord.pagatItems': 'additive' }), mordPlay('S4', null));
    expect(lost.tricks).toHaveLength(21);
    expect(lost.tricks[20]!.winner).toBe(1);
    expect(droggn.result(lost)!.details!.delta).toBe(-162);
  });
});
