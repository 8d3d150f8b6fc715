import type { Action, Card } from '../core/types.js';
import { DECK } from './cards.js';
import { ordinaryGame } from './fixtures.testkit.js';
import { droggn, type DroggnState } from './index.js';
import { dealt, run } from './deals.testkit.js';

const start = () => dealt([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)], DECK.slice(63), 2);
const bought = () =>
  run(start(), [
    { seat: 0, type: 'bid', bid: 'ansager' },
    { seat: 1, type: 'bid', bid: 'pass' },
    { seat: 2, type: 'bid', bid: 'pass' },
    { seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] },
    { seat: 0, type: 'buy', card: 'DK', give: 'T5' },
  ]);

describe('views (docs/design.md#hidden-information)', () => {
  it('a seat sees its own hand and legal actions, never another hand', () => {
    const v = droggn.view(start(), { kind: 'seat', seat: 1 });
    expect(v.hand).toEqual(DECK.slice(21, 42));
    expect(v.legalActions).toEqual([]);
    expect(v).not.toHaveProperty('hands');
    expect(v.talon).toBeNull();
    expect(v.toAct).toEqual([0]);
  });

  it('a spectator sees the public record only; an auditor sees everything', () => {
    const spectator = droggn.view(start(), { kind: 'spectator' });
    expect(spectator).not.toHaveProperty('hand');
    expect(spectator).not.toHaveProperty('hands');
    expect(spectator.talon).toBeNull();
    const auditor = droggn.view(start(), { kind: 'auditor' });
    expect(auditor.hands).toEqual([DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)]);
    expect(auditor.talon).toEqual(DECK.slice(63));
  });

  it('a bought card is public; the card given for it only to the declarer and the seller', () => {
    const s = bought();
    // DK was dealt to seat 2 (positions 42..62 hold the diamonds from DK)
    expect(droggn.view(s, { kind: 'seat', seat: 0 }).buy).toEqual({ kind: 'bought', card: 'DK', give: 'T5', from: 2 });
    expect(droggn.view(s, { kind: 'seat', seat: 2 }).buy).toEqual({ kind: 'bought', card: 'DK', give: 'T5', from: 2 });
    expect(droggn.view(s, { kind: 'seat', seat: 1 }).buy).toEqual({ kind: 'bought', card: 'DK', from: 2 });
    expect(droggn.view(s, { kind: 'spectator' }).buy).toEqual({ kind: 'bought', card: 'DK', from: 2 });
  });

  it('the event log hides the discard and the given card from the others until the end', () => {
    const s = bought();
    const discard: Action = { seat: 0, type: 'discard', cards: ['T2', 'T3', 'T4'] };
    const buy: Action = { seat: 0, type: 'buy', card: 'DK', give: 'T5' };
    const redact = droggn.redactAction!;
    expect(redact(discard, { kind: 'seat', seat: 1 }, s)).toEqual({ seat: 0, type: 'discard', hidden: ['cards'] });
    expect(redact(discard, { kind: 'seat', seat: 0 }, s)).toEqual(discard);
    expect(redact(buy, { kind: 'seat', seat: 1 }, s)).toEqual({ seat: 0, type: 'buy', card: 'DK', hidden: ['give'] });
    expect(redact(buy, { kind: 'seat', seat: 2 }, s)).toEqual(buy);
    expect(redact(buy, { kind: 'auditor' }, s)).toEqual(buy);
  });

  it('after the hand everything is shown, with the tricks, their winners and the result', () => {
    const end = ordinaryGame('T1');
    const v = droggn.view(end, { kind: 'seat', seat: 1 });
    expect(v.discard).toEqual(['T2', 'T3', 'D1']);
    expect(v.talon).toEqual(['T2', 'T3', 'D1']);
    expect(v.tricksWon).toEqual({ declarer: 8, defenders: 13 });
    expect((v.tricks as unknown[]).length).toBe(21);
    expect(v.result).toEqual(droggn.result(end));
    expect(v.layouts).toEqual([{ seat: 0, card: 'T1' }]);
  });
});

describe('the declarer’s buying choices show nothing of who holds what', () => {
  it('swapping a card between the defenders leaves his legal actions as they were, order included', () => {
    const hands = [DECK.slice(0, 21), DECK.slice(21, 42), DECK.slice(42, 63)];
    const talon = DECK.slice(63);
    const toBuy = (hs: Card[][]): DroggnState => {
      let s = dealt(hs, talon, 0);
      while (s.phase === 'bidding') {
        const bids = droggn.legalActions(s, s.turn);
        s = run(s, [bids.find((a) => a.type === 'bid' && a.bid === 'ansager') ?? bids[0]!]);
      }
      return run(s, [droggn.legalActions(s, s.turn)[0]!]);
    };
    const s = toBuy(hands);
    expect(s.phase).toBe('buy');
    const [d1, d2] = s.defenders;
    const twin = hands.map((h) => h.slice());
    [twin[d1!]![0], twin[d2!]![0]] = [twin[d2!]![0]!, twin[d1!]![0]!];
    expect(droggn.legalActions(toBuy(twin), s.declarer!)).toEqual(droggn.legalActions(s, s.declarer!));
  });
});
