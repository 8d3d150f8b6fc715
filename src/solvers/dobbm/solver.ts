import { BoundTable } from '../bound-table.js';
import { sortMovesByScore } from '../move-order.js';
import { HEARTS, MASK_POINTS, RANK_POINTS } from './cards.js';

/**
 * Double-dummy solver for the card play of Dobbm (docs/rules/dobbm.md#play, docs/rules/dobbm.md#scoring): every card is known,
 * the declarer (position 0) plays against the three defenders (positions 1–3, clockwise from
 * the declarer's left) as one team, both sides play perfectly. The value is `D`, the
 * declarer's card points including the discard or Dobb and the zero-trick transfer.
 *
 * Alpha-beta over single cards, with
 * - a transposition table at trick boundaries (the remaining cards decide who holds what, so
 *   the key is the set of remaining cards, the leader and whether the declarer has a trick yet);
 * - move ordering (cards that put the trick on the mover's side first, points onto one's own
 *   trick, cheap cards onto the opponents');
 * - equivalent cards: two zero-point cards of one suit in one hand with no live card between
 *   them win and lose the same tricks, so only one is searched.
 */
export interface DdsPosition {
  /** `hands[position][suit]`: 9-bit rank masks (see cards.ts). All hands hold the same count. */
  hands: readonly (readonly number[])[];
  /** Position to lead; the declarer (0) leads to the first trick. */
  leader: number;
  /** Points of the discard (Dobbm) or untouched Dobb (Solo), the declarer's with his first trick. */
  bonusPoints: number;
  /** The bonus is the declarer's even without a trick (Solo under `zeroTrickTransfer: ordinaryOnly`). */
  bonusAlwaysCounts?: boolean;
  /** Later in the hand: card points in the declarer's completed tricks (without the bonus), and
   *  whether he has taken a trick. */
  pointsSoFar?: number;
  declarerHasTrick?: boolean;
}

export interface DdsOptions {
  transpositionTable?: boolean;
  moveOrdering?: boolean;
  equivalentCards?: boolean;
}

const MAX_PLIES = 32;
const MOVES_PER_PLY = 9;

export class DobbmSolver {
  private readonly hands = new Int32Array(16);
  /** Cards not yet in a completed trick (in a hand or on the table), per suit. */
  private readonly alive = new Int32Array(4);
  /** The cards of the trick at each depth, indexed by ply = trick × 4 + step (deeper tricks
   *  must not overwrite the trick a parent frame still has to undo). */
  private readonly trickSuit = new Int32Array(MAX_PLIES);
  private readonly trickRank = new Int32Array(MAX_PLIES);
  private readonly winStep = new Int32Array(MAX_PLIES);
  private readonly moves = new Int32Array(MAX_PLIES * MOVES_PER_PLY);
  private readonly scores = new Int32Array(MAX_PLIES * MOVES_PER_PLY);
  private readonly table = new BoundTable();
  /** Best lead found by the last `card(0, …)` call, as card index. */
  private bestLead = -1;
  private leadHint = -1;
  private bonus = 0;
  private limit = Infinity;
  private aborted = false;
  private readonly history = new Int32Array(4 * 36);
  private readonly useTable: boolean;
  private readonly useOrdering: boolean;
  private readonly useEquivalence: boolean;
  /** Search nodes (cards tried) in the last solve, for benchmarks. */
  nodes = 0;
  probes = 0;

  constructor(options: DdsOptions = {}) {
    this.useTable = options.transpositionTable ?? true;
    this.useOrdering = options.moveOrdering ?? true;
    this.useEquivalence = options.equivalentCards ?? true;
  }

  /**
   * The exact value `D` under best play of both sides, by MTD(f): a series of null-window
   * searches that share the transposition table, which costs far fewer nodes than one
   * search with the full window.
   */
  solve(position: DdsPosition, firstGuess = 61): number {
    const { tricksLeft, flag, base } = this.load(position);
    // Bisection over null-window probes "can the declarer make at least t?", sharing the
    // table; the first probe is the win question, the one that matters most.
    let lower = 0;
    let upper = 121;
    let t = Math.max(1, firstGuess - base);
    while (lower + 1 < upper) {
      this.probes++;
      const g = this.boundary(position.leader, flag, t - 1, t, tricksLeft);
      if (g >= t) lower = g;
      else upper = g + 1;
      t = (lower + upper + 1) >> 1;
    }
    return base + lower;
  }

  /** `solve` with a budget of search nodes over all its probes: `null` when the budget ran out first. */
  solveWithin(position: DdsPosition, maxNodes: number): number | null {
    this.limit = maxNodes;
    try {
      const value = this.solve(position);
      return this.aborted ? null : value;
    } finally {
      this.limit = Infinity;
    }
  }

  /** The exact value by one full-window search (slower; kept as a check and a baseline). */
  solveFullWindow(position: DdsPosition): number {
    const { tricksLeft, flag, base } = this.load(position);
    return base + this.boundary(position.leader, flag, -1, 121, tricksLeft);
  }

  /** True when the declarer can make at least `target` points (61 = a win) against any defence. */
  reaches(position: DdsPosition, target: number): boolean {
    return this.reachesWithin(position, target, Infinity)!;
  }

  /**
   * `reaches` with a budget of search nodes: `null` when the budget ran out first. The cost
   * of a solve is heavy-tailed (median ~600 nodes, a few deals need millions), so a caller that
   * averages over many sampled deals can bound its time and count the unresolved ones.
   */
  reachesWithin(position: DdsPosition, target: number, maxNodes: number): boolean | null {
    const { tricksLeft, flag, base } = this.load(position);
    const t = target - base;
    if (t <= 0) return true;
    this.limit = maxNodes;
    const v = this.boundary(position.leader, flag, t - 1, t, tricksLeft);
    this.limit = Infinity;
    if (this.aborted) return null;
    return v >= t;
  }

  private load(position: DdsPosition): { tricksLeft: number; flag: number; base: number } {
    this.table.clear();
    this.history.fill(0);
    this.nodes = 0;
    this.probes = 0;
    this.aborted = false;
    let count = -1;
    for (let s = 0; s < 4; s++) this.alive[s] = 0;
    for (let p = 0; p < 4; p++) {
      let c = 0;
      for (let s = 0; s < 4; s++) {
        const m = position.hands[p]![s]! & 0x1ff;
        this.hands[p * 4 + s] = m;
        if (this.alive[s]! & m) throw new Error('a card is in two hands');
        this.alive[s]! |= m;
        c += popcount(m);
      }
      if (count >= 0 && c !== count) throw new Error('all hands must hold the same number of cards');
      count = c;
    }
    // Once the bonus is secured (a trick taken, or counted regardless) it is a constant;
    // before that it falls to the declarer with his first trick (zero-trick transfer, docs/rules/dobbm.md#scoring).
    const flag = position.bonusAlwaysCounts === true || position.declarerHasTrick === true ? 1 : 0;
    this.bonus = flag ? 0 : position.bonusPoints;
    const base = (position.pointsSoFar ?? 0) + (flag ? position.bonusPoints : 0);
    return { tricksLeft: count, flag, base };
  }

  /** Best future points of the declarer from a trick boundary, fail-soft in (alpha, beta). */
  private boundary(leader: number, flag: number, alpha: number, beta: number, tricksLeft: number): number {
    if (tricksLeft === 0) return 0;
    if (tricksLeft === 1) return this.lastTrick(leader, flag);
    const al = this.alive;
    // Cheap bounds from the hearts: a heart higher than every heart of the other side wins the
    // trick it falls in, so at least its own points go to its holder's side (and a declarer
    // holding one is sure to take a trick, which secures the bonus).
    const h = this.hands;
    const dh = h[0]!;
    const oh = h[4]! | h[8]! | h[12]!;
    const defendersSure = dh ? oh & ((dh & -dh) - 1) : oh;
    const declarerSure = oh ? dh & ((oh & -oh) - 1) : dh;
    const most =
      MASK_POINTS[al[0]!]! +
      MASK_POINTS[al[1]!]! +
      MASK_POINTS[al[2]!]! +
      MASK_POINTS[al[3]!]! +
      (flag ? 0 : this.bonus) -
      MASK_POINTS[defendersSure]!;
    if (most <= alpha) return most;
    const least = declarerSure ? MASK_POINTS[declarerSure]! + (flag ? 0 : this.bonus) : 0;
    if (least >= beta) return least;
    // A leader holding nothing but the top hearts wins every remaining trick with them.
    const lb = leader * 4;
    const lh = h[lb]!;
    if (lh && !(h[lb + 1]! | h[lb + 2]! | h[lb + 3]!)) {
      const lowest = 1 << (31 - Math.clz32(lh));
      if ((al[0]! & ~lh & ((lowest << 1) - 1)) === 0) return leader === 0 ? most : 0;
    }
    let lower = least;
    let upper = most;
    const k1 = al[0]! | (al[1]! << 9) | (al[2]! << 18);
    const k2 = al[3]! | (leader << 9) | (flag << 11);
    this.leadHint = -1;
    if (this.useTable) {
      const entry = this.table.get(k1, k2);
      if (entry >= 0) {
        lower = entry & 255;
        upper = (entry >>> 8) & 255;
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower === upper) return lower;
        this.leadHint = (entry >>> 16) - 1;
      }
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
    const v = this.card(0, leader, flag, alpha, beta, tricksLeft);
    if (this.useTable && !this.aborted) {
      if (v <= alpha) upper = Math.min(upper, v);
      else if (v >= beta) lower = Math.max(lower, v);
      else lower = upper = v;
      this.table.set(k1, k2, lower | (upper << 8) | ((this.bestLead + 1) << 16));
    }
    return v;
  }

  /** One card each: no choice left, so no search. */
  private lastTrick(leader: number, flag: number): number {
    let winner = -1;
    let ws = 0;
    let wr = 0;
    let pts = 0;
    for (let i = 0; i < 4; i++) {
      const p = (leader + i) & 3;
      for (let s = 0; s < 4; s++) {
        const m = this.hands[p * 4 + s]!;
        if (m === 0) continue;
        const r = 31 - Math.clz32(m);
        pts += RANK_POINTS[r]!;
        if (winner < 0 || (s === HEARTS && ws !== HEARTS) || (s === ws && r < wr)) {
          winner = p;
          ws = s;
          wr = r;
        }
        break;
      }
    }
    return winner === 0 ? pts + (flag ? 0 : this.bonus) : 0;
  }

  /** One card of the current trick: `step` cards are on the table, `leader` led. */
  private card(step: number, leader: number, flag: number, alpha: number, beta: number, tricksLeft: number): number {
    const p = (leader + step) & 3;
    const hb = p * 4;
    const tb = (8 - tricksLeft) * 4;
    const at = (tb + step) * MOVES_PER_PLY;
    const hands = this.hands;
    const hint = step === 0 ? this.leadHint : -1;
    let n = 0;
    const span = legalSuitSpan(hands, hb, step > 0 ? this.trickSuit[tb]! : -1);
    const from = span >> 2;
    const to = span & 3;
    const mySide = p === 0 ? 0 : 1;
    let ws = -1;
    let wr = 0;
    let winnerSide = 0;
    if (step > 0) {
      const w = this.winStep[tb + step - 1]!;
      ws = this.trickSuit[tb + w]!;
      wr = this.trickRank[tb + w]!;
      winnerSide = ((leader + w) & 3) === 0 ? 0 : 1;
    }
    for (let s = from; s <= to; s++) {
      let m = hands[hb + s]!;
      let prev = -1;
      const live = this.alive[s]!;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        const r = 31 - Math.clz32(bit);
        if (this.useEquivalence && prev >= 0 && RANK_POINTS[r] === 0 && RANK_POINTS[prev] === 0) {
          const between = ((1 << r) - 1) & ~((2 << prev) - 1);
          if ((live & between) === 0) {
            prev = r;
            continue;
          }
        }
        prev = r;
        this.moves[at + n] = s * 9 + r;
        if (this.useOrdering) {
          const pts = RANK_POINTS[r]!;
          let score: number;
          if (step === 0) {
            // A lead that is the highest live card of its suit tends to win; otherwise lead low.
            const master = (live & -live) === bit;
            score = (master ? 64 + pts : -pts - (8 - r)) + (s * 9 + r === hint ? 1000 : 0);
          } else {
            const beats = (s === HEARTS && ws !== HEARTS) || (s === ws && r < wr);
            // A card that beats the trick and cannot itself be beaten later is the strong try.
            if (beats) score = step === 3 || (live & -live) === bit ? 72 + pts : 48 + pts;
            else if (winnerSide === mySide) score = 40 + pts;
            else score = -pts - (s === HEARTS ? 20 - r : 0);
          }
          this.scores[at + n] = score * 4096 + Math.min(4095, this.history[p * 36 + s * 9 + r]!);
        }
        n++;
      }
    }
    if (this.useOrdering) {
      sortMovesByScore(this.moves, this.scores, at, n);
    }
    const maximizing = p === 0;
    let best = maximizing ? -1 : 1000;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const mv = this.moves[at + i]!;
      const s = (mv / 9) | 0;
      const r = mv - s * 9;
      const bit = 1 << r;
      if (++this.nodes > this.limit) this.aborted = true;
      hands[hb + s] = hands[hb + s]! ^ bit;
      this.trickSuit[tb + step] = s;
      this.trickRank[tb + step] = r;
      let w = 0;
      if (step > 0) {
        w = this.winStep[tb + step - 1]!;
        const cs = this.trickSuit[tb + w]!;
        if ((s === HEARTS && cs !== HEARTS) || (s === cs && r < this.trickRank[tb + w]!)) w = step;
      }
      this.winStep[tb + step] = w;
      let v: number;
      if (step < 3) {
        v = this.card(step + 1, leader, flag, alpha, beta, tricksLeft);
      } else {
        const winner = (leader + w) & 3;
        let pts = 0;
        for (let k = 0; k < 4; k++) {
          const ks = this.trickSuit[tb + k]!;
          pts += RANK_POINTS[this.trickRank[tb + k]!]!;
          this.alive[ks] = this.alive[ks]! ^ (1 << this.trickRank[tb + k]!);
        }
        if (winner === 0) {
          const gain = pts + (flag ? 0 : this.bonus);
          v = gain + this.boundary(0, 1, alpha - gain, beta - gain, tricksLeft - 1);
        } else {
          v = this.boundary(winner, flag, alpha, beta, tricksLeft - 1);
        }
        for (let k = 0; k < 4; k++) {
          const ks = this.trickSuit[tb + k]!;
          this.alive[ks] = this.alive[ks]! | (1 << this.trickRank[tb + k]!);
        }
      }
      hands[hb + s] = hands[hb + s]! | bit;
      if (this.aborted) return best;
      if (maximizing ? v > best : v < best) {
        best = v;
        if (step === 0) bestMove = mv;
      }
      if (maximizing) {
        if (best > alpha) alpha = best;
      } else if (best < beta) beta = best;
      if (alpha >= beta) {
        // History heuristic: a card that refuted here is tried early elsewhere.
        this.history[p * 36 + mv] = this.history[p * 36 + mv]! + tricksLeft * tricksLeft;
        break;
      }
    }
    if (step === 0) this.bestLead = bestMove;
    return best;
  }
}

/**
 * docs/rules/dobbm.md#play as the solver applies it: the suits a player may play from, given his suit
 * masks at `hands[base..base+3]` and the led suit (-1 when he leads). Follow the led suit,
 * else play a heart, else anything. Returned as `from × 4 + to` (an inclusive suit range).
 */
function legalSuitSpan(hands: ArrayLike<number>, base: number, led: number): number {
  if (led < 0) return 3;
  if (hands[base + led]!) return led * 4 + led;
  if (hands[base + HEARTS]!) return HEARTS * 4 + HEARTS;
  return 3;
}

/** Card indices a hand (four suit masks) may play to a trick led in `led` (-1: leading). */
export function legalPlays(hand: readonly number[], led: number): number[] {
  const span = legalSuitSpan(hand, 0, led);
  const out: number[] = [];
  for (let s = span >> 2; s <= (span & 3); s++) for (let r = 0; r < 9; r++) if (hand[s]! & (1 << r)) out.push(s * 9 + r);
  return out;
}

function popcount(m: number): number {
  let c = 0;
  while (m) {
    m &= m - 1;
    c++;
  }
  return c;
}
