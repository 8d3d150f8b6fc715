/** Dealer rotation and the end of a session, docs/rules/dobbm.md#dealer, docs/rules/dobbm.md#mussrunde, docs/rules/dobbm.md#decision-15/#16. */
import { DOBBM_DECK } from './cards.js';
import { deal } from './deal.js';
import type { HandSetup } from '../core/types.js';
import type { DobbmOptions } from './options.js';
import { session as session, type DobbmSession } from './session.js';
import { bid, opts, run } from './deals.testkit.js';
import type { DobbmState } from './state.js';
import { withChanges } from './state.js';

/** A finished state with just what the session reads: dealer, declarer, Mußrunde flag. */
function finished(o: DobbmOptions, dealer: number, declarer: number | null, mussrunde = false): DobbmState {
  const s = deal(o, DOBBM_DECK, { dealer, context: mussrunde ? { mussrunde: true } : {} });
  return withChanges(s, { phase: 'over', turn: -1, declarer, contract: declarer === null ? null : 'dobbm' });
}
function ok<T>(r: { ok: true; state: T } | { ok: false; rejection: { code: string } }): T {
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
}

describe('dealer after a deal (docs/rules/dobbm.md#dealer)', () => {
  it('the declarer of a played deal deals the next one', () => {
    const o = opts();
    const { session: s0, next } = session.start(o, 2);
    expect(next).toEqual({ dealer: 2 });
    expect(session.afterHand(o, s0, finished(o, 2, 0)).next).toEqual({ dealer: 0 });
  });
  it('four players, thrown in: the same dealer again', () => {
    const o = opts();
    const s0 = session.start(o, 2).session;
    expect(session.afterHand(o, s0, finished(o, 2, null)).next).toEqual({ dealer: 2 });
  });
  it('five players, thrown in: the deal passes to the left', () => {
    const o = opts({ players: 5 });
    const s0 = session.start(o, 4).session;
    expect(session.afterHand(o, s0, finished(o, 4, null)).next).toEqual({ dealer: 0 });
  });
  it('a real five-player throw-in: next dealer 3 is the one who got the Stockerl', () => {
    const o = opts({ players: 5 });
    const s = run(deal(o, DOBBM_DECK, { dealer: 2 }), [bid(3, 'pass'), bid(4, 'pass'), bid(0, 'pass'), bid(1, 'pass')]);
    expect(session.afterHand(o, session.start(o, 2).session, s).next).toEqual({ dealer: 3 });
  });
});

describe('Mußrunde (docs/rules/dobbm.md#mussrunde)', () => {
  const o = opts();
  it('called between deals: the pending deal becomes the first of n = 4, forehand declares each, the deal moves left, then the session ends', () => {
    let s: DobbmSession = session.start(o, 1).session;
    // The pending deal (dealer 1) is untouched: it is replaced by the first Mußrunde deal.
    const step = ok(session.requestEnd(o, s, null, false));
    expect(step.next).toEqual({ dealer: 1, context: { mussrunde: true } });
    s = step.session;
    const dealers: number[] = [];
    let next = step.next;
    while (next) {
      dealers.push(next.dealer);
      const forehand = (next.dealer + 1) % 4;
      const r = session.afterHand(o, s, finished(o, next.dealer, forehand, true));
      s = r.session;
      next = r.next;
    }
    expect(dealers).toEqual([1, 2, 3, 0]);
    expect(s.next).toBeNull();
  });
  it('five players: five deals', () => {
    const o5 = opts({ players: 5 });
    let step = ok(session.requestEnd(o5, session.start(o5, 0).session, null, false));
    let count = 0;
    while (step.next) {
      count++;
      const d = step.next.dealer;
      step = session.afterHand(o5, step.session, finished(o5, d, (d + 1) % 5, true));
    }
    expect(count).toBe(5);
  });
  it('called while an ordinary deal runs: that deal does not count, the Mußrunde starts after it', () => {
    const s0 = session.start(o, 0).session;
    const called = ok(session.requestEnd(o, s0, null, true)).session;
    const after = session.afterHand(o, called, finished(o, 0, 2));
    expect(after.next).toEqual({ dealer: 2, context: { mussrunde: true } });
    expect(after.session.mussrundeLeft).toBe(4);
  });
  it('called during a deal: 1 ordinary + 4 Mußrunde deals; between deals: exactly 4 (docs/rules/dobbm.md#mussrunde "n deals")', () => {
    const count = (handUnderway: boolean) => {
      const called = ok(session.requestEnd(o, session.start(o, 3).session, null, handUnderway));
      // Between deals the service deals `next` in place of the pending deal; during one it
      // finishes the running (ordinary) deal first.
      let next: HandSetup | null = handUnderway ? { dealer: 3 } : called.next;
      let s = called.session;
      const kinds: boolean[] = [];
      while (next) {
        const mussrunde = next.context?.mussrunde === true;
        kinds.push(mussrunde);
        const r = session.afterHand(o, s, finished(o, next.dealer, (next.dealer + 1) % 4, mussrunde));
        s = r.session;
        next = r.next;
      }
      return kinds;
    };
    expect(count(true)).toEqual([false, true, true, true, true]);
    expect(count(false)).toEqual([true, true, true, true]);
  });
  it('whoMayCall host: a seat may not call it (CALL_NOT_ALLOWED); anyPlayer: any seat may', () => {
    const s0 = session.start(o, 0).session;
    const bySeat = session.requestEnd(o, s0, 2, false);
    expect(!bySeat.ok && bySeat.rejection.code).toBe('CALL_NOT_ALLOWED');
    const any = opts({ 'mussrunde.whoMayCall': 'anyPlayer' });
    expect(session.requestEnd(any, session.start(any, 0).session, 2, true).ok).toBe(true);
  });
  it('a second call while it runs is SESSION_ALREADY_ENDING; after the end SESSION_OVER', () => {
    const s1 = ok(session.requestEnd(o, session.start(o, 0).session, null, false)).session;
    const again = session.requestEnd(o, s1, null, true);
    expect(!again.ok && again.rejection.code).toBe('SESSION_ALREADY_ENDING');
  });
  it.each([false, true])(
    'without a Mußrunde the request ends the session: now, or after the running deal (handUnderway %s)',
    (handUnderway) => {
      const off = opts({ 'mussrunde.enabled': false });
      const step = ok(session.requestEnd(off, session.start(off, 0).session, null, handUnderway));
      expect(step.next).toBeNull();
      const again = session.requestEnd(off, step.session, null, false);
      expect(!again.ok && again.rejection.code).toBe('SESSION_OVER');
      expect(session.afterHand(off, step.session, finished(off, 0, 1)).next).toBeNull();
    },
  );
});

describe('hands left once the end is asked for', () => {
  /** Plays the session out from `current` (the hand under way), counting the hands, and checks handsLeft before each. */
  function countDown(o: DobbmOptions, s: DobbmSession, current: HandSetup): number[] {
    const said: number[] = [];
    const played: number[] = [];
    let setup: HandSetup | null = current;
    let n = 0;
    while (setup) {
      said.push(session.handsLeft(o, s, setup)!);
      played.push(++n);
      const r = session.afterHand(o, s, finished(o, setup.dealer, (setup.dealer + 1) % o.players, setup.context?.mussrunde === true));
      s = r.session;
      setup = r.next;
    }
    expect(session.handsLeft(o, s, null)).toBeNull();
    return said.map((left, i) => left - (played.length - i));
  }

  it('none before the end is asked for', () => {
    expect(session.handsLeft(opts(), session.start(opts(), 0).session, { dealer: 0 })).toBeNull();
  });
  it('called between deals, during a deal, and without a Mußrunde: each count is the hands then played', () => {
    for (const players of [4, 5] as const) {
      const o = opts({ players });
      const between = ok(session.requestEnd(o, session.start(o, 1).session, null, false));
      expect(countDown(o, between.session, between.next!)).toEqual(Array(players).fill(0));
      const during = ok(session.requestEnd(o, session.start(o, 1).session, null, true)).session;
      expect(countDown(o, during, { dealer: 1 })).toEqual(Array(players + 1).fill(0));
    }
    const off = opts({ 'mussrunde.enabled': false });
    const ending = ok(session.requestEnd(off, session.start(off, 0).session, null, true)).session;
    expect(countDown(off, ending, { dealer: 0 })).toEqual([0]);
  });
});
