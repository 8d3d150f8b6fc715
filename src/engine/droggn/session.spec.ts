import { Codes } from '../core/rejections.js';
import type { SessionStep } from '../core/types.js';
import { DECK } from './cards.js';
import { droggn } from './index.js';
import { defaultOptions } from './options.js';
import { CLOSING_HANDS, settle, type DroggnSession } from './session.js';
import type { DroggnState } from './state.js';
import { dealt, run } from './deals.testkit.js';

const options = defaultOptions({ players: 4 });
/** A finished hand of `declarer` (an irregularity penalty keeps it short), or a throw-in. */
function handOf(dealer: number, declarer: number | null): DroggnState {
  const hands: (string[] | null)[] = [];
  let k = 0;
  for (let seat = 0; seat < 4; seat++) {
    hands.push(seat === dealer ? null : DECK.slice(21 * k, 21 * k + 21));
    if (seat !== dealer) k++;
  }
  let s = dealt(hands, DECK.slice(63), dealer, { players: 4, irregularities: 'penalize' });
  for (const seat of s.active) s = run(s, [{ seat, type: 'bid', bid: seat === declarer ? 'super' : 'pass' }]);
  if (declarer !== null) s = run(s, [{ seat: declarer, type: 'irregularity', offender: s.defenders[0]! }]);
  return s;
}

describe('dealer rotation (docs/rules/droggn.md#deal)', () => {
  it('the declarer deals next; after a throw-in the same dealer deals again', () => {
    let step: SessionStep<DroggnSession> = droggn.session.start(options, 2);
    expect(step.next).toEqual({ dealer: 2 });
    step = droggn.session.afterHand(options, step.session, handOf(2, 0));
    expect(step.next).toEqual({ dealer: 0 });
    step = droggn.session.afterHand(options, step.session, handOf(0, null));
    expect(step.next).toEqual({ dealer: 0 });
  });

  it('keeps the paper sheet: only the declarer`s line moves, by Δ', () => {
    const first = droggn.session.start(options, 2);
    const after = droggn.session.afterHand(options, first.session, handOf(2, 0));
    // a defender's offence in a Super: +80 for the declarer
    expect(after.session.paper).toEqual([80, 0, 0, 0]);
  });
});

describe('end of session (docs/rules/droggn.md#session-end)', () => {
  it('announced during a hand: it is played out, then exactly four more completed hands; throw-ins do not count', () => {
    let step = droggn.session.start(options, 1);
    const announced = droggn.session.requestEnd(options, step.session, 3, true);
    if (!announced.ok) throw new Error(announced.rejection.code);
    step = announced.state;
    // the hand being played when the end was called does not count
    step = droggn.session.afterHand(options, step.session, handOf(1, 2));
    expect(step.session.handsLeft).toBe(CLOSING_HANDS);
    const declarers = [3, null, 0, null, 1, 2];
    const nexts: (number | null)[] = [];
    for (const d of declarers) {
      step = droggn.session.afterHand(options, step.session, handOf(step.next!.dealer, d));
      nexts.push(step.next?.dealer ?? null);
    }
    expect(nexts).toEqual([3, 3, 0, 0, 1, null]);
    expect(step.session.over).toBe(true);
    expect(droggn.session.requestEnd(options, step.session, null, false)).toMatchObject({
      ok: false,
      rejection: { code: Codes.SESSION_OVER },
    });
  });

  it('announced between deals: the pending hand is replaced and is the first of the four; throw-ins do not count', () => {
    const announced = droggn.session.requestEnd(options, droggn.session.start(options, 1).session, 3, false);
    if (!announced.ok) throw new Error(announced.rejection.code);
    let step = announced.state;
    // the replacement of the pending hand keeps its dealer
    expect(step.next).toEqual({ dealer: 1 });
    // completed hands by 2, 3, 0, 1 (the 1st, 2nd, 3rd, 4th) with two throw-ins in between
    const declarers = [2, null, 3, 0, null, 1];
    const nexts: (number | null)[] = [];
    for (const d of declarers) {
      step = droggn.session.afterHand(options, step.session, handOf(step.next!.dealer, d));
      nexts.push(step.next?.dealer ?? null);
    }
    expect(nexts).toEqual([2, 2, 3, 0, 0, null]);
    expect(step.session.over).toBe(true);
  });

  it('a second announcement is refused; the host may announce (bySeat null)', () => {
    const step = droggn.session.start(options, 0);
    const first = droggn.session.requestEnd(options, step.session, null, false);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(droggn.session.requestEnd(options, first.state.session, 1, true)).toMatchObject({
      ok: false,
      rejection: { code: Codes.SESSION_ALREADY_ENDING },
    });
  });
});

describe('settlement (docs/rules/droggn.md#settlement)', () => {
  it('each pair settles the difference of paper scores times the stake', () => {
    // pairs: (0,1) 30−(−10)=40, (0,2) 30−0=30, (1,2) −10 → seat 0 gets 70, seat 1 pays 50, seat 2 pays 20
    expect(settle([30, -10, 0], 10)).toEqual([700, -500, -200]);
    // four players: seat 0 is 12, 16 and 12 ahead of the others → 40 · 50
    expect(settle([12, 0, -4, 0], 50)).toEqual([2000, -400, -1200, -400]);
  });
});

describe('hands left once the end is announced', () => {
  /** Plays completed hands until the session ends; handsLeft before each must be the hands then played. */
  function countDown(s: DroggnSession, dealer: number, underway: boolean): void {
    const said: number[] = [];
    let next: { dealer: number } | null = { dealer };
    while (next) {
      said.push(droggn.session.handsLeft(options, s, next)!);
      const step = droggn.session.afterHand(options, s, handOf(next.dealer, (next.dealer + 1) % 4));
      s = step.session;
      next = step.next;
    }
    expect(said).toEqual(said.map((_, i) => said.length - i));
    expect(said[0]).toBe(CLOSING_HANDS + (underway ? 1 : 0));
    expect(droggn.session.handsLeft(options, s, null)).toBeNull();
  }

  it('none before; announced between deals four, during a deal that one and four more', () => {
    const start = droggn.session.start(options, 1).session;
    expect(droggn.session.handsLeft(options, start, { dealer: 1 })).toBeNull();
    const between = droggn.session.requestEnd(options, start, null, false);
    if (!between.ok) throw new Error(between.rejection.code);
    countDown(between.state.session, 1, false);
    const during = droggn.session.requestEnd(options, start, null, true);
    if (!during.ok) throw new Error(during.rejection.code);
    countDown(during.state.session, 1, true);
  });
});
