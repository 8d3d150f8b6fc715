import fc from 'fast-check';
import { seededRng, type Rng } from '../core/rng.js';
import { shuffle } from '../core/shuffle.js';
import type { Action, Card } from '../core/types.js';
import type { DokoAction } from './actions.js';
import { cardPoints, dokoDeck } from './cards.js';
import { deal } from './deal.js';
import { applyAny, opts } from './deals.testkit.js';
import type { DokoOptions } from './options.js';
import { result } from './result.js';
import { apply, legalActions } from './rules.js';
import type { DokoState } from './state.js';
import { checkView } from './views.testkit.js';

const PROFILES: Record<string, DokoOptions> = {
  '48 cards': opts(),
  '40 cards, 5x2': opts({ deck: 40, deal40: '5x2' }),
  tournament: opts({ mode: 'tournament' }),
  'house rules, five players': opts({
    players: 5,
    dullen: 'secondExceptLast',
    piglets: { enabled: true, super: true, forceAnnouncement: true, inDiamondSolo: true },
    poverty: { enabled: true, countFoxes: false },
    forcedAnnouncement: { enabled: true, further: true },
    wedding: { callableTypes: true },
    throwIn: { fiveKings: true, fiveNines: true },
    extras: { foxLastTrickDouble: true, lostCharlie: true },
    review: 'ownSide',
  }),
  'own turn only, poverty passing trumps': opts({
    deck: 40,
    announcementTiming: 'ownTurnOnly',
    poverty: { enabled: true, passExactlyTrumps: true, rank: 'belowWedding' },
    loserCannotGain: true,
  }),
};

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const seats = (s: DokoState): number[] => s.hands.flatMap((h, i) => (h === null ? [] : [i]));

/** Plays a hand with random legal actions of random seats (announcements from any seat). */
function randomHand(
  o: DokoOptions,
  seed: string,
  rng: Rng,
  each?: (s: DokoState, a: DokoAction) => void,
): { deck: Card[]; actions: DokoAction[]; final: DokoState } {
  const deck = shuffle(seed, dokoDeck(o.deck));
  let s = deal(o, deck, { dealer: rng.int(o.players) });
  const actions: DokoAction[] = [];
  while (s.phase !== 'over') {
    const options = seats(s)
      .map((seat) => legalActions(s, seat))
      .filter((l) => l.length > 0);
    if (options.length === 0) throw new Error(`no legal action in phase ${s.phase}`);
    const a = rng.pick(rng.pick(options));
    each?.(s, a);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(a)} ${r.rejection.code}`);
    actions.push(a);
    s = r.state;
  }
  return { deck, actions, final: s };
}

const ACTION_TYPES = ['reservation', 'contract', 'play', 'announce', 'piglets', 'superpiglets', 'poverty-answer'];
function randomAction(rng: Rng, o: DokoOptions): Action {
  const seat = rng.int(o.players);
  const type = rng.pick(ACTION_TYPES);
  const deck = dokoDeck(o.deck);
  switch (type) {
    case 'reservation':
      return { seat, type, call: rng.pick(['gesund', 'vorbehalt', 'throwin']) };
    case 'contract':
      return { seat, type, contract: rng.pick(['hochzeit', 'armut', 'solo-d', 'solo-q', 'solo-f']) };
    case 'play':
      return { seat, type, card: rng.pick(deck) };
    case 'announce':
      return { seat, type, level: rng.pick(['re', 'kontra', 'no90', 'no60', 'no30', 'schwarz']) };
    case 'poverty-answer':
      return { seat, type, accept: rng.next() < 0.5 };
    default:
      return { seat, type };
  }
}
/**
 * Card lists (poverty) are sets: the same cards in another order are the same action; and a
 * wedding without a type is the default "first" one (reservations.ts accepts both spellings).
 */
function canonical(a: Action): string {
  const b: Action = Array.isArray(a.cards) ? { ...a, cards: [...(a.cards as string[])].sort() } : { ...a };
  if (b.type === 'contract' && b.contract === 'hochzeit') b.wedding ??= 'first';
  return JSON.stringify(Object.entries(b).sort(([x], [y]) => (x < y ? -1 : 1)));
}
const sameAction = (a: Action, b: Action): boolean => canonical(a) === canonical(b);

describe.each(Object.entries(PROFILES))('random hands, %s', (_name, o) => {
  it('card points sum to 240, scores to zero with one parity, folding is deterministic', () => {
    fc.assert(
      fc.property(seedArb, fc.integer(), (seed, r) => {
        const { deck, actions, final } = randomHand(o, seed, seededRng(r));
        const outcome = result(final)!;
        expect(outcome.scores.reduce((a, b) => a + b, 0)).toBe(0);
        if (outcome.status === 'finished') {
          expect(outcome.cardPoints!.re + outcome.cardPoints!.kontra).toBe(240);
          expect(final.tricks.flatMap((t) => t.plays).reduce((a, p) => a + cardPoints(p.card), 0)).toBe(240);
          const active = seats(final).map((s) => outcome.scores[s]);
          expect(new Set(active.map((x) => Math.abs(x) % 2)).size).toBe(1);
        }
        const again = actions.reduce(
          (s, a) => {
            const x = apply(s, a);
            if (!x.ok) throw new Error('replay refused');
            return x.state;
          },
          deal(o, deck, { dealer: final.dealer, context: final.context }),
        );
        expect(again).toEqual(final);
        expect(JSON.parse(JSON.stringify(final))).toStrictEqual(final); // stored as jsonb
        expect(result(again)).toEqual(outcome);
      }),
      { numRuns: 25 },
    );
  });

  it('every listed action applies; random actions are accepted iff listed, refused ones leave the state unchanged; views hold no unknown card', () => {
    fc.assert(
      fc.property(seedArb, fc.integer(), (seed, r) => {
        const rng = seededRng(r);
        randomHand(o, seed, rng, (s, chosen) => {
          const before = JSON.stringify(s);
          const seat = chosen.seat;
          const listed = legalActions(s, seat);
          for (const a of listed) expect(apply(s, a).ok).toBe(true);
          for (let i = 0; i < 3; i++) {
            const x = randomAction(rng, o);
            const res = applyAny(s, x);
            const isListed = legalActions(s, x.seat).some((l) => sameAction(l, x));
            expect([x, res.ok]).toEqual([x, isListed]);
            if (!res.ok) expect(res.rejection.code).toMatch(/^[A-Z_]+$/);
          }
          checkView(s, rng.pick(seats(s)));
          expect(JSON.stringify(s)).toBe(before);
        });
      }),
      { numRuns: 10 },
    );
  });
});
