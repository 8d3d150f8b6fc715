/**
 * Test support for the profile property specs (`<game>/profiles.spec.ts`), not part of the
 * engine's API: fast-check arbitraries for whole rule profiles drawn from a game's option
 * schema — every option, every value, spelled nested or flat as docs/contract.md allows — and a
 * driver that plays a session of hands under such a profile with bots, checking what holds
 * for every game (zero-sum scores, replay = live, every listed action applies).
 */
import fc from 'fast-check';
import type { OptionSchema, OptionSpec } from './options.js';
import { seededRng, type Rng } from './rng.js';
import { shuffle } from './shuffle.js';
import type { Action, Card, Game, HandSetup } from './types.js';

/** A deal seed as the service draws it: 32 bytes, hex. */
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));

/** Every admitted value; integers mostly small (where the rounding is interesting), sometimes anywhere up to the limit. */
function valueArb(spec: OptionSpec): fc.Arbitrary<unknown> {
  if (spec.kind === 'enum') return fc.constantFrom(...spec.values);
  if (spec.kind === 'bool') return fc.boolean();
  const max = spec.max ?? spec.min + 100;
  const ints = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: spec.min, max: Math.min(max, spec.min + 130) }) },
    { weight: 1, arbitrary: fc.integer({ min: spec.min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(spec.min, max) },
  );
  return spec.allowNull ? fc.oneof(ints, fc.constant(null)) : ints;
}

/** A profile as a client writes it (`rules` of `POST /tables`) and the flat profile it must parse to. */
export interface RuleProfile {
  rules: Record<string, unknown>;
  profile: Record<string, unknown>;
}

type Spelling = 'omitted' | 'flat' | 'nested';

/**
 * Whole rule profiles of one game: each option omitted (its default), or given with any of
 * its values, spelled flat (`"doubling.firstSpeaker"`) or nested (`{"doubling": {…}}`, a
 * parent with children as `{"piglets": {"enabled": …}}`). `pinned` narrows the values of
 * some options (those are always given).
 */
export function ruleProfileArb(schema: OptionSchema, pinned: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<RuleProfile> {
  const names = Object.keys(schema);
  const choice = (name: string) =>
    fc.record({
      value: pinned[name] ?? valueArb(schema[name]!),
      spelling: pinned[name] ? fc.constantFrom<Spelling>('flat', 'nested') : fc.constantFrom<Spelling>('omitted', 'flat', 'nested'),
    });
  return fc.tuple(...names.map(choice)).map((choices) => {
    const rules: Record<string, unknown> = {};
    const profile: Record<string, unknown> = {};
    choices.forEach(({ value, spelling }, i) => {
      const name = names[i]!;
      profile[name] = spelling === 'omitted' ? schema[name]!.default : value;
      if (spelling !== 'omitted') spell(rules, name, value, spelling === 'nested', schema);
    });
    return { rules, profile };
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Writes one option into `rules`, keeping what other options already put there. */
function spell(rules: Record<string, unknown>, name: string, value: unknown, nested: boolean, schema: OptionSchema): void {
  const hasChildren = Object.keys(schema).some((k) => k.startsWith(`${name}.`));
  const parts = nested ? name.split('.') : [name];
  let node = rules;
  for (const p of parts.slice(0, -1)) {
    if (!isObject(node[p])) node[p] = node[p] === undefined ? {} : { enabled: node[p] };
    node = node[p] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (isObject(node[last])) (node[last] as Record<string, unknown>).enabled = value;
  else if (nested && hasChildren) node[last] = { enabled: value };
  else node[last] = value;
}

export type Bot<S> = (state: S, seat: number, rng: Rng) => Action;

/** One hand as the service would store it, with every state it passed through. */
export interface PlayedHand<S> {
  setup: HandSetup;
  deck: Card[];
  actions: Action[];
  states: S[];
  final: S;
}

export interface SessionPlan<S> {
  seed: string;
  firstDealer: number;
  /** At most this many hands (fewer when the session ends). */
  hands: number;
  rng: Rng;
  /** The bot of each seat. */
  bots: Bot<S>[];
  /** Before hand `beforeHand` (0-based) somebody asks to end the session (`bySeat` null: the host). */
  endRequest?: { beforeHand: number; bySeat: number | null };
  /** An action to send instead of the bot's (an irregularity report), or null. */
  interject?: (state: S, rng: Rng) => Action | null;
  /** Seats that may act now (default `toAct`; Doppelkopf announcements are open to all). */
  actors?: (state: S) => number[];
}

/** What fast-check draws for a session (and prints as a counterexample): the hands are played from it. */
export interface DrawnSession {
  profile: RuleProfile;
  seed: string;
  rng: number;
  /** Taken modulo the seats; `bySeat` past the last seat is a request the session refuses. */
  firstDealer: number;
  hands: number;
  /** An index into the game's bots per seat. */
  bots: number[];
  endRequest?: { beforeHand: number; bySeat: number | null };
}

/** Sessions of one to three hands under random profiles of `schema`; half of them asked to end (Mußrunde, closing hands, …). */
export const sessionArb = (schema: OptionSchema, pinned: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<DrawnSession> =>
  fc.record({
    profile: ruleProfileArb(schema, pinned),
    seed: seedArb,
    rng: fc.nat(),
    firstDealer: fc.nat(4),
    hands: fc.integer({ min: 1, max: 3 }),
    bots: fc.array(fc.nat(9), { minLength: 5, maxLength: 5 }),
    endRequest: fc.option(fc.record({ beforeHand: fc.nat(2), bySeat: fc.option(fc.nat(4)) }), { nil: undefined, freq: 2 }),
  });

/** Parses the drawn profile (as the API would) and plays the drawn session with `bots`. */
export function playDrawn<O, S, Sess>(
  game: Game<O, S, Sess>,
  drawn: DrawnSession,
  bots: readonly Bot<S>[],
  more: Pick<SessionPlan<S>, 'interject' | 'actors'> = {},
): { options: O; played: PlayedHand<S>[] } {
  const parsed = game.parseOptions(drawn.profile.rules);
  if (!parsed.ok) throw new Error(`profile refused: ${parsed.rejection.message}`);
  const options = parsed.options;
  const played = playSession(game, options, {
    ...more,
    seed: drawn.seed,
    firstDealer: drawn.firstDealer % game.seatCount(options),
    hands: drawn.hands,
    rng: seededRng(drawn.rng),
    bots: drawn.bots.map((b) => bots[b % bots.length]!),
    endRequest: drawn.endRequest,
  });
  return { options, played };
}

/** Plays a session the way the service does: session.start, deal, bots act, afterHand, … */
function playSession<O, S, Sess>(game: Game<O, S, Sess>, options: O, plan: SessionPlan<S>): PlayedHand<S>[] {
  const started = game.session.start(options, plan.firstDealer);
  let session = started.session;
  let next = started.next;
  const hands: PlayedHand<S>[] = [];
  for (let i = 0; next !== null && i < plan.hands; i++) {
    if (plan.endRequest?.beforeHand === i) {
      const asked = game.session.requestEnd(options, session, plan.endRequest.bySeat, false);
      if (asked.ok) {
        session = asked.state.session;
        next = asked.state.next;
        if (next === null) break;
      }
    }
    // A different deck per hand from the one seed (rotated by whole bytes).
    const seed = plan.seed.slice(2 * i) + plan.seed.slice(0, 2 * i);
    const hand = playHand(game, options, shuffle(seed, game.deck(options)), next, plan);
    hands.push(hand);
    const after = game.session.afterHand(options, session, hand.final);
    session = after.session;
    next = after.next;
  }
  return hands;
}

function playHand<O, S>(game: Game<O, S>, options: O, deck: Card[], setup: HandSetup, plan: SessionPlan<S>): PlayedHand<S> {
  let s = game.deal(options, deck, setup);
  const states = [s];
  const actions: Action[] = [];
  while (!game.isOver(s)) {
    if (actions.length > 1000) throw new Error(`the hand does not end (phase ${game.phase(s)})`);
    const seats = plan.actors?.(s) ?? game.toAct(s);
    if (seats.length === 0) throw new Error(`nobody to act in phase ${game.phase(s)}`);
    const seat = plan.rng.pick(seats);
    const action = plan.interject?.(s, plan.rng) ?? plan.bots[seat]!(s, seat, plan.rng);
    const r = game.apply(s, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)} refused in phase ${game.phase(s)}: ${r.rejection.code} ${r.rejection.message}`);
    s = r.state;
    states.push(s);
    actions.push(action);
  }
  return { setup, deck, actions, states, final: s };
}

/** Hundredths of a score (Dobbm's `exact` scores are decimals with two places). */
export const hundredths = (x: number): number => Math.round(x * 100);

/**
 * What holds for a hand of every game, as a list of problems (empty: none):
 * - the result has one score per seat, exact to the hundredth, summing to zero;
 * - folding the logged actions (as JSON) over the deal gives the live state and result;
 * - the seats `toAct` names have a listed action until the end, the others none, and every
 *   listed action applies (at most `sample` of them per state) without changing its input.
 *   `anyTime` names actions a seat may take out of turn (Doppelkopf announcements).
 */
export function handProblems<O, S>(
  game: Game<O, S>,
  options: O,
  hand: PlayedHand<S>,
  anyTime: (a: Action) => boolean = () => false,
  sample = 12,
): string[] {
  const problems: string[] = [];
  const result = game.result(hand.final);
  if (result === null) return ['no result for a finished hand'];
  const n = game.seatCount(options);
  if (result.scores.length !== n) problems.push(`${result.scores.length} scores for ${n} seats`);
  if (result.scores.some((x) => hundredths(x) / 100 !== x)) problems.push(`scores not in hundredths: ${JSON.stringify(result.scores)}`);
  const sum = result.scores.reduce((a, x) => a + hundredths(x), 0);
  if (sum !== 0) problems.push(`scores ${JSON.stringify(result.scores)} sum to ${sum / 100}`);

  const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
  let replayed = game.deal(options, hand.deck.slice(), copy(hand.setup));
  for (const a of hand.actions) {
    const r = game.apply(replayed, copy(a));
    if (!r.ok) return [...problems, `replay refused ${JSON.stringify(a)}: ${r.rejection.code}`];
    replayed = r.state;
  }
  if (JSON.stringify(replayed) !== JSON.stringify(hand.final)) problems.push('the replayed state differs from the live one');
  if (JSON.stringify(game.result(replayed)) !== JSON.stringify(result)) problems.push('the replayed result differs from the live one');

  for (const s of hand.states) {
    const before = JSON.stringify(s);
    const toAct = game.toAct(s);
    if (!game.isOver(s) && toAct.length === 0) problems.push(`nobody to act in ${game.phase(s)}`);
    for (let seat = 0; seat < n; seat++) {
      const legal = game.legalActions(s, seat);
      if (toAct.includes(seat) ? legal.length === 0 : legal.some((a) => !anyTime(a))) {
        problems.push(`seat ${seat} ${toAct.includes(seat) ? 'to act has no action' : 'has actions out of turn'} in ${game.phase(s)}`);
      }
      const step = Math.max(1, Math.ceil(legal.length / sample));
      for (let i = 0; i < legal.length; i += step) {
        const r = game.apply(s, legal[i]!);
        if (!r.ok) problems.push(`listed action refused: ${JSON.stringify(legal[i])} ${r.rejection.code}`);
      }
    }
    if (JSON.stringify(s) !== before) problems.push(`a state changed under apply in ${game.phase(s)}`);
  }
  return problems;
}
