import { seededRng } from '../../engine/core/rng.js';
import type { CallEvidence } from '../evidence/dobbm.js';
import { pairStatistics, type AuditHand } from './pairs.js';
import { defenderCall, handOf } from './pairs.testkit.js';

/**
 * A synthetic log. Twelve players; honest defenders double when their own information says the
 * declarer is weak (with very different habits: "R" is reckless and doubles half the time,
 * "S" is a strong declarer who wins 90 % of his games). One planted pair: when "A" declares
 * and will win, "B" doubles.
 */
function syntheticLog(hands: number, seed: number): AuditHand[] {
  const rng = seededRng(seed);
  const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'R', 'S'];
  const out: AuditHand[] = [];
  for (let i = 0; i < hands; i++) {
    const pool = players.slice();
    const seated: string[] = [];
    // A and B like to sit together.
    if (rng.next() < 0.5) seated.push('A', 'B');
    while (seated.length < 4) {
      const p = pool[rng.int(pool.length)]!;
      if (!seated.includes(p)) seated.push(p);
    }
    const order = seated.sort(() => rng.next() - 0.5);
    const declarer = rng.int(4);
    const x = order[declarer]!;
    const winTrue = rng.next() < (x === 'S' ? 0.9 : 0.55) ? 1 : 0;
    const calls: CallEvidence[] = [];
    const defenders = [1, 2, 3].map((k) => (declarer + k) % 4);
    for (const seat of defenders) {
      const y = order[seat]!;
      const pCaller = Math.min(1, Math.max(0, 0.55 + (winTrue - 0.55) * 0.3 + (rng.next() - 0.5) * 0.6));
      let doubles = rng.next() < (y === 'R' ? 0.5 : pCaller < 0.35 ? 0.4 : 0.04);
      if (x === 'A' && y === 'B' && winTrue === 1 && rng.next() < 0.6) doubles = true;
      calls.push(defenderCall(calls.length, seat, doubles, pCaller, winTrue));
    }
    out.push({ handId: `h${i}`, sequence: i, players: order, evidence: handOf(declarer, defenders, winTrue, calls) });
  }
  return out;
}

describe('pair statistics on a synthetic log with one planted pair', () => {
  const rows = pairStatistics(syntheticLog(6000, 5));

  it('flags the planted pair (A declares, B doubles) and ranks it first', () => {
    const planted = rows.find((r) => r.declarer === 'A' && r.defender === 'B')!;
    expect(planted.tier).not.toBeNull();
    expect(rows[0]).toBe(planted);
    expect(planted.doubleRate).toBeGreaterThan(planted.doubleRateOthers);
  });

  it('flags no honest pair — not the reckless doubler with the strong declarer either', () => {
    const honest = rows.filter((r) => !(r.declarer === 'A' && r.defender === 'B'));
    expect(honest.length).toBe(12 * 11 - 1);
    expect(honest.filter((r) => r.tier !== null)).toEqual([]);
    const sr = rows.find((r) => r.declarer === 'S' && r.defender === 'R')!;
    expect(sr.p).toBeGreaterThan(0.001);
  });

  it('a one-sided plant is not mutual', () => {
    expect(rows.find((r) => r.declarer === 'A' && r.defender === 'B')!.mutual).toBe(false);
  });
});

describe("scored against the declarer's own estimate", () => {
  /**
   * Every declarer's cards give him a chance q (his own estimate); he wins a coin of q. B doubles
   * for A when A's q is high — a signal about A's cards, which the coin only blurs. Honest
   * defenders double on their own estimate. Seeds fixed: the planted pair's p must drop by orders
   * of magnitude when the statistic reads q instead of the coin.
   */
  function cardsLog(hands: number, seed: number): AuditHand[] {
    const rng = seededRng(seed);
    const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const out: AuditHand[] = [];
    for (let i = 0; i < hands; i++) {
      const order = players
        .slice()
        .sort(() => rng.next() - 0.5)
        .slice(0, 3);
      if (i % 2 === 0 && !order.includes('A')) order[0] = 'A';
      if (order.includes('A') && !order.includes('B')) order[order[0] === 'A' ? 1 : 0] = 'B';
      const declarer = order.indexOf('A') >= 0 && rng.next() < 0.5 ? order.indexOf('A') : rng.int(3);
      const q = rng.next();
      const winTrue = rng.next() < q ? 1 : 0;
      const defenders = [1, 2].map((k) => (declarer + k) % 3);
      const calls = defenders.map((seat, k) => {
        const pCaller = Math.min(1, Math.max(0, 0.5 + (q - 0.5) * 0.3 + (rng.next() - 0.5) * 0.4));
        let doubles = rng.next() < (pCaller < 0.4 ? 0.3 : 0.05);
        if (order[declarer] === 'A' && order[seat] === 'B' && q > 0.6 && rng.next() < 0.5) doubles = true;
        return defenderCall(k, seat, doubles, pCaller, winTrue);
      });
      const evidence = handOf(declarer, defenders, winTrue, calls, { declarerWinProbability: q });
      out.push({ handId: `c${i}`, sequence: i, players: order, evidence });
    }
    return out;
  }
  const log = cardsLog(1500, 3);
  const planted = (rows: ReturnType<typeof pairStatistics>) => rows.find((r) => r.declarer === 'A' && r.defender === 'B')!;

  it('finds the planted pair from far fewer hands, and flags no honest pair', () => {
    const byResult = pairStatistics(log);
    const byOwn = pairStatistics(log, { outcome: 'declarerEstimate' });
    expect(planted(byOwn).p).toBeLessThan(planted(byResult).p / 100);
    expect(planted(byOwn).tier).not.toBeNull();
    expect(byOwn.filter((r) => r !== planted(byOwn) && r.tier !== null)).toEqual([]);
  });

  it('hands without the estimate are scored against the result', () => {
    const without = log.map((h) => ({ ...h, evidence: { ...h.evidence, declarerWinProbability: undefined } }));
    expect(pairStatistics(without, { outcome: 'declarerEstimate' })).toEqual(pairStatistics(log));
  });
});

describe('tested by the doubles against a strong declarer (strongDeclarerFrom)', () => {
  const log = syntheticLog(6000, 5);
  const rows = pairStatistics(log, { strongDeclarerFrom: 0.5 });

  it("counts, as the pair's score, the defender's doubles in the hands the declarer's outcome reached the mark", () => {
    let count = 0;
    for (const h of log) {
      const ev = h.evidence;
      if (ev.declarer === null || h.players[ev.declarer] !== 'A' || ev.calls[0]!.winTrue < 0.5) continue;
      count += ev.calls.filter((c) => h.players[c.seat] === 'B' && c.doubles).length;
    }
    const planted = rows.find((r) => r.declarer === 'A' && r.defender === 'B')!;
    expect(planted.score).toBe(count);
    expect(planted.method).toBe('exact');
  });

  it('flags the planted pair first, and no honest pair', () => {
    expect([rows[0]!.declarer, rows[0]!.defender, rows[0]!.p < 1e-3]).toEqual(['A', 'B', true]);
    expect(rows.filter((r) => r !== rows[0] && r.tier !== null)).toEqual([]);
  });
});

describe('pair statistics for a defender who almost never doubles', () => {
  /**
   * Q defends in every hand against 40 declarers and doubles once in 2,000 calls. Each pair's
   * sum is then extremely skewed; the one-term Edgeworth tail turned negative there and put
   * pairs at their mean (z ≈ −0.1) in the strong tier with p = 0 (found by the Droggn simulator);
   * here, without the fix, the pair holding the one double gets p = 5e-8 and the others 0.17.
   */
  function rareDoubler(): AuditHand[] {
    const rng = seededRng(17);
    const declarers = Array.from({ length: 40 }, (_, i) => `X${i}`);
    const out: AuditHand[] = [];
    for (let i = 0; i < 2000; i++) {
      const x = declarers[i % declarers.length]!;
      const doubles = i === 777;
      // his one double: the declarer then won against the odds, so it weighs heavily
      const winTrue = doubles || rng.next() < 0.55 ? 1 : 0;
      const pCaller = doubles ? 0.1 : Math.min(1, Math.max(0, 0.55 + (rng.next() - 0.5) * 0.6));
      const call = defenderCall(0, 1, doubles, pCaller, winTrue);
      out.push({ handId: `q${i}`, sequence: i, players: [x, 'Q'], evidence: handOf(0, [1], winTrue, [call]) });
    }
    return out;
  }
  const rows = pairStatistics(rareDoubler()).filter((r) => r.defender === 'Q');

  it('suspects nobody, and a pair at or below its expected score is never significant', () => {
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.tier !== null)).toEqual([]);
    for (const r of rows.filter((x) => x.z <= 0)) expect({ pair: r.declarer, p: r.p > 0.3 }).toEqual({ pair: r.declarer, p: true });
    expect(Math.min(...rows.map((r) => r.p))).toBeGreaterThan(0.01);
  });
});
