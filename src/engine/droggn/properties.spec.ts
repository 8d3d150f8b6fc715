/**
 * Invariants over random decks and random legal play (fast-check), for several rule profiles.
 */
import fc from 'fast-check';
import { seededRng, type Rng } from '../core/rng.js';
import { replayOrThrow } from '../core/replay.js';
import { shuffle } from '../core/shuffle.js';
import type { Action, Card } from '../core/types.js';
import { randomBot } from './bots.js';
import { DECK } from './cards.js';
import { droggn } from './index.js';
import { defaultOptions, type DroggnOptions } from './options.js';
import { piles } from './scoring.js';
import type { DroggnState } from './state.js';
import { checkViews } from './views.testkit.js';
import { applyAny } from './deals.testkit.js';

const PROFILES: Partial<DroggnOptions>[] = [
  {},
  { players: 4, deal: 'talonAfterRound2', 'talon.expose': 'ansagerOnly', winThreshold: 38 },
  {
    deal: '5-5-5-3-3',
    'discard.kingCover': 'anyTrump',
    'gstiess.lastTrickIllegal': true,
    kleineGstiessUltimo: true,
    winThreshold: 'tieLastTrick',
  },
  {
    players: 4,
    'mord.pagatItems': 'additive',
    'mord.doubling': 'excludeBonus',
    'doubling.maxDoublings': 2,
    'buy.invalidRequestForfeits': true,
  },
];
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

/** Random legal play, passing more often in the bidding so that all contracts occur. */
function step(s: DroggnState, rng: Rng): Action {
  const seat = droggn.toAct(s)[0]!;
  if (s.phase === 'bidding' && rng.next() < 0.5) return { seat, type: 'bid', bid: 'pass' };
  return randomBot(s, seat, rng);
}

/** A random, probably illegal, well-formed action. */
function randomAction(s: DroggnState, rng: Rng): Action {
  const seat = rng.int(s.options.players);
  const card = rng.next() < 0.1 ? 'XX' : rng.pick(DECK);
  switch (rng.int(7)) {
    case 0:
      return { seat, type: 'bid', bid: rng.pick(['pass', 'ansager', 'solo', 'super', 'supermord']) };
    case 1:
      return { seat, type: 'discard', cards: [rng.pick(DECK), rng.pick(DECK), rng.pick(DECK)] };
    case 2:
      return rng.next() < 0.2 ? { seat, type: 'buy', card: null } : { seat, type: 'buy', card, give: rng.pick(DECK) };
    case 3:
      return { seat, type: 'ready', layout: rng.pick([null, 'T1', 'GS', card]) };
    case 4:
      return { seat, type: 'layout', card: rng.pick([null, 'T1', card]) };
    case 5:
      return { seat, type: 'double', call: rng.pick(['gut', 'schwacher', 'retour']) };
    default:
      return { seat, type: 'play', card: rng.next() < 0.5 ? card : rng.pick(s.hands[s.turn] ?? DECK) };
  }
}

/** A discard names a set of cards: the same cards in another order are the same action. */
const canonical = (a: Action): string => JSON.stringify(Array.isArray(a.cards) ? { ...a, cards: [...(a.cards as string[])].sort() } : a);
const sameAction = (a: Action, b: Action): boolean => canonical(a) === canonical(b);

function playHand(
  options: DroggnOptions,
  seed: string,
  dealer: number,
  rngSeed: number,
  checks: boolean,
): { actions: Action[]; final: DroggnState; deck: Card[] } {
  const deck = shuffle(seed, droggn.deck(options));
  const rng = seededRng(rngSeed);
  let s = droggn.deal(options, deck, { dealer });
  const actions: Action[] = [];
  while (!droggn.isOver(s)) {
    const toAct = droggn.toAct(s);
    expect(toAct).toHaveLength(1);
    if (checks) {
      const legal = droggn.legalActions(s, toAct[0]!);
      expect(legal.length).toBeGreaterThan(0);
      for (let seat = 0; seat < options.players; seat++) if (seat !== toAct[0]) expect(droggn.legalActions(s, seat)).toEqual([]);
      const sample = legal.length > 30 ? Array.from({ length: 30 }, () => rng.pick(legal)) : legal;
      // every listed action applies, and apply never touches its input
      const before = JSON.stringify(s);
      for (const a of sample) expect(droggn.apply(s, a).ok).toBe(true);
      expect(JSON.stringify(s)).toBe(before);
      // anything not listed is rejected with a code, and the state is untouched
      for (let i = 0; i < 5; i++) {
        const a = randomAction(s, rng);
        if (legal.some((l) => sameAction(l, a))) continue;
        if (a.type === 'buy' && s.options['buy.invalidRequestForfeits']) continue;
        const r = applyAny(s, a);
        if (r.ok) throw new Error(`accepted unlisted ${JSON.stringify(a)} in ${s.phase}`);
        expect(r.rejection.code).toMatch(/^[A-Z_]+$/);
        expect(JSON.stringify(s)).toBe(before);
      }
      checkViews(s);
    }
    const a = step(s, rng);
    const r = applyAny(s, a);
    if (!r.ok) throw new Error(`bot action rejected: ${JSON.stringify(a)} ${r.rejection.code}`);
    actions.push(a);
    s = r.state;
  }
  if (checks) checkViews(s);
  return { actions, final: s, deck };
}

describe('random hands (fast-check)', () => {
  it.each(PROFILES.map((p, i) => [i, p] as const))(
    'profile %i: legal actions apply, the rest is rejected, views hide cards',
    (_i, profile) => {
      const options = defaultOptions(profile);
      fc.assert(
        fc.property(seedArb, fc.nat(3), fc.nat(), (seed, dealer, rngSeed) => {
          playHand(options, seed, dealer % options.players, rngSeed, true);
        }),
        { numRuns: 8 },
      );
    },
  );

  it.each(PROFILES.map((p, i) => [i, p] as const))('profile %i: 74 card points, zero-sum scores, deterministic fold', (_i, profile) => {
    const options = defaultOptions(profile);
    fc.assert(
      fc.property(seedArb, fc.nat(3), fc.nat(), (seed, dealerSeed, rngSeed) => {
        const dealer = dealerSeed % options.players;
        const { actions, final, deck } = playHand(options, seed, dealer, rngSeed, false);
        const r = droggn.result(final)!;
        expect(r.scores).toHaveLength(options.players);
        expect(r.scores.reduce((a, b) => a + b, 0)).toBe(0);
        expect(r.scores.every(Number.isInteger)).toBe(true);
        if (r.status === 'finished') {
          expect(r.cardPoints!.declarer + r.cardPoints!.defenders).toBe(74);
          // the non-declarers lose Δ each (docs/rules/droggn.md#settlement)
          const delta = r.details!.delta as number;
          r.scores.forEach((v, seat) => expect(v).toBe(seat === r.declarer ? delta * (options.players - 1) : -delta));
        }
        if (final.tricks.length === 21) {
          // the two piles are the whole pack, each card once (docs/rules/droggn.md#counting)
          const p = piles(final);
          expect([...p.declarer, ...p.defenders].sort()).toEqual([...DECK].sort());
        }
        const replayed = replayOrThrow(droggn, { game: 'droggn', rules: { ...options }, dealer, deck, actions });
        const again = replayed.states[replayed.states.length - 1]!;
        expect(again).toEqual(final);
        expect(droggn.result(again)).toEqual(r);
        expect(JSON.parse(JSON.stringify(final))).toEqual(final);
      }),
      { numRuns: 60 },
    );
  });
});
