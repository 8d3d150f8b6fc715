/**
 * Invariants over random decks (a random 32-byte seed through core `shuffle`) and random
 * legal action sequences, for several rule profiles.
 */
import fc from 'fast-check';
import { seededRng, type Rng } from '../core/rng.js';
import { replayOrThrow } from '../core/replay.js';
import { shuffle } from '../core/shuffle.js';
import type { Action, Card, HandSetup } from '../core/types.js';
import { DOBBM_DECK, pointsOf } from './cards.js';
import { dobbm } from './index.js';
import type { DobbmOptions } from './options.js';
import { applyAny, playRandom, opts } from './deals.testkit.js';
import type { DobbmState } from './state.js';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

const profiles: { name: string; options: DobbmOptions; context?: Record<string, unknown> }[] = [
  { name: 'defaults, four players', options: opts() },
  { name: 'five players, stake 60', options: opts({ players: 5, stake: 60 }) },
  { name: 'exact rounding at an awkward stake', options: opts({ rounding: 'exact', stake: 7, players: 5 }) },
  {
    name: 'every alternative',
    options: opts({
      'discard.heartSowIsSow': false,
      'doubling.firstSpeaker': 'dealerLeft',
      'doubling.maxDoublings': 2,
      zeroTrickTransfer: 'ordinaryOnly',
    }),
  },
  { name: 'Mußrunde deal', options: opts({ players: 5 }), context: { mussrunde: true } },
  { name: 'penalize mode', options: opts({ irregularities: 'penalize', 'penalty.dealerPays': false, players: 5 }) },
];

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** A random hand: deck, setup, the states and actions of a randomBot playout (states frozen). */
function randomHand(seed: string, rngSeed: number, options: DobbmOptions, context?: Record<string, unknown>) {
  const setup: HandSetup = { dealer: rngSeed % options.players, ...(context ? { context } : {}) };
  const deck = shuffle(seed, DOBBM_DECK);
  const rng = seededRng(rngSeed);
  // Frozen states: any mutation inside `apply` throws (ES modules are strict).
  const s0 = deepFreeze(dobbm.deal(options, deck, setup));
  let s = s0;
  const states: DobbmState[] = [s0];
  const actions: Action[] = [];
  while (!dobbm.isOver(s)) {
    const seat = dobbm.toAct(s)[0]!;
    const a = dobbm.legalActions(s, seat);
    let action = s.phase === 'exchange' ? playRandom(s, rng).actions[0]! : a[rng.int(a.length)]!;
    // penalize mode: now and then an active seat reports an offence (docs/rules/dobbm.md#irregularities).
    if (options.irregularities === 'penalize' && s.phase !== 'bidding' && rng.int(30) === 0) {
      action = { seat: rng.pick(s.active), type: 'irregularity', offender: rng.pick(s.active) };
    }
    const r = dobbm.apply(s, action);
    if (!r.ok) throw new Error(`legal action refused: ${r.rejection.code}`);
    s = deepFreeze(r.state);
    states.push(s);
    actions.push(action);
  }
  return { deck, setup, states, actions, final: s };
}

const hundredths = (x: number): number => Math.round(x * 100);

describe.each(profiles)('$name', ({ options, context }) => {
  const arb = fc.tuple(seedArb, fc.nat(1_000_000));

  it('cards and points are conserved; scores are zero-sum and one per seat', () => {
    fc.assert(
      fc.property(arb, ([seed, r]) => {
        const { final, states } = randomHand(seed, r, options, context);
        const res = dobbm.result(final)!;
        expect(res.scores).toHaveLength(options.players);
        expect(res.scores.reduce((a, b) => a + hundredths(b), 0)).toBe(0);
        if (res.status === 'thrownIn') {
          expect(context).toBeUndefined(); // no throw-in in a Mußrunde (docs/rules/dobbm.md#decision-16)
          return;
        }
        if (res.cardPoints === null) return; // abandoned after an irregularity
        expect(res.cardPoints['declarer']! + res.cardPoints['defenders']!).toBe(120);
        const trickPoints = final.tricks.reduce((a, t) => a + t.points, 0);
        const aside = final.contract === 'dobbm' ? pointsOf(final.discard!) : pointsOf(final.dobb);
        expect(trickPoints + aside).toBe(120);
        expect(final.tricks).toHaveLength(8);
        const played = new Set<Card>([
          ...final.tricks.flatMap((t) => t.cards),
          ...(final.contract === 'dobbm' ? final.discard! : final.dobb),
        ]);
        expect(played.size).toBe(36);
        // A declarer who won, lost or drew is paid accordingly.
        const d = res.cardPoints['declarer']!;
        const declarerScore = res.scores[final.declarer!]!;
        expect(Math.sign(declarerScore)).toBe(d > 60 ? 1 : d < 60 ? -1 : 0);
        expect(states.length).toBeGreaterThan(8);
      }),
      { numRuns: 60 },
    );
  });

  it('legalActions is non-empty for the seat to act until the end, empty for all others, and each applies', () => {
    fc.assert(
      fc.property(arb, ([seed, r]) => {
        const { states } = randomHand(seed, r, options, context);
        const problems: string[] = [];
        for (const s of states) {
          for (let seat = 0; seat < options.players; seat++) {
            const legal = dobbm.legalActions(s, seat);
            if (dobbm.isOver(s) || seat !== dobbm.toAct(s)[0]) {
              if (legal.length > 0) problems.push(`seat ${seat} may act out of turn in ${s.phase}`);
              continue;
            }
            if (legal.length === 0) problems.push(`seat ${seat} to act in ${s.phase} has no action`);
            const sample = legal.length > 12 ? legal.filter((_, i) => i % Math.ceil(legal.length / 12) === 0) : legal;
            for (const a of sample) if (!dobbm.apply(s, a).ok) problems.push(`listed action refused: ${JSON.stringify(a)}`);
          }
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('random actions outside legalActions are rejected with a code and change nothing', () => {
    const words: Record<string, string[]> = { bid: ['pass', 'dobbm', 'solo'], double: ['gut', 'schwacher', 'retour'] };
    const randomAction = (rng: Rng): Action => {
      const seat = rng.int(options.players + 1);
      const type = rng.pick(['bid', 'discard', 'double', 'play']);
      if (type === 'play') return { seat, type, card: rng.pick(DOBBM_DECK) };
      if (type === 'discard') return { seat, type, cards: Array.from({ length: 3 + rng.int(3) }, () => rng.pick(DOBBM_DECK)) };
      return { seat, type, [type === 'bid' ? 'bid' : 'call']: rng.pick(words[type]!) };
    };
    const key = (a: Action) =>
      JSON.stringify({ ...a, cards: Array.isArray(a['cards']) ? [...(a['cards'] as string[])].sort() : undefined });
    fc.assert(
      fc.property(arb, ([seed, r]) => {
        const { states } = randomHand(seed, r, options, context);
        const rng = seededRng(r + 1);
        const accepted: string[] = [];
        for (const s of states) {
          const legal = new Set(dobbm.legalActions(s, s.turn).map(key));
          const before = JSON.stringify(s);
          for (let i = 0; i < 6; i++) {
            const a = randomAction(rng);
            if (legal.has(key(a))) continue;
            const res = applyAny(s, a);
            if (res.ok || !/^[A-Z_]+$/.test(res.rejection.code)) accepted.push(JSON.stringify(a));
          }
          expect(JSON.stringify(s)).toBe(before);
        }
        expect(accepted).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('a view never holds a card its viewer may not know', () => {
    const codes = new Set<string>(DOBBM_DECK);
    const cardsIn = (x: unknown, out: Set<string>): Set<string> => {
      if (typeof x === 'string' && codes.has(x)) out.add(x);
      else if (Array.isArray(x)) for (const v of x) cardsIn(v, out);
      else if (typeof x === 'object' && x !== null) for (const v of Object.values(x)) cardsIn(v, out);
      return out;
    };
    fc.assert(
      fc.property(arb, ([seed, r]) => {
        const { states, deck, setup } = randomHand(seed, r, options, context);
        // What each seat was dealt, from the docs/rules/dobbm.md#deal pattern on the deck (not from the engine).
        const order: number[] = [];
        for (let i = 1; i <= options.players; i++) {
          const s = (setup.dealer + i) % options.players;
          if (options.players === 4 || s !== setup.dealer) order.push(s);
        }
        const dealt = new Map<number, Card[]>(
          order.map((seat, i) => [seat, [...deck.slice(4 * i, 4 * i + 4), ...deck.slice(16 + 4 * i, 20 + 4 * i)]]),
        );
        const dobb = deck.slice(32);
        const leaks: string[] = [];
        for (const s of states) {
          const over = dobbm.isOver(s);
          const played = [...s.tricks.flatMap((t) => t.cards), ...s.trick];
          for (let seat = 0; seat < options.players; seat++) {
            const allowed = new Set<Card>(over ? DOBBM_DECK : [...(dealt.get(seat) ?? []), ...played]);
            if (s.declarer === seat && s.contract === 'dobbm') dobb.forEach((c) => allowed.add(c));
            for (const c of cardsIn(dobbm.view(s, { kind: 'seat', seat }), new Set()))
              if (!allowed.has(c)) leaks.push(`seat ${seat} sees ${c}`);
          }
          const publicCards = new Set<Card>(over ? DOBBM_DECK : played);
          for (const c of cardsIn(dobbm.view(s, { kind: 'spectator' }), new Set()))
            if (!publicCards.has(c)) leaks.push(`spectator sees ${c}`);
        }
        expect(leaks).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it("replaying the hand's record (the same deck, setup and actions, through JSON) gives the same state and result", () => {
    fc.assert(
      fc.property(arb, ([seed, r]) => {
        const { deck, setup, actions, final } = randomHand(seed, r, options, context);
        const record = JSON.parse(
          JSON.stringify({ game: 'dobbm', rules: options, dealer: setup.dealer, context: setup.context, deck, actions }),
        );
        const { states } = replayOrThrow(dobbm, record);
        const s = states[states.length - 1]!;
        expect(s).toEqual(final);
        expect(dobbm.result(s)).toEqual(dobbm.result(final));
        expect(JSON.parse(JSON.stringify(s))).toEqual(s); // plain JSON
      }),
      { numRuns: 30 },
    );
  });
});
