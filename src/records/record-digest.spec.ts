import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { GAME_IDS, gameFor, nestOptions, replay, type Action, type GameId, type HandRecord } from '../engine/index.js';
import { ruleProfileArb } from '../engine/core/profiles.testkit.js';
import { canonicalRecord, importedHandId, recordDigest, withNormalContext } from './record-digest.js';

/**
 * Every spelling of one hand is one hand: a record and any re-spelling of it — the deck or the
 * hands and talon it deals, cards in any order within a hand and the talon, a sitting-out seat
 * as null or [], empty context values or none, the rules nested, flat or left to their
 * defaults, fields in any order — replay to the same hand and get the same id; another hand
 * (an action less, another seating) gets another.
 */

/** A hand as the engine deals and plays it: `choices` pick among each step's legal actions. */
interface Drawn {
  game: GameId;
  rules: Record<string, unknown>;
  options: Record<string, unknown>;
  dealer: number;
  deck: string[];
  actions: Action[];
  context: Record<string, unknown> | undefined;
}

const drawnArb: fc.Arbitrary<Drawn> = fc
  .constantFrom(...GAME_IDS)
  .chain((id) => {
    const game = gameFor(id);
    return ruleProfileArb(game.optionSchema).chain(({ rules, profile }) => {
      const parsed = game.parseOptions(rules);
      if (!parsed.ok) throw new Error(parsed.rejection.message);
      const options = parsed.options as Record<string, unknown>;
      return fc.record({
        game: fc.constant(id),
        rules: fc.constant(rules),
        options: fc.constant(options),
        profile: fc.constant(profile),
        dealer: fc.nat(game.seatCount(options) - 1),
        deck: fc.shuffledSubarray(game.deck(options), { minLength: game.deck(options).length }),
        choices: fc.array(fc.nat(), { maxLength: 12 }),
        // A Mußrunde deal (Dobbm) is one context the engine reads; the empty ones it reads as none.
        context: fc.constantFrom(undefined, { mussrunde: true }),
      });
    });
  })
  .map(({ game: id, rules, options, dealer, deck, choices, context }) => {
    const game = gameFor(id);
    let state = game.deal(options, deck, context ? { dealer, context } : { dealer });
    const actions: Action[] = [];
    for (const choice of choices) {
      const seats = game.toAct(state);
      if (game.isOver(state) || seats.length === 0) break;
      const legal = game.legalActions(state, seats[choice % seats.length]!);
      if (legal.length === 0) break;
      const action = legal[choice % legal.length]!;
      const applied = game.apply(state, action);
      if (!applied.ok) throw new Error(applied.rejection.message);
      state = applied.state;
      actions.push(action);
    }
    return { game: id, rules, options, dealer, deck, actions, context };
  });

/** How one record may be written otherwise. */
const spellingArb = fc.record({
  form: fc.constantFrom('deck', 'hands'),
  reorder: fc.array(fc.nat(), { minLength: 80, maxLength: 80 }),
  sittingOut: fc.constantFrom(null, [] as string[]),
  emptyContext: fc.constantFrom(undefined, {}, { note: null }, { flags: {}, seats: [] }, { note: '' }),
  rules: fc.constantFrom('given', 'flat', 'nested'),
  reversedFields: fc.boolean(),
});

/** `list` in another order, drawn from `keys`. */
function reordered<T>(list: readonly T[], keys: readonly number[]): T[] {
  return list
    .map((item, i) => ({ item, key: keys[i % keys.length]! * 1000 + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
}

const reversed = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).reverse()) as T;

function recordOf(d: Drawn): HandRecord {
  return {
    game: d.game,
    rules: d.rules,
    dealer: d.dealer,
    deck: d.deck,
    actions: d.actions,
    ...(d.context ? { context: d.context } : {}),
  } as HandRecord;
}

function respell(d: Drawn, s: typeof spellingArb extends fc.Arbitrary<infer S> ? S : never): HandRecord {
  const game = gameFor(d.game);
  let cards: Pick<HandRecord, 'deck' | 'hands' | 'talon'>;
  if (s.form === 'deck') cards = { deck: d.deck };
  else {
    const dealt = game.dealtCards(d.options, d.deck, { dealer: d.dealer });
    cards = {
      hands: dealt.hands.map((h, seat) => (h ? reordered(h, s.reorder.slice(seat)) : s.sittingOut)),
      talon: reordered(dealt.talon, s.reorder.slice(7)),
    };
  }
  const context = d.context || s.emptyContext ? { ...s.emptyContext, ...d.context } : undefined;
  const rules = s.rules === 'given' ? d.rules : s.rules === 'flat' ? d.options : nestOptions(d.options);
  const record = {
    game: d.game,
    rules,
    dealer: d.dealer,
    ...cards,
    ...(context ? { context } : {}),
    actions: s.reversedFields ? d.actions.map(reversed) : d.actions,
  } as HandRecord;
  return s.reversedFields ? reversed(record) : record;
}

/** A view with every list of card codes sorted: the order a hand was written in shows in its view, and only there. */
function cardsAsSets(value: unknown): unknown {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? [...value].sort() : value.map(cardsAsSets);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cardsAsSets(v)]));
  return value;
}

/** The id `POST /hand-records` gives a record (the parsed rules and the seating as the import makes them). */
function idOf(record: HandRecord, seating?: (string | null)[]): string {
  const game = gameFor(record.game);
  const parsed = game.parseOptions(record.rules ?? {});
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options as Record<string, unknown>;
  const canonical = canonicalRecord(game, record, options, seating ?? Array<null>(game.seatCount(options)).fill(null));
  if (!canonical) throw new Error('no canonical form');
  return importedHandId(recordDigest(canonical));
}

describe('the canonical form of a hand record', () => {
  it('gives every re-spelling of a record the same id, and each replays to the same hand', () => {
    fc.assert(
      fc.property(drawnArb, spellingArb, spellingArb, (d, s1, s2) => {
        const a = respell(d, s1);
        const b = respell(d, s2);
        // Replayed as the import stores them: with the context the id counts.
        const [ra, rb] = [replay(gameFor(d.game), withNormalContext(a)), replay(gameFor(d.game), withNormalContext(b))];
        expect([ra.ok, rb.ok]).toEqual([true, true]);
        if (!ra.ok || !rb.ok) return;
        const game = gameFor(d.game);
        const seen = (r: typeof ra) => cardsAsSets(game.view(r.states.at(-1)!, { kind: 'auditor' }));
        expect(seen(rb)).toEqual(seen(ra));
        expect(game.result(rb.states.at(-1)!)).toEqual(game.result(ra.states.at(-1)!));
        expect(idOf(b)).toBe(idOf(a));
        expect(idOf(a)).toBe(idOf(recordOf(d)));
      }),
      { numRuns: 150 },
    );
  });

  it('gives another hand another id: an action less, another seating, another dealer, a card in another hand', () => {
    fc.assert(
      fc.property(drawnArb, (d) => {
        const game = gameFor(d.game);
        const record = recordOf(d);
        const seats = game.seatCount(d.options);
        const base = idOf(record);
        if (d.actions.length > 0) expect(idOf({ ...record, actions: record.actions.slice(0, -1) })).not.toBe(base);
        expect(idOf(record, [randomUUID(), ...Array<null>(seats - 1).fill(null)])).not.toBe(base);
        expect(idOf({ ...record, dealer: (d.dealer + 1) % seats })).not.toBe(base);
        // Two seats' first cards swapped (where they differ): another deal.
        const { hands, talon } = game.dealtCards(d.options, d.deck, { dealer: d.dealer });
        const [x, y] = hands.flatMap((h, seat) => (h ? [seat] : []));
        if (hands[x!]![0] !== hands[y!]![0]) {
          const swapped = hands.map((h) => h && [...h]);
          [swapped[x!]![0], swapped[y!]![0]] = [hands[y!]![0]!, hands[x!]![0]!];
          const { deck: _, ...rest } = record;
          expect(idOf({ ...rest, hands: swapped, talon } as HandRecord)).not.toBe(base);
        }
      }),
      { numRuns: 100 },
    );
  });
});
