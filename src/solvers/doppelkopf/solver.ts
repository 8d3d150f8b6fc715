import { BoundTable } from '../bound-table.js';
import { sortMovesByScore } from '../move-order.js';
import { cardPoints, rankOf } from '../../engine/doppelkopf/cards.js';
import type { Card } from '../../engine/core/types.js';

/**
 * Double-dummy solver for the card play of Doppelkopf (docs/rules/doppelkopf.md#play), 48 or 40
 * cards: every card is known and so is every player's party (within one sampled world); Re and
 * Kontra each play as one team, perfectly. The value is Re's card points in the remaining
 * tricks. Extra points and announcements are the caller's: the solver answers the card-point
 * thresholds they depend on.
 *
 * Alpha-beta over single cards, as the Dobbm solver (src/solvers/dobbm/solver.ts), with
 * - a transposition table at trick boundaries: every remaining card has its own bit and its
 *   holder is fixed, so the remaining cards and the leader are the key;
 * - move ordering (a card that wins the trick for the mover's side first, points onto a
 *   partner's trick, cheap cards onto the opponents') and a history heuristic;
 * - equal cards: the two copies of a face in one hand are searched once;
 * - null-window probes "Re makes at least t?", bisected to the exact value (MTD).
 * Piglets (promoted cards) are not modelled: the caller does not ask then.
 */
export interface DokoDdsPosition {
  /** Remaining cards by position, positions in playing order; all the same length. */
  hands: readonly (readonly Card[])[];
  /** `re[position]`: that player plays for Re. */
  re: readonly boolean[];
  /** Position to lead. */
  leader: number;
  /** The contract's trumps, high to low (cards.ts `trumpsOf`). */
  trumps: readonly Card[];
  dullen: 'first' | 'second' | 'secondExceptLast';
}

/** At most this many tricks (one bit per remaining card in an int32 key). */
export const MAX_DDS_TRICKS = 7;
const TRUMP = 4;
const MAX_CARDS = MAX_DDS_TRICKS * 4;
const PLAIN_RANKS = ['A', '10', 'K', 'Q', 'J', '9'];

export class DokoSolver {
  private readonly hands = new Int32Array(4);
  private readonly re = new Int32Array(4);
  private readonly suit = new Int32Array(MAX_CARDS);
  private readonly strength = new Int32Array(MAX_CARDS);
  private readonly points = new Int32Array(MAX_CARDS);
  /** The other copy of the same face, or -1. */
  private readonly twin = new Int32Array(MAX_CARDS);
  /** A second copy of this face beats the first (the second Dulle). */
  private readonly secondWins = new Int32Array(MAX_CARDS);
  private readonly suitMask = new Int32Array(5);
  private readonly trickCard = new Int32Array(MAX_CARDS);
  private readonly winStep = new Int32Array(MAX_CARDS);
  private readonly moves = new Int32Array(MAX_CARDS * MAX_DDS_TRICKS * 2);
  private readonly scores = new Int32Array(MAX_CARDS * MAX_DDS_TRICKS * 2);
  private readonly history = new Int32Array(4 * MAX_CARDS);
  private readonly table = new BoundTable();
  private alive = 0;
  private tricks = 0;
  private lastTrickSecondWins = false;
  private bestLead = -1;
  private leadHint = -1;
  private limit = Infinity;
  private aborted = false;
  /** Search nodes (cards tried) in the last solve. */
  nodes = 0;

  /** Re's card points in the remaining tricks under best play of both parties. */
  solve(position: DokoDdsPosition): number {
    const total = this.load(position);
    let lower = 0;
    let upper = total + 1;
    let t = (total + 1) >> 1;
    while (lower + 1 < upper && !this.aborted) {
      const g = this.boundary(position.leader, t - 1, t, this.tricks);
      if (g >= t) lower = g;
      else upper = g + 1;
      t = (lower + upper + 1) >> 1;
    }
    return lower;
  }

  /** `solve` within a budget of search nodes: null when it ran out first. */
  solveWithin(position: DokoDdsPosition, maxNodes: number): number | null {
    this.limit = maxNodes;
    try {
      const v = this.solve(position);
      return this.aborted ? null : v;
    } finally {
      this.limit = Infinity;
    }
  }

  /** True when Re makes at least `target` points in the remaining tricks against any defence. */
  reaches(position: DokoDdsPosition, target: number): boolean {
    this.load(position);
    if (target <= 0) return true;
    return this.boundary(position.leader, target - 1, target, this.tricks) >= target;
  }

  /** Indexes the remaining cards, by suit and strength (the highest card of a suit has the lowest index); returns their points. */
  private load(position: DokoDdsPosition): number {
    this.table.clear();
    this.history.fill(0);
    this.nodes = 0;
    this.aborted = false;
    const n = position.hands[0]!.length;
    if (position.hands.length !== 4 || position.hands.some((h) => h.length !== n)) throw new Error('four hands of one length');
    if (n > MAX_DDS_TRICKS) throw new Error(`at most ${MAX_DDS_TRICKS} tricks`);
    this.tricks = n;
    const trumpIndex = new Map<Card, number>();
    position.trumps.forEach((c, i) => trumpIndex.set(c, i));
    const dulleRule = position.trumps[0] === 'H10' ? position.dullen : 'first';
    this.lastTrickSecondWins = dulleRule === 'second';
    const cards = position.hands.flatMap((h, p) =>
      h.map((card) => {
        const t = trumpIndex.get(card);
        const suit = t !== undefined ? TRUMP : 'CSHD'.indexOf(card[0]!);
        return { card, p, suit, strength: t !== undefined ? 100 - t : 50 - PLAIN_RANKS.indexOf(rankOf(card)) };
      }),
    );
    cards.sort((a, b) => a.suit - b.suit || b.strength - a.strength || (a.card < b.card ? -1 : a.card > b.card ? 1 : a.p - b.p));
    this.hands.fill(0);
    this.suitMask.fill(0);
    let total = 0;
    cards.forEach((c, i) => {
      this.hands[c.p] = this.hands[c.p]! | (1 << i);
      this.suitMask[c.suit] = this.suitMask[c.suit]! | (1 << i);
      this.suit[i] = c.suit;
      this.strength[i] = c.strength;
      this.points[i] = cardPoints(c.card);
      total += this.points[i]!;
      const j = cards.findIndex((d, k) => k !== i && d.card === c.card);
      this.twin[i] = j;
      this.secondWins[i] = c.card === 'H10' && dulleRule !== 'first' ? 1 : 0;
    });
    for (let p = 0; p < 4; p++) this.re[p] = position.re[p] ? 1 : 0;
    this.alive = (1 << cards.length) - 1;
    return total;
  }

  /** Re's best future points from a trick boundary, fail-soft in (alpha, beta). */
  private boundary(leader: number, alpha: number, beta: number, tricksLeft: number): number {
    if (tricksLeft === 0) return 0;
    let lower = 0;
    let upper = 0;
    for (let m = this.alive; m; m &= m - 1) upper += this.points[31 - Math.clz32(m & -m)]!;
    if (upper <= alpha) return upper;
    if (lower >= beta) return lower;
    const k1 = this.alive;
    const k2 = leader;
    this.leadHint = -1;
    const entry = this.table.get(k1, k2);
    if (entry >= 0) {
      lower = entry & 255;
      upper = (entry >>> 8) & 255;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      this.leadHint = (entry >>> 16) - 1;
    }
    const a = Math.max(alpha, lower);
    const b = Math.min(beta, upper);
    const v = this.card(0, leader, a, b, tricksLeft);
    if (!this.aborted) {
      if (v <= a) upper = Math.min(upper, v);
      else if (v >= b) lower = Math.max(lower, v);
      else lower = upper = v;
      this.table.set(k1, k2, lower | (upper << 8) | ((this.bestLead + 1) << 16));
    }
    return v;
  }

  /** Does card `c`, played later, beat the trick's winning card `w`? Equal faces: the first wins, except a second Dulle. */
  private beats(c: number, w: number, tricksLeft: number): boolean {
    const sc = this.suit[c]!;
    const sw = this.suit[w]!;
    if (sc !== sw) return sc === TRUMP;
    const dc = this.strength[c]!;
    const dw = this.strength[w]!;
    if (dc !== dw) return dc > dw;
    return this.secondWins[c]! === 1 && (tricksLeft > 1 || this.lastTrickSecondWins);
  }

  /** One card of the current trick: `step` cards are on the table, `leader` led. */
  private card(step: number, leader: number, alpha: number, beta: number, tricksLeft: number): number {
    const p = (leader + step) & 3;
    const tb = (this.tricks - tricksLeft) * 4;
    const at = (tb + step) * MAX_DDS_TRICKS * 2;
    let m = this.hands[p]!;
    let w = -1;
    if (step > 0) {
      const follow = m & this.suitMask[this.suit[this.trickCard[tb]!]!]!;
      if (follow) m = follow;
      w = this.trickCard[tb + this.winStep[tb + step - 1]!]!;
    }
    const mine = this.re[p]!;
    const partnerWins = step > 0 && this.re[(leader + this.winStep[tb + step - 1]!) & 3]! === mine;
    const hint = step === 0 ? this.leadHint : -1;
    let n = 0;
    for (let rest = m; rest; rest &= rest - 1) {
      const c = 31 - Math.clz32(rest & -rest);
      const t = this.twin[c]!;
      if (t >= 0 && t < c && m & (1 << t)) continue;
      const pts = this.points[c]!;
      // The highest live card of its suit (lowest index) cannot be beaten within the suit.
      const top = (this.alive & this.suitMask[this.suit[c]!]! & ((1 << c) - 1) & ~(t >= 0 ? 1 << t : 0)) === 0;
      let score: number;
      if (step === 0) score = (top ? 64 + pts : -pts) + (c === hint ? 1000 : 0);
      else if (this.beats(c, w, tricksLeft)) score = step === 3 || top ? 72 + pts : 48 + pts;
      else if (partnerWins) score = 40 + pts;
      else score = -pts - this.strength[c]! / 8;
      this.moves[at + n] = c;
      this.scores[at + n] = score * 4096 + Math.min(4095, this.history[p * MAX_CARDS + c]!);
      n++;
    }
    sortMovesByScore(this.moves, this.scores, at, n);
    const maximizing = mine === 1;
    let best = maximizing ? -1 : 1000;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const c = this.moves[at + i]!;
      const bit = 1 << c;
      if (++this.nodes > this.limit) this.aborted = true;
      this.hands[p] = this.hands[p]! ^ bit;
      this.trickCard[tb + step] = c;
      let ws = 0;
      if (step > 0) {
        ws = this.winStep[tb + step - 1]!;
        if (this.beats(c, this.trickCard[tb + ws]!, tricksLeft)) ws = step;
      }
      this.winStep[tb + step] = ws;
      let v: number;
      if (step < 3) {
        v = this.card(step + 1, leader, alpha, beta, tricksLeft);
      } else {
        const winner = (leader + ws) & 3;
        let pts = 0;
        let played = 0;
        for (let k = 0; k < 4; k++) {
          const x = this.trickCard[tb + k]!;
          pts += this.points[x]!;
          played |= 1 << x;
        }
        this.alive &= ~played;
        const gain = this.re[winner]! ? pts : 0;
        v = gain + this.boundary(winner, alpha - gain, beta - gain, tricksLeft - 1);
        this.alive |= played;
      }
      this.hands[p] = this.hands[p]! | bit;
      if (this.aborted) return best;
      if (maximizing ? v > best : v < best) {
        best = v;
        if (step === 0) bestMove = c;
      }
      if (maximizing) {
        if (best > alpha) alpha = best;
      } else if (best < beta) beta = best;
      if (alpha >= beta) {
        this.history[p * MAX_CARDS + c] = this.history[p * MAX_CARDS + c]! + tricksLeft * tricksLeft;
        break;
      }
    }
    if (step === 0) this.bestLead = bestMove;
    return best;
  }
}
