import { Codes } from '../core/rejections.js';
import { seededRng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import type { HandSetup } from '../core/types.js';
import { randomBot } from './bots.js';
import { dokoDeck } from './cards.js';
import { deal } from './deal.js';
import type { DokoOptions } from './options.js';
import { result } from './result.js';
import { apply, toAct } from './rules.js';
import { session, type DokoSession } from './session.js';
import type { DokoState } from './state.js';
import { act, allHealthy, dealWith, opts, playFirstLegal } from './deals.testkit.js';

const normalHand = (o: DokoOptions, dealer: number): DokoState => playFirstLegal(allHealthy(dealWith(o, {}, dealer)));
const thrownIn = (o: DokoOptions, dealer: number): DokoState => ({
  ...dealWith(o, {}, dealer),
  phase: 'over',
  thrownIn: { seat: null, reason: 'povertyRefused' },
});
/** A hand in which `soloist` declares a solo (compulsory in tournament mode if he owes one). */
function soloHand(o: DokoOptions, setup: HandSetup, soloist: number): DokoState {
  let s = dealWith(o, {}, setup.dealer, setup.context);
  while (s.phase === 'reservations')
    s = act(s, { seat: toAct(s)[0], type: 'reservation', call: toAct(s)[0] === soloist ? 'vorbehalt' : 'gesund' });
  return playFirstLegal(act(s, { seat: soloist, type: 'contract', contract: 'solo-c' }));
}
const sess = (over: Partial<DokoSession>): DokoSession => ({ dealer: 0, counted: 0, hands: 0, compulsoryDone: [], ended: false, ...over });

describe('informal sessions (docs/rules/doppelkopf.md#sessions, docs/rules/doppelkopf.md#deal)', () => {
  const o = opts({ session: { deals: 2 } });

  it('the first dealer deals, then the deal passes left', () => {
    const start = session.start(o, 2);
    expect(start.next?.dealer).toBe(2);
    const after = session.afterHand(o, start.session, normalHand(o, 2));
    expect(after.next?.dealer).toBe(3);
    expect(after.session.counted).toBe(1);
  });

  it('a thrown-in or refused deal is dealt again by the same dealer and not counted', () => {
    const after = session.afterHand(o, sess({ dealer: 1 }), thrownIn(o, 1));
    expect(after.next?.dealer).toBe(1);
    expect(after.session.counted).toBe(0);
  });

  it('session.deals ends the session after that many counted deals', () => {
    const one = session.afterHand(o, sess({}), normalHand(o, 0));
    expect(one.next).not.toBeNull();
    expect(session.afterHand(o, one.session, normalHand(o, 1)).next).toBeNull();
  });

  it.each([false, true])('open-ended sessions end on request, by a player or the host (handUnderway %s)', (handUnderway) => {
    const open = opts();
    // Between deals: nothing is dealt in place of the untouched hand, the session ends now.
    const ended = session.requestEnd(open, sess({}), 2, handUnderway);
    expect(ended.ok && ended.state.next).toBeNull();
    const again = ended.ok ? session.requestEnd(open, ended.state.session, null, false) : null;
    expect(again?.ok === false && again.rejection.code).toBe(Codes.SESSION_ALREADY_ENDING);
    // A hand still running when the request came is played out, then nothing more is dealt.
    if (ended.ok) expect(session.afterHand(open, ended.state.session, normalHand(open, 0)).next).toBeNull();
  });

  it('five players: the dealer sits out, scores 0, and the deal rotates over five seats', () => {
    const five = opts({ players: 5 });
    const hand = normalHand(five, 4);
    expect(result(hand)!.scores[4]).toBe(0);
    expect(session.afterHand(five, sess({ dealer: 4 }), hand).next?.dealer).toBe(0);
  });
});

describe('tournament sessions (docs/rules/doppelkopf.md#sessions)', () => {
  const t = opts({ mode: 'tournament' });

  it('only the host may end a tournament early', () => {
    for (const handUnderway of [false, true]) {
      const bySeat = session.requestEnd(t, sess({}), 1, handUnderway);
      expect(bySeat.ok === false && bySeat.rejection.code).toBe(Codes.CALL_NOT_ALLOWED);
      const byHost = session.requestEnd(t, sess({}), null, handUnderway);
      expect(byHost.ok && byHost.state.next).toBeNull();
    }
  });

  it('a compulsory solo is not counted and the same dealer deals again', () => {
    const hand = soloHand(t, { dealer: 1, context: { compulsoryDone: [] } }, 3);
    expect(hand.compulsory).toBe(true);
    const after = session.afterHand(t, sess({ dealer: 1, counted: 5 }), hand);
    expect(after.next?.dealer).toBe(1);
    expect(after.session.counted).toBe(5);
    expect(after.next?.context).toEqual({ compulsoryDone: [3], vorfuehrung: null });
  });

  it('vorfuehrung = atEnd: after 20 counted deals the owing players are vorgeführt from forehand', () => {
    const after = session.afterHand(t, sess({ dealer: 0, counted: 19, compulsoryDone: [0, 2] }), normalHand(t, 0));
    // Dealer now 1, forehand 2: owing seats in order 3, then 1.
    expect(after.next).toEqual({ dealer: 1, context: { compulsoryDone: [0, 2], vorfuehrung: 3 } });
    const second = session.afterHand(t, after.session, soloHand(t, after.next!, 3));
    expect(second.next).toEqual({ dealer: 1, context: { compulsoryDone: [0, 2, 3], vorfuehrung: 1 } });
    expect(session.afterHand(t, second.session, soloHand(t, second.next!, 1)).next).toBeNull();
  });

  it('docs/rules/doppelkopf.md#decision-18 alternative whenRemainingEqualsOwed: vorgeführt as soon as remaining deals equal owed solos', () => {
    const w = opts({ mode: 'tournament', vorfuehrung: 'whenRemainingEqualsOwed' });
    const at = session.afterHand(w, sess({ counted: 16, compulsoryDone: [0] }), normalHand(w, 0));
    expect(at.next?.context).toEqual({ compulsoryDone: [0], vorfuehrung: 2 });
    const atEnd = session.afterHand(t, sess({ counted: 16, compulsoryDone: [0] }), normalHand(t, 0));
    expect(atEnd.next?.context).toEqual({ compulsoryDone: [0], vorfuehrung: null });
  });

  it.each([4, 5])('a whole tournament with random players has 20 deals plus one compulsory solo each (%i players)', (players) => {
    const o = opts({ mode: 'tournament', players });
    const rng = seededRng(players);
    let step = session.start(o, 0);
    let hands = 0;
    while (step.next) {
      let s = deal(o, shuffle(String(hands).padStart(64, '7'), dokoDeck(48)), step.next);
      while (s.phase !== 'over') {
        const r = apply(s, randomBot(s, toAct(s)[0], rng));
        if (!r.ok) throw new Error(r.rejection.message);
        s = r.state;
      }
      hands++;
      step = session.afterHand(o, step.session, s);
    }
    expect(hands).toBe(20 + players);
    expect(step.session.compulsoryDone).toEqual(Array.from({ length: players }, (_, i) => i));
  });
});
