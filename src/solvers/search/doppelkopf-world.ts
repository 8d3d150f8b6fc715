import { doppelkopf, type DokoOptions, type DokoState, type DokoView } from '../../engine/doppelkopf/index.js';
import type { DeclaredContract } from '../../engine/doppelkopf/state.js';
import { followSuitIn, trumpsOf, SOLOS, type ContractKind } from '../../engine/doppelkopf/cards.js';
import { activeSeatsOf } from '../../engine/doppelkopf/deal.js';
import { povertyTrumps, reservationRank } from '../../engine/doppelkopf/reservations.js';
import { withChanges } from '../../engine/doppelkopf/state.js';
import type { Action, Card } from '../../engine/index.js';
import type { Rng } from '../../engine/core/rng.js';
import type { SeatKnowledge } from './seat-input.js';
import { drawSome, drawUnseen, minus, playedBy, replayWorld, unseenOf } from './world.js';

/**
 * A Doppelkopf world for the seat (docs/rules/doppelkopf.md#contracts–docs/rules/doppelkopf.md#announcements): the other hands drawn from the unseen
 * cards with every renonce shown in play respected (a seat that did not follow has none of the
 * led suit, trumps counting as one suit). The replay refuses the worlds that contradict an
 * announcement (only a Re player may say Re: the Kreuz-Dame inference), a wedding or a solo,
 * and a reservation's hidden contract is drawn among those legal in the world. A poverty's
 * exchange (Armut) is imagined where the seat did not see it, and undone to the deal.
 */
export function imagineDoppelkopf(k: SeatKnowledge<DokoOptions>, view: DokoView, rng: Rng): DokoState | null {
  const me = k.seat;
  const played = playedBy(k.actions);
  const playedOf = (s: number): Card[] => played.get(s) ?? [];
  const active = activeSeatsOf(k.options, k.setup.dealer);
  const per = k.options.deck / 4;
  const others = active.filter((s) => s !== me);
  const contract: ContractKind = (SOLOS as readonly string[]).includes(view.contract ?? '') ? (view.contract as ContractKind) : 'normal';
  const follow = followSuitIn(trumpsOf(contract, k.options.deck));
  const voids = new Map<number, Set<string>>();
  const plays = k.actions.filter((a) => a.type === 'play');
  for (let t = 0; t < plays.length; t += 4) {
    const trick = plays.slice(t, t + 4);
    const led = follow(trick[0]!['card'] as Card);
    for (const p of trick.slice(1)) {
      if (follow(p['card'] as Card) !== led) (voids.get(p.seat) ?? voids.set(p.seat, new Set()).get(p.seat)!).add(led);
    }
  }
  const mayHold = (s: number, c: Card): boolean => !voids.get(s)?.has(follow(c));
  const pov = povertyOf(k, view);
  const exchange = pov ? new Exchange(pov, k, playedOf) : null;
  const seen = [...k.hand, ...[...played.values()].flat(), ...(exchange?.known() ?? [])];
  let unseen = unseenOf(doppelkopf.deck(k.options), seen);
  if (exchange) {
    const guessed = exchange.guessPauperTrumps(unseen, mayHold, rng);
    if (!guessed) return null;
    unseen = less(unseen, guessed);
  }
  const placedOf = (s: number): Card[] => exchange?.placed.get(s) ?? [];
  const drawn = drawUnseen(
    {
      seats: others,
      counts: others.map((s) => per - playedOf(s).length + (exchange?.shift(s) ?? 0) - placedOf(s).length),
      cards: unseen,
      pileSize: exchange?.pileSize() ?? 0,
      mayHold: (s, c) => mayHold(s, c) && !(exchange?.pauperHasNoMore(s, c) ?? false),
      pileMayHold: exchange?.passesTrumpsOnly() ? exchange.isTrump : undefined,
      known: k.known,
    },
    rng,
  );
  if (!drawn) return null;
  // What each seat held after the exchange, played cards first (the engine plays a card's first copy).
  const hands = Array.from({ length: k.options.players }, (_, s) =>
    active.includes(s) ? [...playedOf(s), ...(s === me ? k.hand : [...drawn.hands.get(s)!, ...placedOf(s)])] : null,
  );
  const cards = exchange?.undo(hands, drawn.pile, rng);
  if (exchange && !cards) return null;
  const winningSeat = view.contract === 'armut' ? view.poverty?.pauper : view.declarer;
  const winner =
    view.contract && view.contract !== 'normal' && winningSeat !== undefined && winningSeat !== null
      ? (state: DokoState) => reservationRank(state, winningSeat, view.contract as DeclaredContract)
      : null;
  const world = replayWorld(doppelkopf, k, hands, [], (a, state) => {
    if (a.type === 'poverty') return { seat: a.seat, type: 'poverty', cards: cards!.passed };
    if (a.type === 'poverty-return') return { seat: a.seat, type: 'poverty-return', cards: cards!.returned };
    if (a.type !== 'contract') return null;
    // A losing reservation's contract ranks no higher than the one that won.
    const legal = doppelkopf
      .legalActions(state, a.seat)
      .filter((x) => x.type === 'contract' && (winner === null || reservationRank(state, a.seat, x.contract) <= winner(state)));
    return legal.length ? rng.pick(legal) : null;
  });
  // A silent solo shows as a normal game.
  const shown = world?.contract === 'silent-solo' ? 'normal' : world?.contract;
  if (!world || shown !== view.contract || minus(world.hands[me] ?? [], k.hand)?.length !== 0) return null;
  // The order of the seat's own cards is no information (an exchange appends): the world keeps the view's.
  return withChanges(world, { hands: world.hands.map((h, s) => (s === me ? [...k.hand] : h)) });
}

/** A poverty as the seat's log shows it: who passed, who took, and the cards where the seat saw them. */
interface Poverty {
  pauper: number;
  /** Cards passed, and as many returned. */
  count: number;
  acceptor: number | null;
  returnedYet: boolean;
  passed: Card[] | null;
  returned: Card[] | null;
  /** Announced under `poverty.announceTrumpsReturned`. */
  trumpsReturned: number | null;
}

function povertyOf(k: SeatKnowledge<DokoOptions>, view: DokoView): Poverty | null {
  const pass = k.actions.find((a) => a.type === 'poverty');
  if (!pass || !view.poverty) return null;
  const back = k.actions.find((a) => a.type === 'poverty-return');
  const cards = (a: Action | undefined): Card[] | null => (a && Array.isArray(a['cards']) ? [...(a['cards'] as Card[])] : null);
  return {
    pauper: pass.seat,
    count: view.poverty.passedCount ?? 0,
    acceptor: k.actions.find((a) => a.type === 'poverty-answer' && a['accept'] === true)?.seat ?? null,
    returnedYet: back !== undefined,
    passed: cards(pass),
    returned: cards(back),
    trumpsReturned: view.poverty.trumpsReturned,
  };
}

/** The multiset `from` less those of `cards` it holds. */
function less(from: readonly Card[], cards: readonly Card[]): Card[] {
  const rest = from.slice();
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/**
 * A poverty's exchange in one world. The pauper passes all his trumps, so whatever trumps he
 * holds afterwards came back to him; the pauper and the acceptor see both sets of cards, the
 * others neither (only, if the rules say so, how many trumps came back).
 */
class Exchange {
  /** Cards another seat holds now (not yet played): known to the seat, or guessed for the pauper. */
  readonly placed = new Map<number, Card[]>();
  readonly isTrump: (c: Card) => boolean;

  constructor(
    readonly p: Poverty,
    private readonly k: SeatKnowledge<DokoOptions>,
    private readonly playedOf: (s: number) => Card[],
  ) {
    this.isTrump = (c) => povertyTrumps(k, [c]).length === 1;
    const { pauper, acceptor, passed, returned } = p;
    if (acceptor === null || !passed) return;
    if (k.seat === pauper) this.placed.set(acceptor, less(less(passed, returned ?? []), playedOf(acceptor)));
    if (k.seat === acceptor && returned) this.placed.set(pauper, less(returned, playedOf(pauper)));
  }

  /** Cards the seat knows where they are: placed with another seat, or its own pass while nobody has taken it. */
  known(): Card[] {
    const limbo = this.p.acceptor === null && this.k.seat === this.p.pauper ? (this.p.passed ?? []) : [];
    return [...[...this.placed.values()].flat(), ...limbo];
  }

  /** How many cards a seat holds beyond its share while the exchange is under way. */
  shift(s: number): number {
    if (this.p.returnedYet) return 0;
    if (s === this.p.pauper) return -this.p.count;
    return s === this.p.acceptor ? this.p.count : 0;
  }

  /** The passed cards lie face down, unseen by the seat, until someone takes them. */
  pileSize(): number {
    return this.p.acceptor === null && this.k.seat !== this.p.pauper ? this.p.count : 0;
  }

  passesTrumpsOnly(): boolean {
    return this.k.options['poverty.passExactlyTrumps'];
  }

  /** The pauper's hidden cards hold no trump beyond those placed with him (he passed them all). */
  pauperHasNoMore(s: number, c: Card): boolean {
    return s === this.p.pauper && this.k.seat !== s && this.isTrump(c);
  }

  /**
   * For a seat outside the exchange once it is over: how many trumps came back to the pauper and
   * are still in his hand, and which (placed with him and returned; null when none fit). Acceptors
   * mostly give back plain cards, so fewer are likelier.
   */
  guessPauperTrumps(unseen: readonly Card[], mayHold: (s: number, c: Card) => boolean, rng: Rng): Card[] | null {
    const { pauper, count, returnedYet, trumpsReturned } = this.p;
    if (!returnedYet || this.k.seat === pauper || this.k.seat === this.p.acceptor) return [];
    const shown = this.playedOf(pauper).filter(this.isTrump).length;
    const candidates = unseen.filter((c) => this.isTrump(c) && mayHold(pauper, c));
    const most = Math.min(count - shown, candidates.length, this.k.options.deck / 4 - this.playedOf(pauper).length);
    let n: number;
    if (trumpsReturned !== null) n = trumpsReturned - shown;
    else {
      const weights = Array.from({ length: Math.max(0, most + 1) }, (_, i) => 2 ** -i);
      let x = rng.next() * weights.reduce((a, b) => a + b, 0);
      n = weights.findIndex((w) => (x -= w) < 0);
    }
    if (n < 0 || n > most) return null;
    const guessed = drawSome(candidates, n, rng);
    this.placed.set(pauper, guessed);
    return guessed;
  }

  /**
   * The deal behind the seats' holdings after the exchange (`hands`, changed in place), and the
   * cards passed and returned; null when the holdings admit no exchange.
   */
  undo(hands: (Card[] | null)[], pile: Card[], rng: Rng): { passed: Card[]; returned: Card[] } | null {
    const { pauper, acceptor, count, returnedYet } = this.p;
    const pauperHas = hands[pauper]!;
    const returned = returnedYet ? (this.p.returned ?? this.guessReturned(pauperHas, rng)) : [];
    if (!returned) return null;
    let passed = this.p.passed ?? (acceptor === null ? pile : null);
    if (!passed) {
      const pool = [...hands[acceptor!]!, ...returned].filter((c) => !this.passesTrumpsOnly() || this.isTrump(c));
      if (pool.length < count) return null;
      passed = drawSome(pool, count, rng);
    }
    const dealtPauper = minus(pauperHas, returned);
    if (!dealtPauper) return null;
    hands[pauper] = [...dealtPauper, ...passed];
    if (acceptor !== null) {
      const dealtAcceptor = minus([...hands[acceptor]!, ...returned], passed);
      if (!dealtAcceptor) return null;
      hands[acceptor] = dealtAcceptor;
    }
    return { passed, returned };
  }

  /** What came back to the pauper: every trump he has held since, and plain cards of his to make up the count. */
  private guessReturned(pauperHas: readonly Card[], rng: Rng): Card[] | null {
    const trumps = pauperHas.filter(this.isTrump);
    if (trumps.length > this.p.count) return null;
    return [
      ...trumps,
      ...drawSome(
        pauperHas.filter((c) => !this.isTrump(c)),
        this.p.count - trumps.length,
        rng,
      ),
    ];
  }
}
