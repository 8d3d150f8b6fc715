/**
 * `npm run bench:dobbm-floor`: how fast could any Dobbm engine with this project's contract
 * play random hands on this machine? The time floor, measured, for the aim of 200,000
 * random hands a second (5 µs a hand, shuffle included).
 *
 * The floor engine below is the cheapest one we could write that still honours the contract
 * the service relies on: the same SHA-512 shuffle, actions with card codes as strings, a new
 * immutable 23-field state per action and `{ ok, state }` answers, the shared `Rng`, and the
 * checks a rejection needs (turn, card held, follow suit and trump, sow rule, bid order).
 * Everything else is stripped: cards are bit positions (hands as two 18-bit masks a seat,
 * the trick packed into one integer), four players only, default options only, no views, no
 * irregularities, no Mußrunde, a result of scores alone. It is a measuring device, not an
 * engine: before measuring, the real engine replays the floor's choices in 2,000 hands and
 * must accept every action and score every hand alike; the real engine is then measured
 * beside the floor, in alternation, with the same loop as `npm run bench:engine`.
 */
import { shuffle, seededRng, type Action, type Game, type Rng } from '../src/engine/index.js';
import { randomBot } from '../src/engine/dobbm/bots.js';
import { cardIndex, dobbm, DOBBM_DECK, type DobbmOptions, type DobbmState } from '../src/engine/dobbm/index.js';
import { openCalls, nextDoublingPosition, doublingSpeaker, firstDoublingPosition } from '../src/engine/core/doubling.js';
import { paymentPerOpponent } from '../src/engine/dobbm/scoring.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seedOf } from './seeds.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const CODES: readonly string[] = DOBBM_DECK.slice();
const POINTS = CODES.map((c) => ({ S: 11, '1': 10, K: 4, O: 3, U: 2 })[c[1] as 'S'] ?? 0);
const BITS = new Uint8Array(512);
for (let m = 1; m < 512; m++) BITS[m] = BITS[m >> 1]! + (m & 1);

interface FloorState {
  options: DobbmOptions;
  dealer: number;
  mussrunde: boolean;
  active: readonly number[];
  phase: string;
  turn: number;
  /** Seat s holds cards 0..17 in `hands[2s]` and 18..35 in `hands[2s+1]` (bit = card index). */
  hands: readonly number[];
  dobb: readonly string[];
  bids: readonly { seat: number; bid: string }[];
  declarer: number;
  contract: string | null;
  discard: readonly string[] | null;
  defenders: readonly number[];
  calls: readonly { seat: number; call: string }[];
  doublingStep: string | null;
  doublingIndex: number;
  doublings: number;
  trickLeader: number;
  /** count in bits 0–2, then 6 bits a card */ trick: number;
  /** packed tricks */ tricks: readonly number[];
  declarerTricks: number;
  declarerTrickPoints: number;
  irregularity: null;
}
type Applied = { ok: true; state: FloorState } | { ok: false; rejection: { code: string; message: string } };
const no = (code: string): Applied => ({ ok: false, rejection: { code, message: code } });
const yes = (state: FloorState): Applied => ({ ok: true, state });

const copy = (s: FloorState): FloorState => ({
  options: s.options,
  dealer: s.dealer,
  mussrunde: s.mussrunde,
  active: s.active,
  phase: s.phase,
  turn: s.turn,
  hands: s.hands,
  dobb: s.dobb,
  bids: s.bids,
  declarer: s.declarer,
  contract: s.contract,
  discard: s.discard,
  defenders: s.defenders,
  calls: s.calls,
  doublingStep: s.doublingStep,
  doublingIndex: s.doublingIndex,
  doublings: s.doublings,
  trickLeader: s.trickLeader,
  trick: s.trick,
  tricks: s.tricks,
  declarerTricks: s.declarerTricks,
  declarerTrickPoints: s.declarerTrickPoints,
  irregularity: s.irregularity,
});
const word = (c: number): number => (c < 18 ? 0 : 1);
const bit = (c: number): number => 1 << (c < 18 ? c : c - 18);
const suitMask = (h: readonly number[], seat: number, suit: number): number => (h[2 * seat + (suit >> 1)]! >> (9 * (suit & 1))) & 511;
const next4 = (seat: number): number => (seat === 3 ? 0 : seat + 1);
/** The n-th set bit of m (n from 0). */
function nthBit(m: number, n: number): number {
  for (; n > 0; n--) m &= m - 1;
  return 31 - Math.clz32(m & -m);
}

function deal(options: DobbmOptions, deck: readonly string[]): FloorState {
  const hands = [0, 0, 0, 0, 0, 0, 0, 0];
  const seen = [0, 0]; // the whole-pack check: each of the 36 cards exactly once
  if (deck.length !== 36) throw new Error('a Dobbm deck has 36 cards');
  for (let i = 0; i < 36; i++) {
    const c = cardIndex(deck[i]);
    if (c < 0 || seen[word(c)]! & bit(c)) throw new Error('a Dobbm deck is a permutation of the 36 cards');
    seen[word(c)] |= bit(c);
    const seat = (1 + (i >> 2)) & 3; // four cards to each seat from the dealer's left, twice; then the Dobb
    if (i < 32) hands[2 * seat + word(c)] |= bit(c);
  }
  return {
    options,
    dealer: 0,
    mussrunde: false,
    active: [1, 2, 3, 0],
    phase: 'bidding',
    turn: 1,
    hands,
    dobb: deck.slice(32, 36),
    bids: [],
    declarer: -1,
    contract: null,
    discard: null,
    defenders: [],
    calls: [],
    doublingStep: null,
    doublingIndex: 0,
    doublings: 0,
    trickLeader: -1,
    trick: 0,
    tricks: [],
    declarerTricks: 0,
    declarerTrickPoints: 0,
    irregularity: null,
  };
}

const rank = (w: unknown): number => (w === 'pass' ? 0 : w === 'dobbm' ? 1 : w === 'solo' ? 2 : -1);
const highest = (s: FloorState): number => {
  let best = 0;
  for (const b of s.bids) best = Math.max(best, rank(b.bid));
  return best;
};

function apply(s: FloorState, a: Action): Applied {
  if (a.seat !== s.turn) return no('NOT_YOUR_TURN');
  switch (a.type) {
    case 'play':
      return s.phase === 'play' ? play(s, a.seat, cardIndex(a['card'])) : no('WRONG_PHASE');
    case 'bid':
      return s.phase === 'bidding' ? bid(s, a.seat, a['bid'] as string) : no('WRONG_PHASE');
    case 'discard':
      return s.phase === 'exchange' ? discard(s, a.seat, a['cards'] as string[]) : no('WRONG_PHASE');
    case 'double':
      return s.phase === 'doubling' ? double(s, a.seat, a['call'] as 'gut') : no('WRONG_PHASE');
    default:
      return no('BAD_ACTION');
  }
}

function bid(s: FloorState, seat: number, w: string): Applied {
  const r = rank(w);
  if (r < 0 || (r > 0 && r <= highest(s))) return no('BID_NOT_HIGHER');
  const n = copy(s);
  const bids = s.bids.slice();
  bids.push({ seat, bid: w });
  n.bids = bids;
  if (bids.length < 4) {
    n.turn = next4(seat);
    return yes(n);
  }
  let winner: { seat: number; bid: string } | null = null;
  for (const b of bids) if (b.bid !== 'pass') winner = b;
  if (winner === null) {
    n.phase = 'over';
    n.turn = -1;
    return yes(n);
  }
  n.declarer = winner.seat;
  n.contract = winner.bid;
  if (winner.bid === 'solo') return yes(startDoubling(n));
  const hands = s.hands.slice();
  for (const code of s.dobb) {
    const c = cardIndex(code);
    hands[2 * winner.seat + word(c)] |= bit(c);
  }
  n.hands = hands;
  n.phase = 'exchange';
  n.turn = winner.seat;
  return yes(n);
}

/** Default sow rule: every deuce is a sow, and each needs a heart other than `HS` beside it. */
const sowRuleHolds = (cs: readonly number[]): boolean => {
  let sows = 0;
  let hearts = 0;
  for (const c of cs) {
    if (c % 9 === 0) sows++;
    else if (c < 9) hearts++;
  }
  return sows <= hearts;
};

function discard(s: FloorState, seat: number, cards: readonly string[]): Applied {
  if (!Array.isArray(cards) || cards.length !== 4) return no('WRONG_CARD_COUNT');
  const hands = s.hands.slice();
  const cs: number[] = [];
  for (const code of cards) {
    const c = cardIndex(code);
    if (c < 0) return no('CARD_NOT_HELD');
    const w = 2 * seat + word(c);
    if (!(hands[w]! & bit(c))) return no(cs.includes(c) ? 'DUPLICATE_CARD' : 'CARD_NOT_HELD');
    hands[w] = hands[w]! & ~bit(c);
    cs.push(c);
  }
  if (!sowRuleHolds(cs)) return no('SOW_DISCARD_NEEDS_TRUMP');
  const n = copy(s);
  n.hands = hands;
  n.discard = cards.slice();
  return yes(startDoubling(n));
}

function startDoubling(n: FloorState): FloorState {
  const defenders: number[] = [];
  for (let s = next4(n.declarer), i = 0; i < 4; i++, s = next4(s)) if (s !== n.declarer) defenders.push(s);
  n.phase = 'doubling';
  n.defenders = defenders;
  n.doublingStep = firstDoublingPosition.step;
  n.doublingIndex = 0;
  n.turn = defenders[0]!;
  return n;
}

const position = (s: FloorState) => ({ step: s.doublingStep as 'schwacher', index: s.doublingIndex, doublings: s.doublings });

function double(s: FloorState, seat: number, call: 'gut'): Applied {
  const pos = position(s);
  if (!openCalls(pos, null).includes(call)) return no('CALL_NOT_ALLOWED');
  const n = copy(s);
  const calls = s.calls.slice();
  calls.push({ seat, call });
  n.calls = calls;
  const after = nextDoublingPosition(pos, call, 3);
  if (after === null) {
    n.phase = 'play';
    n.doublingStep = null;
    n.turn = n.trickLeader = s.declarer;
    return yes(n);
  }
  n.doublingStep = after.step;
  n.doublingIndex = after.index;
  n.doublings = after.doublings;
  n.turn = doublingSpeaker(after, s.defenders, s.declarer);
  return yes(n);
}

function play(s: FloorState, seat: number, c: number): Applied {
  if (c < 0) return no('BAD_ACTION');
  const h = s.hands;
  const w = 2 * seat + word(c);
  if (!(h[w]! & bit(c))) return no('CARD_NOT_HELD');
  const t = s.trick;
  const count = t & 7;
  if (count > 0) {
    const led = (((t >> 3) & 63) / 9) | 0;
    const suit = (c / 9) | 0;
    if (suit !== led && suitMask(h, seat, led) !== 0) return no('MUST_FOLLOW_SUIT');
    if (suit !== led && suit !== 0 && suitMask(h, seat, 0) !== 0) return no('MUST_TRUMP');
  }
  const n = copy(s);
  const hands = h.slice();
  hands[w] = h[w]! & ~bit(c);
  n.hands = hands;
  const trick = t | (c << (3 + 6 * count));
  if (count < 3) {
    n.trick = (trick & ~7) | (count + 1);
    n.turn = next4(seat);
    return yes(n);
  }
  let best = 0;
  let bc = (trick >> 3) & 63;
  let points = POINTS[bc]!;
  for (let i = 1; i < 4; i++) {
    const x = (trick >> (3 + 6 * i)) & 63;
    points += POINTS[x]!;
    const xs = (x / 9) | 0;
    const bs = (bc / 9) | 0;
    if (xs === bs ? x < bc : xs === 0) {
      best = i;
      bc = x;
    }
  }
  let winner = s.trickLeader;
  for (; best > 0; best--) winner = next4(winner);
  const tricks = s.tricks.slice();
  tricks.push(((trick >> 3) << 2) | s.trickLeader);
  n.tricks = tricks;
  n.trick = 0;
  n.trickLeader = n.turn = winner;
  if (winner === s.declarer) {
    n.declarerTricks++;
    n.declarerTrickPoints += points;
  }
  if (tricks.length === 8) {
    n.phase = 'over';
    n.turn = -1;
  }
  return yes(n);
}

function result(s: FloorState): number[] {
  const scores = [0, 0, 0, 0];
  if (s.declarer < 0) return scores;
  let d = s.declarerTrickPoints;
  for (const code of s.contract === 'solo' ? s.dobb : s.discard!) d += POINTS[cardIndex(code)]!;
  if (s.declarerTricks === 0) d = 0;
  const amount = paymentPerOpponent(s.options, d, s.contract === 'solo', s.doublings) * (d > 60 ? 1 : -1);
  for (const x of s.defenders) scores[x] = -amount;
  scores[s.declarer] = 3 * amount;
  return scores;
}

const BIDS = [['pass', 'dobbm', 'solo'], ['pass', 'solo'], ['pass']];
const pool = new Int8Array(12);

/** Uniform over the legal actions, like the engine's random bot. */
function bot(s: FloorState, seat: number, rng: Rng): Action {
  const h = s.hands;
  if (s.phase === 'play') {
    const t = s.trick;
    let suit = -1;
    if ((t & 7) > 0) {
      const led = (((t >> 3) & 63) / 9) | 0;
      if (suitMask(h, seat, led) !== 0) suit = led;
      else if (suitMask(h, seat, 0) !== 0) suit = 0;
    }
    if (suit >= 0) {
      const m = suitMask(h, seat, suit);
      return { seat, type: 'play', card: CODES[suit * 9 + nthBit(m, rng.int(BITS[m]!))] };
    }
    const lo = h[2 * seat]!;
    const hi = h[2 * seat + 1]!;
    const inLo = BITS[lo & 511]! + BITS[lo >> 9]!;
    const k = rng.int(inLo + BITS[hi & 511]! + BITS[hi >> 9]!);
    return { seat, type: 'play', card: CODES[k < inLo ? nthBit(lo, k) : 18 + nthBit(hi, k - inLo)] };
  }
  if (s.phase === 'bidding') {
    const bids = BIDS[highest(s)]!;
    return { seat, type: 'bid', bid: bids[rng.int(bids.length)] };
  }
  if (s.phase === 'doubling') {
    const calls = openCalls(position(s), null);
    return { seat, type: 'double', call: calls[rng.int(calls.length)] };
  }
  let n = 0;
  for (let c = 0; c < 36; c++) if (h[2 * seat + word(c)]! & bit(c)) pool[n++] = c;
  for (;;) {
    const cs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const j = i + rng.int(n - i);
      const x = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = x;
      cs.push(pool[i]!);
    }
    if (sowRuleHolds(cs)) return { seat, type: 'discard', cards: cs.map((c) => CODES[c]) };
  }
}

// ---- the same loop as bench/engine.bench.ts, for the floor and the real engine
// Erased to the wire's action type: the floor bot's actions are plain `Action`s.
const real: Game<DobbmOptions, DobbmState> = dobbm;
const parsed = real.parseOptions({ players: 4 });
if (!parsed.ok) throw new Error(parsed.rejection.message);
const options = parsed.options as DobbmOptions;
const cards = real.deck(options);

function measure(run: (i: number) => void): number {
  for (let i = 0; i < 2000; i++) run(i);
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let n = 0;
  while (process.hrtime.bigint() - start < budget) for (let k = 0; k < 100; k++) run(n++);
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}

let checksum = 0;
function floorHand(deck: readonly string[], rng: Rng): void {
  let s = deal(options, deck);
  while (s.phase !== 'over') {
    const r = apply(s, bot(s, s.turn, rng));
    if (!r.ok) throw new Error(`floor bot chose an illegal action: ${r.rejection.code}`);
    s = r.state;
  }
  checksum += result(s)[0]!;
}
function realHand(deck: string[], rng: Rng): void {
  let s = real.deal(options, deck, { dealer: 0 });
  while (!real.isOver(s)) {
    const r = real.apply(s, randomBot(s, real.toAct(s)[0]!, rng));
    if (!r.ok) throw new Error(`bot chose an illegal action: ${r.rejection.code}`);
    s = r.state;
  }
  checksum += real.result(s)!.scores[0]!;
}

/**
 * The floor is a Dobbm engine, not a shortcut: the real engine accepts every action the floor
 * took, in 2,000 hands, and scores each hand as the floor did.
 */
function checkFloor(): void {
  const rng = seededRng(7);
  for (let i = 0; i < 2000; i++) {
    const deck = shuffle(seedOf(i), cards);
    let s = deal(options, deck);
    let r = real.deal(options, deck, { dealer: 0 });
    while (s.phase !== 'over') {
      const action = bot(s, s.turn, rng);
      const floorNext = apply(s, action);
      const realNext = real.apply(r, action);
      if (!floorNext.ok || !realNext.ok) throw new Error(`hand ${i}: ${JSON.stringify(action)} refused`);
      s = floorNext.state;
      r = realNext.state;
    }
    const want = real.result(r)!.scores.join();
    if (!real.isOver(r) || result(s).join() !== want) throw new Error(`hand ${i}: floor ${result(s).join()}, engine ${want}`);
  }
}

const fmt = (x: number): string => Math.round(x).toLocaleString('en').padStart(10);
const only = process.argv[2];
if (only !== undefined) {
  // A child run measures one thing, so that neither engine's JIT feedback skews the other's.
  const rng = seededRng(1);
  const decks = only === 'floorPlay' ? Array.from({ length: 4096 }, (_, i) => shuffle(seedOf(i), cards)) : [];
  const run: Record<string, (i: number) => void> = {
    baseline: (i) => deal(options, shuffle(seedOf(i), cards)),
    floor: (i) => floorHand(shuffle(seedOf(i), cards), rng),
    engine: (i) => realHand(shuffle(seedOf(i), cards), rng),
    // No shuffle at all, as bench:engine's third column: what the floor's rules alone cost.
    floorPlay: (i) => floorHand(decks[i & 4095]!, rng),
  };
  console.log(JSON.stringify({ perSecond: measure(run[only]!), checksum }));
} else {
  checkFloor();
  const child = (what: string): number =>
    JSON.parse(execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), what], { encoding: 'utf8' })).perSecond;
  // The machine's speed drifts by tens of percent within minutes: the four are measured in
  // alternation, round after round, and the best of each is compared.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const best = { baseline: 0, floor: 0, engine: 0, floorPlay: 0 };
  console.log(`Dobbm 4p random full hands per second on one core (${seconds} s each, one process each)\n`);
  console.log('round   shuffle+floor deal   floor engine   real engine   floor, pre-shuffled decks');
  for (let round = 1; round <= rounds; round++) {
    const row = { baseline: child('baseline'), floor: child('floor'), engine: child('engine'), floorPlay: child('floorPlay') };
    for (const k of ['baseline', 'floor', 'engine', 'floorPlay'] as const) best[k] = Math.max(best[k], row[k]);
    console.log(
      `${String(round).padStart(5)}   ${fmt(row.baseline).padStart(18)}   ${fmt(row.floor).padStart(12)}   ${fmt(row.engine).padStart(11)}   ${fmt(row.floorPlay).padStart(25)}`,
    );
  }
  const us = (x: number): string => `${(1e6 / x).toFixed(2)} µs a hand`;
  console.log(`\nbest    shuffle + floor deal  ${fmt(best.baseline)}   (${us(best.baseline)})`);
  console.log(`        floor engine          ${fmt(best.floor)}   (${us(best.floor)})`);
  console.log(
    `        real engine           ${fmt(best.engine)}   (${us(best.engine)}; floor / real = ${(best.floor / best.engine).toFixed(2)})`,
  );
  console.log(`        floor, no shuffle     ${fmt(best.floorPlay)}   (${us(best.floorPlay)}: the rules alone, decks shuffled beforehand)`);
  console.log(`        aim                   ${fmt(200_000)}   (${us(200_000)})`);
}
