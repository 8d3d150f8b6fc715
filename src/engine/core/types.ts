import type { OptionSchema } from './options.js';
import type { Applied, OptionsParse, Rejection } from './rejections.js';

// Defined with the codes (rejections.ts), so that core's imports run one way: types → options → rejections.
export type { Applied, OptionsParse, Rejection };

/**
 * The one shape every game implements (docs/design.md#layers). A hand's state is
 * `actions.reduce(apply, deal(options, deck, setup))`; nothing else is ever stored.
 */

export type GameId = 'dobbm' | 'droggn' | 'doppelkopf';

/** A card is its face code from the rules pages (docs/rules/dobbm.md#cards, docs/rules/droggn.md#cards, docs/rules/doppelkopf.md#cards: `HS`, `T21`, `CQ`); Doppelkopf faces appear twice. */
export type Card = string;

/** Who is looking: one seat, a spectator (public record only) or an auditor (everything). */
export type Viewer = { kind: 'seat'; seat: number } | { kind: 'spectator' } | { kind: 'auditor' };

/** Every action carries its seat; the HTTP API fills it from the token. */
export interface Action {
  seat: number;
  type: string;
  [field: string]: unknown;
}

/** An action of one game's union `A` (docs/contract.md#actions), or why its shape is refused. */
export type Parsed<A extends Action = Action> = { ok: true; action: A } | { ok: false; rejection: Rejection };

/** The docs/contract.md#result `result` object. Money and points are integers, except Dobbm's
 *  `rounding: "exact"`, whose scores are decimals computed from integer hundredths. */
export interface HandResult {
  status: 'finished' | 'thrownIn';
  declarer: number | null;
  contract: string | null;
  parties: Record<string, number[]> | null;
  cardPoints: Record<string, number> | null;
  multiplier: number;
  scores: number[];
  gameValue?: number;
  /** Game-specific detail (Pagat items, extra points, Stockerl …): free to extend. */
  details?: Record<string, unknown>;
}

/**
 * How a hand is set up besides options and deck: who deals and any session-imposed
 * constraint (Mußrunde forced declarer, a Doppelkopf compulsory solo …). JSON only,
 * because it is written into the hand's first event and its record.
 */
export interface HandSetup {
  dealer: number;
  context?: Record<string, unknown>;
}

/** The start of a Dobbm or Droggn hand state, where one seat acts at a time and a dealer may sit out. */
export interface TurnState<O, P extends string> {
  readonly options: O;
  readonly dealer: number;
  /** The active seats in order from the dealer's left (a0, a1, …). */
  readonly active: readonly number[];
  readonly phase: P;
  /** The seat to act; -1 when the hand is over. */
  readonly turn: number;
  /** Cards held per seat; `[]` for a sitting-out dealer. */
  readonly hands: readonly (readonly Card[])[];
}

/** What the session decides between hands: the next setup, or the end of the session. */
export interface SessionStep<Sess> {
  session: Sess;
  next: HandSetup | null;
}

/**
 * One game's rules, typed by its options `O`, hand state `S` and session state `Sess`. The
 * defaults (`unknown`) are the erased form the service uses for a game chosen at run time
 * (`gameFor(table.game)`); the typed form is the registry's entry for a known id (`games.dobbm`).
 */
export interface Game<O = unknown, S = unknown, Sess = unknown, A extends Action = Action, V = Record<string, unknown>> {
  id: GameId;
  /** Every rule option with its default and admitted values (docs/rule-options.md). */
  optionSchema: OptionSchema;
  /** Validates a rules object (nested or flat dotted names, without the game prefix);
   *  unknown option or value → rejection `UNKNOWN_OPTION` / `INVALID_OPTION` naming it. */
  parseOptions(input: unknown): OptionsParse<O>;
  /** Seats at the table (a sitting-out dealer included). */
  seatCount(options: O): number;
  /** The canonical unshuffled deck for these options (duplicates listed twice). */
  deck(options: O): Card[];
  /** Initial state from a fully specified deck order (index 0 = top) and the setup. */
  deal(options: O, deck: readonly Card[], setup: HandSetup): S;
  /**
   * The hands (one list per seat, `null` for a sitting-out seat) and talon that a deck in deal
   * order gives: a record's two forms of one deal (hand records) compared as one.
   */
  dealtCards(options: O, deck: readonly Card[], setup: HandSetup): { hands: (Card[] | null)[]; talon: Card[] };
  /** Initial state from explicit hands (one list per seat, `null` for a sitting-out seat). */
  dealHands(options: O, hands: readonly (readonly Card[] | null)[], talon: readonly Card[], setup: HandSetup): Applied<S>;
  /** Checks the JSON shape of an action (not its legality): `BAD_ACTION`, or `UNKNOWN_FIELDS` for a field its type lacks → HTTP 400. */
  parseAction(raw: unknown): Parsed<A>;
  legalActions(state: S, seat: number): A[];
  apply(state: S, action: A): Applied<S>;
  /** Seats that may act now (several in Doppelkopf, where announcements are open to all). */
  toAct(state: S): readonly number[];
  phase(state: S): string;
  isOver(state: S): boolean;
  view(state: S, viewer: Viewer): V;
  /** `null` until the hand is over. */
  result(state: S): HandResult | null;
  /**
   * An accepted action as `viewer` may see it in the event log, given the state after the
   * hand's latest action: hidden parts (a discard, the card given for a bought one, a private
   * reservation) are removed or replaced until the rules reveal them. Optional: without it the
   * service uses `redactAction` from core.
   */
  redactAction?(action: Action, viewer: Viewer, current: S): Action;
  session: SessionRules<O, S, Sess>;
}

/**
 * Dealer rotation and the end of a session (Mußrunde, Droggn's last four hands,
 * Doppelkopf tournament with compulsory solos). Pure: the service folds finished
 * hands through `afterHand` to know what to deal next.
 */
export interface SessionRules<O, S, Sess> {
  start(options: O, firstDealer: number): SessionStep<Sess>;
  /** Called with the final state of every hand, played out or thrown in. */
  afterHand(options: O, session: Sess, finished: S): SessionStep<Sess>;
  /**
   * A request to wind the session down (Mußrunde, "four more hands", …) by `bySeat` (`null`:
   * the host). `handUnderway` says whether the current hand has had an action. Without one,
   * the returned `next` is the deal that stands in the untouched hand's place and `null` ends
   * the session now; with one, the end takes effect after the hand and `afterHand` decides
   * what follows. How the service applies this (voiding the untouched hand, dealing `next`
   * with the same seed) is service policy: `src/tables/table-session.ts` and
   * docs/service.md#session-end.
   */
  requestEnd(options: O, session: Sess, bySeat: number | null, handUnderway: boolean): Applied<SessionStep<Sess>>;
  /**
   * Once the end has been asked for: the hands still to be played, `current` (the setup of the
   * table's hand under way, or null between hands) included; null before the end is asked for
   * or once the session is over. A hand that does not count (thrown in) adds one more.
   */
  handsLeft(options: O, session: Sess, current: HandSetup | null): number | null;
}
