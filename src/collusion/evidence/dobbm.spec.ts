import { games, seededRng } from '../../engine/index.js';
import { defaultOptions, dobbm, heuristicBot, DOBBM_DECK } from '../../engine/dobbm/index.js';
import { handEvidence } from './dobbm.js';
import { shuffled } from '../../solvers/dobbm/random-position.js';
import { playBotHand } from '../sim/bot-hand.js';
import { expectEveryCallListed } from './evidence.testkit.js';

describe('evidence for every doubling call (docs/rules/dobbm.md#doubling, docs/rules/dobbm.md#scoring)', () => {
  const options = defaultOptions();
  // Eager doublers, so that most hands carry Schwacher and Retour chains.
  const bots = [0, 1, 2, 3].map(() => heuristicBot({ tilt: 20, noise: 6, maxDoublings: 4 }));
  const rng = seededRng(99);
  const hands = Array.from({ length: 12 }, (_, i) =>
    playBotHand(dobbm, { game: 'dobbm', options, rules: {}, source: { deck: shuffled(DOBBM_DECK, rng) }, dealer: i % 4 }, bots, rng),
  );

  it('lists every call — Gut as well as Schwacher and Retour — with its caller and the multiplier before it', () => {
    for (const h of hands) {
      const ev = handEvidence(h.record, { samples: 2, seed: 1, maxNodesPerSolve: 5000 });
      expectEveryCallListed(ev.calls, h.record.actions);
    }
  });

  it("the money moved by the doubles adds up to the declarer's gain beyond the undoubled game", () => {
    let checked = 0;
    for (const h of hands) {
      const result = games.dobbm.result(h.final)!;
      if (result.declarer === null) continue;
      const ev = handEvidence(h.record, { samples: 1, seed: 1, maxNodesPerSolve: 2000 });
      const moved = ev.calls.reduce((a, c) => a + c.valueToDeclarer, 0);
      // With m = 2^k, the doublings account for (m − 1)/m of what the declarer won or lost.
      const declarerScore = result.scores[result.declarer]!;
      expect(moved).toBe((declarerScore * (result.multiplier - 1)) / result.multiplier || 0);
      if (result.multiplier > 1) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('five players and Solo: the sitting-out dealer pays too, and the money still adds up', () => {
    const five = defaultOptions({ players: 5 });
    const eager = [0, 1, 2, 3, 4].map(() => heuristicBot({ tilt: 15, noise: 8, soloThreshold: 40 }));
    const r = seededRng(4);
    let solos = 0;
    for (let i = 0; i < 12; i++) {
      const h = playBotHand(
        dobbm,
        { game: 'dobbm', options: five, rules: { players: 5 }, source: { deck: shuffled(DOBBM_DECK, r) }, dealer: i % 5 },
        eager,
        r,
      );
      const result = games.dobbm.result(h.final)!;
      if (result.declarer === null) continue;
      if (result.contract === 'solo') solos++;
      const ev = handEvidence(h.record, { samples: 1, seed: i, maxNodesPerSolve: 2000 });
      expect(ev.defenders).not.toContain(h.final.dealer);
      const moved = ev.calls.reduce((a, c) => a + c.valueToDeclarer, 0);
      const declarerScore = result.scores[result.declarer]!;
      expect(moved).toBe((declarerScore * (result.multiplier - 1)) / result.multiplier || 0);
    }
    expect(solos).toBeGreaterThan(0);
  });
});
