import type { GameId } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
// The engines' hand-strength estimates are pure functions of a list of cards, so a bot that
// only sees its own view can use them as well as the engines' in-process bots do.
import { handStrength as dobbmStrength } from '../../engine/dobbm/strength.js';
import { handStrength as droggnStrength } from '../../engine/droggn/strength.js';
import { handStrength as dokoStrength } from '../../engine/doppelkopf/strength.js';
import { povertyTrumps } from '../../engine/doppelkopf/reservations.js';
import type { DokoOptions } from '../../engine/doppelkopf/options.js';

/**
 * What a bot does with its seat's view (GET /hands/{id} as that seat): pick one of the view's
 * `legalActions`. The service's bots in seats (src/bots/bot-runner.ts) and the HTTP bots of
 * the demo and the benchmark (scripts/lib/http-bot.ts) all decide here, from nothing but the
 * seat's own view — the engines' own bots (src/engine/<game>/bots.ts) read the whole state,
 * so they are for simulations, never for a seat at a table.
 *
 * `heuristic` (the beginner): cheap heuristics where they matter for a believable session (bid
 * from hand strength instead of always the highest bid, keep trumps in the discard, double only
 * when strong); plays are half "shed the weakest card", half random. `random`: any legal action.
 * `strong`: search over worlds sampled from the seat's view and event log (search.ts,
 * docs/bots.md); it needs the event log too, so the service decides it in its worker pool
 * (src/bots/decision-pool.ts), and `chooseBotAction` here covers the two view-only strengths.
 */

export const BOT_STRENGTHS = ['heuristic', 'random', 'strong'] as const;
export type BotStrength = (typeof BOT_STRENGTHS)[number];
/** The strengths decided from the view alone, here. */
export type ViewStrength = Exclude<BotStrength, 'strong'>;

type Game = GameId;
/** An action as posted: one of docs/contract.md#actions without `seat`. */
export type Action = { type: string } & Record<string, unknown>;
/** The fields of a seat's view the strategy reads. */
export interface SeatView {
  seat?: number;
  phase: string;
  hand?: string[];
  legalActions?: Action[];
  /** The hand's rules as the engine parsed them, where the caller has them (the strong bot reads them from the deal event). */
  rules?: Record<string, unknown>;
  [field: string]: unknown;
}
type HandView = SeatView;

export function chooseBotAction(strength: ViewStrength, game: Game, view: SeatView, rng: Rng): Action {
  if (strength === 'random') {
    const legal = (view.legalActions ?? []).map(withoutSeat);
    if (legal.length === 0) throw new Error(`seat ${view.seat} has no legal action in phase ${view.phase}`);
    return rng.pick(legal);
  }
  return chooseAction(game, view, rng);
}

/**
 * The hand-strength thresholds by which the beginner, and the strong bot where it does not
 * search, bids, doubles and reserves (docs/bots.md says which were fitted by simulation, and how).
 */
export interface Thresholds {
  dobbmBid: { dobbm: number; solo: number };
  dobbmDouble: { schwacher: number; retour: number; escalation: number };
  /** Droggn: the least strength for each bid (Ansager, Solo, Super, Supermord). */
  droggnBid: Record<'ansager' | 'solo' | 'super' | 'supermord', number>;
  /** Droggn: the least strength to raise, as declarer and as defender, and what each doubling so far adds. */
  droggnDouble: { declarer: number; defence: number; escalation: number };
  dokoSoloFrom: number;
  /** Doppelkopf: the least strength to take a poor player's cards (Armut, poverty). */
  dokoPovertyAcceptFrom: number;
  /** Doppelkopf: the most trumps (counted as for Armut) on which to declare a poverty where the rules allow one; -1: never. */
  dokoPovertyUpTo: number;
}
export const THRESHOLDS: Thresholds = {
  dobbmBid: { dobbm: 30, solo: 56 },
  dobbmDouble: { schwacher: 36, retour: 46, escalation: 6 },
  droggnBid: { ansager: 24, solo: 31, super: 36, supermord: 50 },
  droggnDouble: { declarer: 42, defence: 32, escalation: 4 },
  dokoSoloFrom: 34,
  dokoPovertyAcceptFrom: 24,
  dokoPovertyUpTo: 3,
};
/**
 * The strong bot's: Doppelkopf's solo threshold and answer to a poverty and Droggn's Ansager and
 * Super bids fitted over a grid in duplicate deals (`npm run bench:thresholds`, docs/bots.md): its
 * card play wins more hands than the beginner's, so it may announce on weaker ones and take a
 * poor player's cards with a weaker hand. With Super from below the Solo's threshold it bids
 * Super on every hand that would have borne a Solo, as the fits preferred. The others kept, as no
 * grid value beat them clearly.
 */
export const STRONG_THRESHOLDS: Thresholds = {
  ...THRESHOLDS,
  droggnBid: { ...THRESHOLDS.droggnBid, ansager: 20, super: 27 },
  dokoSoloFrom: 26,
  dokoPovertyAcceptFrom: 16,
};
const DOBBM_BID = THRESHOLDS.dobbmBid;
const DOBBM_DOUBLE = THRESHOLDS.dobbmDouble;
/** No bot raises once the stake was doubled this often: the strong bot's sampled worlds overrate its chances (its opponents know their cards), and the beginner's hand strength is rough. */
export const MAX_OWN_DOUBLINGS = 2;
/** A Droggn bid is read as fitting a hand from the lowest strength any of the bots bids it on. */
const DROGGN_BID: Record<string, number> = Object.fromEntries(
  Object.entries(THRESHOLDS.droggnBid).map(([bid, least]) => [
    bid,
    Math.min(least, STRONG_THRESHOLDS.droggnBid[bid as keyof Thresholds['droggnBid']]),
  ]),
);
const DOKO_ANNOUNCE_FROM = 24;
const DOKO_SOLOS = ['solo-d', 'solo-h', 'solo-s', 'solo-c', 'solo-q', 'solo-j', 'solo-f'] as const;
/** Enough discards/buys looked at to find a good one; Droggn offers up to ~2,000. */
const MAX_CANDIDATES = 600;

export function chooseAction(game: Game, view: HandView, rng: Rng, t: Thresholds = THRESHOLDS): Action {
  const legal = (view.legalActions ?? []).map(withoutSeat);
  if (legal.length === 0) throw new Error(`seat ${view.seat} has no legal action in phase ${view.phase}`);
  if (legal.length === 1) return legal[0]!;
  const hand = view.hand ?? [];
  const of = (type: string) => legal.filter((a) => a.type === type);

  const piglets = legal.find((a) => a.type === 'piglets' || a.type === 'superpiglets');
  if (piglets) return piglets;
  if (of('bid').length) return chooseBid(game, hand, of('bid'), t);
  if (of('discard').length) return best(sample(of('discard'), rng), (a) => exchangeScore(game, hand, a));
  if (of('buy').length) return best(sample(of('buy'), rng), (a) => exchangeScore(game, hand, a));
  // Laying out a Pagat or a Mond raises the stakes; the demo bots keep it modest.
  if (of('ready').length) return of('ready').find((a) => a.layout === null) ?? of('ready')[0]!;
  if (of('layout').length) return of('layout').find((a) => a.card === null) ?? of('layout')[0]!;
  if (of('double').length) return chooseDouble(game, view, hand, of('double'), t);
  if (of('reservation').length) return chooseReservation(hand, of('reservation'), t, poor(view, t));
  if (of('contract').length) return chooseContract(hand, of('contract'), t);
  if (of('poverty-answer').length)
    return of('poverty-answer').find((a) => a.accept === dokoStrength(hand) >= t.dokoPovertyAcceptFrom) ?? of('poverty-answer')[0]!;
  // The pauper keeps his best plain cards; the acceptor gives back his weakest.
  for (const type of ['poverty', 'poverty-return'])
    if (of(type).length) return best(sample(of(type), rng), (a) => exchangeScore(game, hand, a));
  const plays = of('play');
  const announce = of('announce').find((a) => a.level === 're' || a.level === 'kontra');
  if (announce && strength(game, hand, 'declarer') >= DOKO_ANNOUNCE_FROM && rng.next() < 0.5) return announce;
  if (plays.length) {
    if (rng.next() < 0.5) return rng.pick(plays);
    return best(plays, (a) => strength(game, without(hand, [a.card as string]), 'defence'));
  }
  return rng.pick(legal);
}

/** The hand's strength after a discard, a buy or a poverty's exchange: how the beginner ranks them. */
function exchangeScore(game: Game, hand: string[], a: Action): number {
  if (Array.isArray(a.cards)) return strength(game, without(hand, a.cards as string[]), 'declarer');
  if (a.card === null) return strength(game, hand, 'declarer');
  return strength(game, [...without(hand, [a.give as string]), a.card as string], 'declarer');
}

/** Actions that give cards away, ranked by what they leave in the hand. */
const EXCHANGES = new Set(['discard', 'buy', 'poverty', 'poverty-return']);

/**
 * At most `k` of the legal actions for a search to weigh: all when few; else the discards or
 * buys the beginner ranks best, or a random sample, always with the beginner's own choice.
 */
export function shortlist(game: Game, view: HandView, legal: Action[], k: number, rng: Rng): Action[] {
  if (legal.length <= k) return legal;
  const key = (a: Action): string => JSON.stringify(a);
  const picked = new Map<string, Action>();
  const add = (a: Action): void => void picked.set(key(a), a);
  add(chooseAction(game, view, rng));
  const exchanges = legal.filter((a) => EXCHANGES.has(a.type));
  if (exchanges.length === legal.length) {
    const hand = view.hand ?? [];
    const scored = sample(exchanges, rng).map((a) => ({ a, s: exchangeScore(game, hand, a) }));
    scored.sort((x, y) => y.s - x.s);
    for (const { a } of scored) if (picked.size < k) add(a);
  }
  for (let guard = 0; picked.size < k && guard < 10 * k; guard++) add(rng.pick(legal));
  return [...picked.values()];
}

function chooseBid(game: Game, hand: string[], bids: Action[], t: Thresholds): Action {
  const has = (bid: string) => bids.find((a) => a.bid === bid);
  const pass = has('pass');
  if (game === 'dobbm') {
    const pick =
      (dobbmStrength(hand, 'solo') >= t.dobbmBid.solo && has('solo')) || (dobbmStrength(hand, 'dobbm') >= t.dobbmBid.dobbm && has('dobbm'));
    // In a Mußrunde there is no pass: the forced declarer takes the cheaper contract.
    return pick || pass || has('dobbm') || bids[0]!;
  }
  if (game === 'droggn') {
    const s = droggnStrength(hand);
    const least: Record<string, number> = t.droggnBid;
    const affordable = bids.filter((a) => a.bid !== 'pass' && s >= (least[a.bid as string] ?? Infinity));
    return affordable.at(-1) ?? pass ?? bids[0]!;
  }
  return pass ?? bids[0]!;
}

function chooseDouble(game: Game, view: HandView, hand: string[], calls: Action[], t: Thresholds): Action {
  const gut = calls.find((a) => a.call === 'gut') ?? calls[0]!;
  const raise = calls.find((a) => a.call !== 'gut');
  const doublings = doublingsOf(view);
  if (!raise || doublings >= MAX_OWN_DOUBLINGS) return gut;
  const declarer = view.declarer === view.seat;
  const s = strength(game, hand, declarer ? 'declarer' : 'defence');
  const needed =
    game === 'dobbm'
      ? (raise.call === 'schwacher' ? t.dobbmDouble.schwacher : t.dobbmDouble.retour) + t.dobbmDouble.escalation * doublings
      : (declarer ? t.droggnDouble.declarer : t.droggnDouble.defence) + t.droggnDouble.escalation * doublings;
  return s >= needed ? raise : gut;
}

/** How far below the beginner's threshold another player's bid or raise is still believed. */
const CALL_SLACK = 0.85;

/**
 * Whether a bid or a defender's raise by another player fits `hand`, the hand he held when he
 * made it (as dealt): the soft reading of the auction and the calls that the strong bot's
 * worlds follow — a player who bid a Solo holds a Solo hand by the beginner's measure, with
 * some slack, since people bid on their own judgment. Other actions always fit.
 */
export function callFits(game: Game, hand: string[], action: { type: string; bid?: unknown; call?: unknown }, declarer: boolean): boolean {
  if (action.type === 'bid' && action.bid !== 'pass') {
    if (game === 'dobbm') {
      const contract = action.bid === 'solo' ? 'solo' : 'dobbm';
      return dobbmStrength(hand, contract) >= CALL_SLACK * DOBBM_BID[contract];
    }
    if (game === 'droggn') return droggnStrength(hand) >= CALL_SLACK * (DROGGN_BID[action.bid as string] ?? 0);
  }
  if (action.type === 'double' && action.call !== 'gut' && !declarer) {
    if (game === 'dobbm') return dobbmStrength(hand, 'defence') >= CALL_SLACK * DOBBM_DOUBLE.schwacher;
    if (game === 'droggn') return droggnStrength(hand) >= CALL_SLACK * THRESHOLDS.droggnDouble.defence;
  }
  return true;
}

/**
 * Doublings so far: Dobbm's view counts them, Droggn's shows the multiplier (2 per doubling).
 * Reading only the count made the beginner raise for ever in Droggn.
 */
export function doublingsOf(view: HandView): number {
  if (typeof view.doublings === 'number') return view.doublings;
  return typeof view.multiplier === 'number' ? Math.round(Math.log2(view.multiplier)) : 0;
}

/** The best of the solo strengths of a Doppelkopf hand: what its reservation is decided by. */
export const dokoSoloStrength = (hand: string[]): number => Math.max(...DOKO_SOLOS.map((c) => dokoStrength(hand, c)));

/**
 * Whether the beginner declares a poverty (Armut) on this Doppelkopf hand: when the rules it was
 * given allow one and the hand has at most `dokoPovertyUpTo` trumps as the rule counts them.
 */
function poor(view: HandView, t: Thresholds): boolean {
  const rules = view.rules;
  if (rules?.['poverty.enabled'] !== true) return false;
  const trumps = povertyTrumps({ options: rules as unknown as DokoOptions }, view.hand ?? []);
  return trumps.length <= Math.min(3, t.dokoPovertyUpTo);
}

function chooseReservation(hand: string[], calls: Action[], t: Thresholds, poverty: boolean): Action {
  const wantsSolo = dokoSoloStrength(hand) >= t.dokoSoloFrom;
  const wedding = hand.filter((c) => c === 'CQ').length === 2;
  const want = wantsSolo || wedding || poverty ? 'vorbehalt' : 'gesund';
  return calls.find((a) => a.call === want) ?? calls.find((a) => a.call !== 'throwin') ?? calls[0]!;
}

function chooseContract(hand: string[], contracts: Action[], t: Thresholds): Action {
  const wantsSolo = dokoSoloStrength(hand) >= t.dokoSoloFrom;
  const special =
    contracts.find((a) => a.contract === 'hochzeit') ?? (wantsSolo ? undefined : contracts.find((a) => a.contract === 'armut'));
  if (special) return special;
  return best(contracts, (a) =>
    (DOKO_SOLOS as readonly string[]).includes(a.contract as string) ? dokoStrength(hand, a.contract as never) : -1,
  );
}

type Role = 'declarer' | 'defence';

function strength(game: Game, cards: string[], role: Role): number {
  if (game === 'dobbm') return dobbmStrength(cards, role);
  if (game === 'droggn') return droggnStrength(cards);
  return dokoStrength(cards);
}

function best<T>(items: T[], score: (item: T) => number): T {
  let top = items[0] as T;
  let topScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > topScore) {
      top = item;
      topScore = s;
    }
  }
  return top;
}

/** A bounded random subset, so one Droggn discard does not cost 2,000 strength estimates. */
function sample<T>(items: T[], rng: Rng): T[] {
  if (items.length <= MAX_CANDIDATES) return items;
  return Array.from({ length: MAX_CANDIDATES }, () => rng.pick(items));
}

/** The hand minus `cards`, one copy each (Doppelkopf holds duplicates). */
function without(hand: string[], cards: string[]): string[] {
  const rest = hand.slice();
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

function withoutSeat(action: Action): Action {
  const { seat: _seat, ...rest } = action;
  return rest as Action;
}
