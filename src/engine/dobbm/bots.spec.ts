/** The bots: random (uniform, always legal) and heuristic (sensible choices). */
import fc from 'fast-check';
import { seededRng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import { DOBBM_DECK, pointsOf } from './cards.js';
import { deal } from './deal.js';
import { choosePlay, heuristicBot, randomBot } from './bots.js';
import { handStrength } from './strength.js';
import { sowRuleHolds } from './play.js';
import { apply, legalDiscards, legalActions } from './rules.js';
import { result } from './result.js';
import { fieldOf } from '../core/actions.testkit.js';
import { bid, fromHands, opts, run } from './deals.testkit.js';
import type { DobbmState } from './state.js';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

function playWith(state: DobbmState, bot: ReturnType<typeof heuristicBot>, seed: number): DobbmState {
  const rng = seededRng(seed);
  let s = state;
  for (let i = 0; s.phase !== 'over'; i++) {
    if (i > 200) throw new Error('hand does not end');
    const r = apply(s, bot(s, s.turn, rng));
    if (!r.ok) throw new Error(r.rejection.code);
    s = r.state;
  }
  return s;
}

/**
 * The unshuffled deck, dealer 3: seat 2 plays Solo, nobody doubles, and seat 2 leads A6.
 *   seat 0: HS H10 HK HO L7 L6 AS A10   seat 1: HU H9 H8 H7 AK AO AU A9   seat 3: LO LU L9 L8 B10 BK BO BU
 */
const afterSoloLead = (): DobbmState =>
  run(deal(opts(), DOBBM_DECK, { dealer: 3 }), [
    bid(0, 'pass'),
    bid(1, 'pass'),
    bid(2, 'solo'),
    bid(3, 'pass'),
    ...[3, 0, 1].map((seat) => ({ seat, type: 'double', call: 'gut' })),
    { seat: 2, type: 'play', card: 'A6' },
  ]);

describe('handStrength', () => {
  it('ranks S1’s minimal Dobbm hands (HS + heart + sow; three hearts + sow) above a blank hand', () => {
    const blank = handStrength(['L6', 'L7', 'A6', 'A7', 'B6', 'B7', 'B8', 'A8'], 'dobbm');
    const s1a = handStrength(['HS', 'H7', 'AS', 'L6', 'L7', 'B6', 'B7', 'A8'], 'dobbm');
    const s1b = handStrength(['H9', 'H8', 'H7', 'AS', 'L7', 'B6', 'B7', 'A8'], 'dobbm');
    expect(s1a).toBeGreaterThan(blank);
    expect(s1b).toBeGreaterThan(blank);
    expect(s1a).toBeGreaterThanOrEqual(30); // the default bid threshold
    expect(s1b).toBeGreaterThanOrEqual(30);
    expect(blank).toBeLessThan(30);
  });
});

describe('randomBot', () => {
  it('discards uniformly over the legal discards (each legal 4-set about equally often)', () => {
    const s = run(deal(opts(), DOBBM_DECK, { dealer: 3 }), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
    const legal = legalDiscards(s, 0).length; // 383
    const rng = seededRng(7);
    const counts = new Map<string, number>();
    const n = 383 * 60;
    let illegal = 0;
    for (let i = 0; i < n; i++) {
      const cards = fieldOf(randomBot(s, 0, rng), 'cards') as string[];
      if (!sowRuleHolds(cards, s.options)) illegal++;
      const key = [...cards].sort().join();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(illegal).toBe(0);
    expect(counts.size).toBe(legal);
    for (const c of counts.values()) expect(c).toBeGreaterThan(20); // mean 60
  });
});

describe('randomBot over whole hands', () => {
  it('always picks one of legalActions (any order of a discard), for four and five players', () => {
    const key = (a: Record<string, unknown>) =>
      JSON.stringify({ ...a, cards: Array.isArray(a['cards']) ? [...(a['cards'] as string[])].sort() : undefined });
    fc.assert(
      fc.property(seedArb, fc.nat(1000), fc.constantFrom(4, 5), (seed, r, players) => {
        const rng = seededRng(r);
        let s = deal(opts({ players: players as 4 | 5 }), shuffle(seed, DOBBM_DECK), { dealer: r % players });
        const stray: string[] = [];
        while (s.phase !== 'over') {
          const a = randomBot(s, s.turn, rng);
          if (!new Set(legalActions(s, s.turn).map(key)).has(key(a))) stray.push(key(a));
          const res = apply(s, a);
          if (!res.ok) throw new Error(res.rejection.code);
          s = res.state;
        }
        expect(stray).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('plays each legal card about equally often', () => {
    // Rules.spec's deal: seat 2 leads A6 in its Solo, seat 3 (no acorns, no hearts) may play any of 8.
    const s = afterSoloLead();
    const rng = seededRng(3);
    const counts = new Map<string, number>();
    for (let i = 0; i < 8000; i++) {
      const c = fieldOf(randomBot(s, 3, rng), 'card') as string;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['B10', 'BK', 'BO', 'BU', 'L8', 'L9', 'LO', 'LU']);
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });
});

describe('heuristicBot', () => {
  it('always plays legal actions and finishes hands, for several profiles', () => {
    const profiles = [{}, { tilt: 30 }, { tilt: -30, noise: 10 }, { bidThreshold: 10, soloThreshold: 30 }];
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...profiles), fc.constantFrom(4, 5), fc.boolean(), (seed, profile, players, mussrunde) => {
        const setup = { dealer: 0, context: { mussrunde } };
        const s = playWith(deal(opts({ players: players as 4 | 5 }), shuffle(seed, DOBBM_DECK), setup), heuristicBot(profile), 1);
        expect(result(s)).not.toBeNull();
        if (mussrunde) expect(s.declarer).toBe(1); // forehand must declare
      }),
      { numRuns: 60 },
    );
  });

  it('bids Dobbm with a strong hand and passes a blank one', () => {
    // Seat 0: HS H10 HK AS LS + small; seat 1: nothing.
    const hands = ['HS H10 HK AS LS B6 B7 L6', 'A6 A7 A8 L7 L8 B8 B9 BU', 'H9 H8 H7 A9 AU AO L9 LU', 'H6 HU HO A10 AK L10 LK LO'].map((h) =>
      h.split(' '),
    );
    const s = fromHands(opts(), hands, ['BS', 'B10', 'BK', 'BO'], { dealer: 3 });
    const bot = heuristicBot();
    expect(fieldOf(bot(s, 0, seededRng(1)), 'bid')).not.toBe('pass');
    const t = run(s, [bid(0, 'pass')]);
    expect(fieldOf(bot(t, 1, seededRng(1)), 'bid')).toBe('pass');
  });

  it('discards legally and keeps hearts and sows (lays away a bare ten rather than a sow)', () => {
    const hands = [
      ['HS', 'H10', 'HK', 'AS', 'LS', 'B10', 'B7', 'L6'],
      ['A6', 'A7', 'A8', 'L7', 'L8', 'B8', 'B9', 'BU'],
      ['H9', 'H8', 'H7', 'A9', 'AU', 'AO', 'L9', 'LU'],
      ['H6', 'HU', 'HO', 'A10', 'AK', 'L10', 'LK', 'LO'],
    ];
    const s = run(fromHands(opts(), hands, ['BS', 'B6', 'BK', 'BO'], { dealer: 3 }), [
      bid(0, 'dobbm'),
      bid(1, 'pass'),
      bid(2, 'pass'),
      bid(3, 'pass'),
    ]);
    const cards = fieldOf(heuristicBot()(s, 0, seededRng(1)), 'cards') as string[];
    expect(sowRuleHolds(cards, s.options)).toBe(true);
    for (const keep of ['HS', 'H10', 'HK', 'AS', 'LS']) expect(cards).not.toContain(keep);
    expect(pointsOf(cards)).toBeGreaterThan(0);
  });

  it('tilt makes doubling more frequent (the collusion simulator’s knob)', () => {
    let calm = 0;
    let eager = 0;
    for (let i = 0; i < 40; i++) {
      const deck = shuffle(i.toString(16).padStart(64, '0'), DOBBM_DECK);
      calm += playWith(deal(opts(), deck, { dealer: 0 }), heuristicBot(), i).doublings;
      eager += playWith(deal(opts(), deck, { dealer: 0 }), heuristicBot({ tilt: 40 }), i).doublings;
    }
    expect(eager).toBeGreaterThan(calm);
  });

  it('beats random play as declarer on average', () => {
    let heuristic = 0;
    let random = 0;
    for (let i = 0; i < 60; i++) {
      const deck = shuffle((1000 + i).toString(16).padStart(64, '0'), DOBBM_DECK);
      const s0 = run(deal(opts(), deck, { dealer: 3 }), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
      const h = playWith(s0, heuristicBot({ tilt: -100 }), i);
      const r = playWith(s0, (s, seat, rng) => (seat === 0 ? randomBot(s, seat, rng) : heuristicBot({ tilt: -100 })(s, seat, rng)), i);
      heuristic += result(h)!.cardPoints!['declarer']!;
      random += result(r)!.cardPoints!['declarer']!;
    }
    expect(heuristic).toBeGreaterThan(random);
  });
});

describe('heuristic card play (S1 tactics)', () => {
  it('a defender who cannot win follows cheaply (a blank leaf, not a point)', () => {
    expect(choosePlay(afterSoloLead(), 3)).toBe('L8');
  });
  it('takes the declarer’s trick with the cheapest card nobody can beat (A10, keeping the Sow)', () => {
    const s = run(afterSoloLead(), [{ seat: 3, type: 'play', card: 'L8' }]);
    expect(choosePlay(s, 0)).toBe('A10');
  });
  it('smears the richest card onto a trick the partner has won (schmieren)', () => {
    const s = run(afterSoloLead(), [
      { seat: 3, type: 'play', card: 'L8' },
      { seat: 0, type: 'play', card: 'A10' },
    ]);
    expect(choosePlay(s, 1)).toBe('AK');
  });
});
