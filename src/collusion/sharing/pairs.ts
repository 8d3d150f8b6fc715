import { seededRng } from '../../engine/core/rng.js';
import type { SharingEvidence, SharingMoment } from './evidence.js';
import { subsetSumTest, tierPairs, type SubsetSumOptions, type SubsetSumTest } from '../pairs/subset-sum.js';

/** One audited hand: the player per seat and its card-sharing evidence. */
export interface SharingHand {
  handId: string;
  players: string[];
  evidence: SharingEvidence;
}

export interface SharingPairOptions extends SubsetSumOptions {
  seed?: number;
  /** Tier "review": q ≤ this (default 0.05). */
  reviewQ?: number;
  /** Tier "strong": p < this / number of tested pairs (default 1e-4). */
  strongAlpha?: number;
  /**
   * How a moment counts in its unit: `choice` (default) each alike; `worth` by what the informed
   * best is worth over the seer's own (points, a moment whose worth is unknown counts nothing) —
   * a player who is told the cards gains most where they change the best move most. Either way a
   * unit's score reads only the seer's own moments, so the permutation test stays valid.
   */
  weight?: 'choice' | 'worth';
}

/** An ordered pair: does `seer` play as if he saw `seen`'s cards? */
export interface SharingPairRow extends SubsetSumTest {
  seer: string;
  seen: string;
  /** Hands both sat in: the pair's units. */
  hands: number;
  /** Moments (the two bests differed) with this seat, and how many times the informed best was taken. */
  moments: number;
  informed: number;
  /** The seer's share of informed choices with this player, and with everybody else. */
  rate: number;
  rateOthers: number;
  /** Σ over the pair's moments of (informed choice − the seer's own rate for that kind of decision). */
  score: number;
  q: number;
  tier: 'strong' | 'review' | null;
  /** Both directions reach the review tier. */
  mutual: boolean;
}

interface Unit {
  seen: string;
  score: number;
  moments: number;
  informed: number;
}

/**
 * Ordered pairs (X sees Y). A unit is a hand X played with Y at the table, scored
 *   s = Σ_{moments of X with Y} (c − r_X,kind),
 * c = 1 when X took the action that is best with Y's hand in view, r_X,kind X's own rate of that
 * over all his moments of this kind of decision (with anyone): a player who plays close to the
 * valuer's best takes the informed one often with everybody. An honest X's choices depend on his
 * information only, so his units have the same distribution whoever Y is; the test conditions on
 * X's units and permutes the other-seat labels among them (subset-sum.ts).
 */
export function sharingPairStatistics(hands: readonly SharingHand[], options: SharingPairOptions = {}): SharingPairRow[] {
  const rng = seededRng(options.seed ?? 1);
  const reviewQ = options.reviewQ ?? 0.05;
  const strongAlpha = options.strongAlpha ?? 1e-4;
  const rate = new Map<string, { n: number; k: number }>();
  for (const h of hands)
    for (const m of h.evidence.moments) {
      const k = key(h.players[m.seat]!, m.kind);
      const r = rate.get(k) ?? { n: 0, k: 0 };
      rate.set(k, { n: r.n + 1, k: r.k + (m.choseInformed ? 1 : 0) });
    }
  const rateOf = (x: string, kind: string): number => {
    const r = rate.get(key(x, kind));
    return r && r.n ? r.k / r.n : 0;
  };

  const weightOf = (m: SharingMoment): number => (options.weight === 'worth' ? (Number.isFinite(m.worth) ? Math.max(0, m.worth) : 0) : 1);
  const unitsBySeer = new Map<string, Unit[]>();
  for (const h of hands) {
    h.players.forEach((x, seat) => {
      const list = unitsBySeer.get(x) ?? unitsBySeer.set(x, []).get(x)!;
      h.players.forEach((y, other) => {
        if (other === seat || y === x) return;
        const mine = h.evidence.moments.filter((m) => m.seat === seat && m.other === other);
        const score = mine.reduce((a, m) => a + weightOf(m) * ((m.choseInformed ? 1 : 0) - rateOf(x, m.kind)), 0);
        list.push({ seen: y, score, moments: mine.length, informed: mine.filter((m) => m.choseInformed).length });
      });
    });
  }

  const rows: SharingPairRow[] = [];
  for (const [x, units] of unitsBySeer) {
    const all = units.map((u) => u.score);
    const totals = units.reduce((a, u) => ({ moments: a.moments + u.moments, informed: a.informed + u.informed }), {
      moments: 0,
      informed: 0,
    });
    const bySeen = new Map<string, Unit[]>();
    for (const u of units) (bySeen.get(u.seen) ?? bySeen.set(u.seen, []).get(u.seen)!).push(u);
    for (const [y, mine] of bySeen) {
      const score = mine.reduce((a, u) => a + u.score, 0);
      const moments = mine.reduce((a, u) => a + u.moments, 0);
      const informed = mine.reduce((a, u) => a + u.informed, 0);
      const test = subsetSumTest(all, mine.length, score, rng, options);
      const othersMoments = totals.moments - moments;
      rows.push({
        seer: x,
        seen: y,
        hands: mine.length,
        moments,
        informed,
        rate: moments ? informed / moments : 0,
        rateOthers: othersMoments ? (totals.informed - informed) / othersMoments : 0,
        score,
        ...test,
        q: 1,
        tier: null,
        mutual: false,
      });
    }
  }

  return tierPairs(rows, (r) => [r.seer, r.seen], { reviewQ, strongAlpha });
}

const key = (a: string, b: string): string => `${a}\u0000${b}`;
