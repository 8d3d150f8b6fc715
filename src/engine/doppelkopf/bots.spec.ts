import { seededRng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import { heuristicBot, randomBot } from './bots.js';
import { handStrength } from './strength.js';
import { dokoDeck } from './cards.js';
import { deal } from './deal.js';
import { result } from './result.js';
import { apply, legalActions, toAct } from './rules.js';
import type { DokoState } from './state.js';
import { acts, dealWith, opts } from './deals.testkit.js';

describe('bots', () => {
  it('handStrength ranks a hand of high trumps above a hand of nines and kings', () => {
    const strong = ['H10', 'H10', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'CA', 'SA'];
    const weak = ['C9', 'C9', 'S9', 'S9', 'H9', 'H9', 'CK', 'CK', 'SK', 'SK', 'HK', 'HK'];
    expect(handStrength(strong)).toBeGreaterThan(handStrength(weak));
    expect(handStrength(weak)).toBe(0);
  });

  it('randomBot picks one of the listed legal actions', () => {
    const s = dealWith(opts(), {});
    const a = randomBot(s, 0, seededRng(1));
    expect(legalActions(s, 0)).toContainEqual(a);
  });

  it('heuristicBot declares poverty with three trumps or fewer', () => {
    const poor = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];
    const s = dealWith(opts({ poverty: { enabled: true } }), { 0: poor });
    expect(heuristicBot()(s, 0, seededRng(1))).toEqual({ seat: 0, type: 'reservation', call: 'vorbehalt' });
  });

  it('heuristicBot declares a solo with the twelve highest trumps, and announces when strong', () => {
    const top = ['H10', 'H10', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ', 'CJ', 'CJ'];
    const bot = heuristicBot();
    const s = dealWith(opts(), { 0: top });
    expect(bot(s, 0, seededRng(1))).toEqual({ seat: 0, type: 'reservation', call: 'vorbehalt' });
    const r2 = acts(
      s,
      [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 0 ? 'vorbehalt' : 'gesund' })),
    );
    const solo = bot(r2, 0, seededRng(1));
    expect(solo).toEqual({ seat: 0, type: 'contract', contract: 'solo-d' });
    expect(bot(acts(r2, [solo]), 0, seededRng(1))).toEqual({ seat: 0, type: 'announce', level: 're' });
  });

  it.each([{}, { poverty: { enabled: true }, piglets: true }, { deck: 40 }])('heuristicBot plays whole hands legally (%j)', (rules) => {
    const o = opts(rules);
    const bot = heuristicBot();
    const rng = seededRng(7);
    for (let h = 0; h < 20; h++) {
      let s: DokoState = deal(o, shuffle(String(h).padStart(64, 'a'), dokoDeck(o.deck)), { dealer: h % 4 });
      while (s.phase !== 'over') {
        const r = apply(s, bot(s, toAct(s)[0], rng));
        if (!r.ok) throw new Error(r.rejection.code);
        s = r.state;
      }
      expect(result(s)!.scores.reduce((a, b) => a + b, 0)).toBe(0);
    }
  });
});

describe('randomBot in a poverty', () => {
  it('passes all trumps topped up with random cards, then returns cards the acceptor holds', () => {
    const poor = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];
    const calls = [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 0 ? 'vorbehalt' : 'gesund' }));
    const s = acts(dealWith(opts({ poverty: { enabled: true } }), { 0: poor }), [
      ...calls,
      { seat: 0, type: 'contract', contract: 'armut' },
    ]);
    const rng = seededRng(3);
    const pass = randomBot(s, 0, rng);
    if (pass.type !== 'poverty') throw new Error(`expected a poverty pass, got ${pass.type}`);
    expect(pass.cards).toHaveLength(3);
    expect(pass.cards).toContain('DA');
    const taken = acts(s, [pass, { seat: 1, type: 'poverty-answer', accept: true }]);
    const back = randomBot(taken, 1, rng);
    expect(back.type).toBe('poverty-return');
    expect(apply(taken, back).ok).toBe(true);
  });
});
