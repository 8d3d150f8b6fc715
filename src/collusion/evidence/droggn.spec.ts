import { seededRng } from '../../engine/core/rng.js';
import type { Action } from '../../engine/core/types.js';
import { DECK, droggn, heuristicBot } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { pairStatistics, type AuditHand } from '../pairs/pairs.js';
import { handEvidence, doubledPart, winProbabilityFor } from './droggn.js';
import { replayOrThrow } from '../../engine/index.js';
import { playBotHand } from '../sim/bot-hand.js';
import { expectEveryCallListed } from './evidence.testkit.js';
import { shuffled } from '../../solvers/droggn/position.js';

const range = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** Dealer 0: seat 1 (a0) bids Ansager, the others pass, the declarer discards the talon and buys nothing. */
function scriptedAnsager(hands: string[][], talon: string[], seed: number) {
  const options = defaultOptions();
  const bids = (['ansager', 'pass', 'pass'] as const).map((bid, i): Action => ({ seat: [1, 2, 0][i]!, type: 'bid', bid }));
  const script: Action[] = [
    ...bids,
    { seat: 1, type: 'discard', cards: talon },
    { seat: 1, type: 'buy', card: null },
    { seat: 1, type: 'ready', layout: null },
  ];
  const bots = [0, 1, 2].map(() => heuristicBot());
  return playBotHand(droggn, { game: 'droggn', options, rules: {}, source: { hands, talon }, dealer: 0 }, bots, seededRng(seed), script);
}

describe('Droggn evidence for every doubling call (docs/rules/droggn.md#doubling, docs/rules/droggn.md#scoring)', () => {
  const options = defaultOptions();
  // Bold bidders and doublers, so that most hands carry Schwacher and Retour chains.
  const bots = [0, 1, 2].map(() => heuristicBot({ bidBias: 6, doubleBias: 12 }));
  const rng = seededRng(99);
  const hands = Array.from({ length: 10 }, (_, i) =>
    playBotHand(droggn, { game: 'droggn', options, rules: {}, source: { deck: shuffled(DECK, rng) }, dealer: i % 3 }, bots, rng),
  );

  it('lists every call with its caller and the multiplier before it; probabilities in [0, 1]', () => {
    let calls = 0;
    for (const h of hands) {
      const ev = handEvidence(h.record, { samples: 3, seed: 1 });
      calls += expectEveryCallListed(ev.calls, h.record.actions);
      for (const c of ev.calls) {
        expect([0, 1]).toContain(c.winTrue);
        expect(c.role).toBe(c.seat === ev.declarer ? 'declarer' : 'defender');
      }
      if (ev.declarer !== null) expect(ev.defenders).toEqual([...h.final.defenders]);
    }
    expect(calls).toBeGreaterThan(10);
  });

  it("the money moved by the doubles adds up to the doubled part of the declarer's score", () => {
    let checked = 0;
    for (const h of hands) {
      const result = droggn.result(h.final)!;
      if (result.declarer === null) continue;
      const ev = handEvidence(h.record, { samples: 1, seed: 1 });
      const moved = ev.calls.reduce((a, c) => a + c.valueToDeclarer, 0);
      const m = result.multiplier;
      const items = (result.details!['pagatItems'] as { item: string; side: string; points: number }[])
        .filter((it) => it.item !== 'laidOut')
        .reduce((a, it) => a + (it.side === 'declarer' ? it.points : -it.points), 0);
      // declarer's zero-sum score = (n − 1)·Δ, Δ = part·m + undoubled items; doubles moved part·(m − 1)
      const score = result.scores[result.declarer]!;
      const part = doubledPart(h.final)!;
      expect(score).toBeCloseTo(2 * (part * m + (h.final.contract === 'supermord' ? 0 : items)), 6);
      expect(moved).toBeCloseTo(part * (m - 1) * 2 * options.stake, 6);
      if (m > 1) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("overwhelming trumps: the declarer's estimate is high; a hopeless hand: low", () => {
    // Seat 1 declares. Strong: T2–T21 and the Gstieß.
    const strongDecl = [...range('T', 2, 21), 'GS'];
    const rest = shuffled(
      DECK.filter((c) => !strongDecl.includes(c)),
      seededRng(5),
    );
    const strongTalon = ['S4', 'S5', 'S6'];
    const others = rest.filter((c) => !strongTalon.includes(c));
    const strong = scriptedAnsager([others.slice(0, 21), strongDecl, others.slice(21, 42)], strongTalon, 1);
    // Hopeless: 21 low suit cards, no trump, no king; the talon three more.
    const weakDecl = [
      'S4',
      'S5',
      'S6',
      'S7',
      'S8',
      'S9',
      'S10',
      'C4',
      'C5',
      'C6',
      'C7',
      'C8',
      'C9',
      'C10',
      'H7',
      'H6',
      'H5',
      'H4',
      'H3',
      'H2',
      'H1',
    ];
    const weakTalon = ['D7', 'D6', 'D5'];
    const rest2 = shuffled(
      DECK.filter((c) => !weakDecl.includes(c) && !weakTalon.includes(c)),
      seededRng(6),
    );
    const weak = scriptedAnsager([rest2.slice(0, 21), weakDecl, rest2.slice(21, 42)], weakTalon, 2);
    const estimate = (h: typeof strong): { p: number; true: boolean | null; defender: number } => {
      const r = replayOrThrow(droggn, h.record);
      const at = r.actions.findIndex((a) => a.type === 'double');
      const s = r.states[at]!;
      const ev = handEvidence(r, { samples: 1, seed: 3 });
      return { p: winProbabilityFor(s, 1, 40, seededRng(7)).p, true: ev.declarerWinsTrue, defender: ev.calls[0]!.winProbabilityCaller };
    };
    const hi = estimate(strong);
    const lo = estimate(weak);
    expect(hi.p).toBeGreaterThanOrEqual(0.9);
    expect(hi.true).toBe(true);
    expect(lo.p).toBeLessThanOrEqual(0.1);
    expect(lo.true).toBe(false);

    // Asked for, the declarer's own estimate is in the evidence; the callers' estimates stay as they were.
    for (const [h, high] of [
      [strong, true],
      [weak, false],
    ] as const) {
      const plain = handEvidence(h.record, { samples: 20, seed: 3 });
      const own = handEvidence(h.record, { samples: 20, seed: 3, declarerEstimate: true });
      expect(plain.declarerWinProbability).toBeUndefined();
      expect(own.calls).toEqual(plain.calls);
      if (high) expect(own.declarerWinProbability).toBeGreaterThanOrEqual(0.9);
      else expect(own.declarerWinProbability).toBeLessThanOrEqual(0.1);
    }
  });

  it('plugs into the game-agnostic pair statistics', () => {
    const ids = ['ann', 'bob', 'cid'];
    const audit: AuditHand[] = hands.map((h, i) => ({
      handId: `h${i}`,
      sequence: i,
      players: ids,
      evidence: handEvidence(h.record, { samples: 2, seed: i, defendersOnly: true }),
    }));
    const rows = pairStatistics(audit, { seed: 1, monteCarloPermutations: 200 });
    const pairsSeen = new Set(
      audit.flatMap((a) =>
        a.evidence.declarer === null ? [] : a.evidence.calls.map((c) => `${ids[a.evidence.declarer!]}>${ids[c.seat]}`),
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const key of pairsSeen) expect(rows.some((r) => `${r.declarer}>${r.defender}` === key)).toBe(true);
    for (const r of rows) {
      expect(r.p).toBeGreaterThan(0);
      expect(r.p).toBeLessThanOrEqual(1);
      expect(r.calls).toBe(
        audit.reduce(
          (a, h) =>
            a + (ids[h.evidence.declarer ?? -1] === r.declarer ? h.evidence.calls.filter((c) => ids[c.seat] === r.defender).length : 0),
          0,
        ),
      );
    }
  });
});
