import * as cards from './cards.js';
import { WinTable } from '../win-table.js';

// Local aliases: some loaders (tsx's CommonJS output) turn every use of an imported binding
// into a getter call, which costs more than the search itself.
const CARD_AT = cards.CARD_AT;
const CARD_COUNT = cards.CARD_COUNT;
const CLASS = cards.CLASS;
const FACE = cards.FACE;
const GS_INDEX = cards.GS_INDEX;
const PAGAT_INDEX = cards.PAGAT_INDEX;
const RANK = cards.RANK;
const countedPoints = cards.countedPoints;

/**
 * A Droggn play position at a trick boundary (docs/rules/droggn.md#play–docs/rules/droggn.md#counting), declarer against the two
 * defenders as one team, all cards known. Position 0 is the declarer, 1 and 2 the defenders
 * in the order of play (clockwise from his left).
 */
export interface DroggnPosition {
  /** Card indices (see `cards.ts`) held by positions 0, 1, 2; equal sizes. */
  hands: number[][];
  /** Position that leads the next trick. */
  leader: number;
  /** Face total and card count of the declarer's pile so far (tricks + discard/talon). */
  declarerFace: number;
  declarerCards: number;
  /** The same for the defenders' pile. */
  defenderFace: number;
  defenderCards: number;
  /** Position holding a laid-out Pagat (played only as the last legal card, docs/rules/droggn.md#play), or −1. */
  pagatLaidOutBy: number;
}

export interface SolverSwitches {
  transpositionTable?: boolean;
  moveOrdering?: boolean;
  equivalentCards?: boolean;
}

/**
 * Alpha-beta on the win question "does the declarer reach `threshold` counted points with best
 * play of both sides?" (docs/rules/droggn.md#scoring, `winThreshold` 37 or 38; the Pagat items and the Match
 * are not part of the value: a Match is a win in any case). Search per card; a transposition
 * table at trick boundaries keyed by the remaining cards, the leader and the piles so far;
 * cheap bounds (adding cards never lowers a counted pile, docs/rules/droggn.md#counting); equivalent cards (same class,
 * same face, nothing of the others' in between) searched once; simple move ordering.
 */
export class DroggnSolver {
  nodes = 0;
  private maxNodes = Infinity;
  private aborted = false;
  private readonly owner = new Int8Array(CARD_COUNT);
  private hands: number[][] = [];
  private decFace = 0;
  private decCards = 0;
  private defFace = 0;
  private defCards = 0;
  private threshold = 37;
  private pagatBy = -1;
  private keyLo = 0;
  private keyHi = 0;
  private readonly trick = [0, 0, 0];
  private readonly tt = new WinTable(20);
  private readonly useTt: boolean;
  private readonly useOrdering: boolean;
  private readonly useEquivalence: boolean;

  constructor(switches: SolverSwitches = {}) {
    this.useTt = switches.transpositionTable ?? true;
    this.useOrdering = switches.moveOrdering ?? true;
    this.useEquivalence = switches.equivalentCards ?? true;
  }

  /** Does the declarer reach `threshold`? `null` when the node budget ran out. */
  reaches(p: DroggnPosition, threshold = 37, maxNodes = Infinity): boolean | null {
    this.load(p, threshold, maxNodes);
    const r = this.search(0, p.leader);
    return this.aborted ? null : r;
  }

  private load(p: DroggnPosition, threshold: number, maxNodes: number): void {
    this.owner.fill(-1);
    this.keyLo = 0;
    this.keyHi = 0;
    p.hands.forEach((h, pos) => {
      for (const c of h) {
        this.owner[c] = pos;
        if (c < 33) this.keyLo += 2 ** c;
        else this.keyHi += 2 ** (c - 33);
      }
    });
    // Strong cards first inside the lists: the order in which moves are generated.
    this.hands = p.hands.map((h) => [...h].sort((a, b) => CLASS[a]! - CLASS[b]! || RANK[b]! - RANK[a]!));
    this.decFace = p.declarerFace;
    this.decCards = p.declarerCards;
    this.defFace = p.defenderFace;
    this.defCards = p.defenderCards;
    this.pagatBy = p.pagatLaidOutBy;
    this.threshold = threshold;
    this.maxNodes = maxNodes;
    this.nodes = 0;
    this.aborted = false;
    this.tt.clear();
  }

  /** Legal cards of `pos` after `k` cards of the current trick (docs/rules/droggn.md#play). */
  legal(pos: number, k: number): number[] {
    let ref = -1;
    for (let i = 0; i < k; i++)
      if (this.trick[i] !== GS_INDEX) {
        ref = this.trick[i]!;
        break;
      }
    const hand = this.hands[pos]!.filter((c) => this.owner[c] === pos);
    let out = hand;
    if (ref >= 0) {
      const cls = CLASS[ref]!;
      const follow = hand.filter((c) => CLASS[c] === cls || c === GS_INDEX);
      if (follow.some((c) => c !== GS_INDEX)) out = follow;
      else if (cls !== 0) {
        const trumps = hand.filter((c) => CLASS[c] === 0 || c === GS_INDEX);
        if (trumps.some((c) => c !== GS_INDEX)) out = trumps;
      }
    }
    if (this.pagatBy === pos && out.length > 1) out = out.filter((c) => c !== PAGAT_INDEX);
    return out;
  }

  private search(k: number, leader: number): boolean {
    if (this.aborted) return false;
    if (++this.nodes > this.maxNodes) {
      this.aborted = true;
      return false;
    }
    let keyB = 0;
    if (k === 0) {
      if (countedPoints(this.decFace, this.decCards) >= this.threshold) return true;
      if (74 - countedPoints(this.defFace, this.defCards) < this.threshold) return false;
      if (this.useTt) {
        // 33 bits of cards, 2 of leader, 7 of face, 7 of count: 49 bits, exact in a double
        keyB = this.keyHi * 65536 + (leader | (this.decFace << 2) | (this.decCards << 9));
        const hit = this.tt.get(this.keyLo, keyB);
        if (hit >= 0) return hit === 1;
      }
    }
    const pos = (leader + k) % 3;
    const declarerMoves = pos === 0;
    let moves = this.legal(pos, k);
    if (this.useEquivalence) moves = this.reduce(moves, pos);
    if (this.useOrdering) moves = this.order(moves, pos, k, leader);
    let result = !declarerMoves;
    for (const c of moves) {
      this.owner[c] = 3; // on the table: blocks equivalences, not in any hand
      if (c < 33) this.keyLo -= 2 ** c;
      else this.keyHi -= 2 ** (c - 33);
      this.trick[k] = c;
      let r: boolean;
      if (k < 2) r = this.search(k + 1, leader);
      else r = this.finishTrick(leader);
      this.owner[c] = pos;
      if (c < 33) this.keyLo += 2 ** c;
      else this.keyHi += 2 ** (c - 33);
      if (this.aborted) return false;
      if (r === declarerMoves) {
        result = r;
        break;
      }
    }
    if (k === 0 && this.useTt) this.tt.set(this.keyLo, keyB, result);
    return result;
  }

  private finishTrick(leader: number): boolean {
    const w = (leader + this.winnerIndexOf(3)) % 3;
    let df = 0,
      dc = 0,
      ef = 0,
      ec = 0;
    const played = [this.trick[0]!, this.trick[1]!, this.trick[2]!];
    for (let i = 0; i < 3; i++) {
      const c = played[i]!;
      // The Gstieß stays with the side that played it (docs/rules/droggn.md#play).
      const toDeclarer = c === GS_INDEX ? (leader + i) % 3 === 0 : w === 0;
      if (toDeclarer) {
        df += FACE[c]!;
        dc++;
      } else {
        ef += FACE[c]!;
        ec++;
      }
      this.owner[c] = -1;
    }
    this.decFace += df;
    this.decCards += dc;
    this.defFace += ef;
    this.defCards += ec;
    const r = this.hands[0]!.some((c) => this.owner[c] === 0)
      ? this.search(0, w)
      : countedPoints(this.decFace, this.decCards) >= this.threshold;
    this.decFace -= df;
    this.decCards -= dc;
    this.defFace -= ef;
    this.defCards -= ec;
    for (let i = 0; i < 3; i++) {
      this.owner[played[i]!] = 3;
      this.trick[i] = played[i]!; // the next trick overwrote them
    }
    return r;
  }

  /** Drop a card when the next stronger card of its class is the mover's too and equally worth. */
  private reduce(moves: number[], pos: number): number[] {
    if (moves.length < 2) return moves;
    const out: number[] = [];
    let prev = -1;
    for (const c of moves) {
      // moves are sorted by class, then rank descending (the hand lists' order)
      if (prev >= 0 && CLASS[prev] === CLASS[c] && FACE[prev] === FACE[c] && this.adjacent(prev, c, pos)) continue;
      out.push(c);
      prev = c;
    }
    return out;
  }

  private adjacent(high: number, low: number, pos: number): boolean {
    const row = CARD_AT[CLASS[high]!]!;
    for (let r = RANK[high]! - 1; r > RANK[low]!; r--) {
      const o = this.owner[row[r]!]!;
      if (o !== -1 && o !== pos) return false;
    }
    return true;
  }

  private order(moves: number[], pos: number, k: number, leader: number): number[] {
    if (moves.length < 2) return moves;
    const mySide = (p: number): boolean => (p === 0) === (pos === 0);
    const scored = moves.map((c) => {
      this.trick[k] = c;
      let s: number;
      if (k === 0) s = CLASS[c] === 0 ? RANK[c]! : FACE[c]! >= 4 ? -10 + RANK[c]! : RANK[c]! - 5;
      else {
        const wi = this.winnerIndexOf(k + 1);
        const winning = wi >= 0 && mySide((leader + wi) % 3);
        s = winning ? 100 + (k === 2 ? FACE[c]! * 4 - RANK[c]! / 30 : RANK[c]!) : -FACE[c]! * 4 - RANK[c]! / 30;
      }
      return { c, s };
    });
    scored.sort((a, b) => b.s - a.s);
    return scored.map((x) => x.c);
  }

  /** Winner index among the first `n` cards of the current trick (−1: only the Gstieß so far); the Gstieß never wins. */
  private winnerIndexOf(n: number): number {
    const t = this.trick;
    let best = -1;
    for (let i = 0; i < n; i++) {
      const c = t[i]!;
      if (c === GS_INDEX) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const b = t[best]!;
      const ct = CLASS[c] === 0,
        bt = CLASS[b] === 0;
      if (ct !== bt) {
        if (ct) best = i;
        continue;
      }
      if (CLASS[c] === CLASS[b] && RANK[c]! > RANK[b]!) best = i;
    }
    return best;
  }
}
