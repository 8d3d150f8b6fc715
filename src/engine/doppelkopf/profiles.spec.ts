/**
 * Doppelkopf under whole random rule profiles (every option of docs/rules/doppelkopf.md, every value,
 * nested and flat spellings), sessions of hands played by the random and heuristic bots;
 * announcements come from any seat that may make one, as at the table.
 */
import fc from 'fast-check';
import { handProblems, playDrawn, sessionArb, type Bot, type DrawnSession } from '../core/profiles.testkit.js';
import { heuristicBot, randomBot } from './bots.js';
import { cardPoints } from './cards.js';
import { doppelkopf } from './index.js';
import { optionSchema } from './options.js';
import { legalActions } from './rules.js';
import { checkView } from './views.testkit.js';
import type { DokoState } from './state.js';

const BOTS: Bot<DokoState>[] = [randomBot, heuristicBot(), heuristicBot({ soloFrom: 24, announceFrom: 16 })];
const seated = (s: DokoState): number[] => s.hands.flatMap((h, seat) => (h === null ? [] : [seat]));
/** Every seat with something to do: the one to act, and anyone who may announce now (docs/rules/doppelkopf.md#announcements). */
const actors = (s: DokoState): number[] => seated(s).filter((seat) => legalActions(s, seat).length > 0);

const play = (drawn: DrawnSession) => playDrawn(doppelkopf, drawn, BOTS, { actors });

const RUNS = 30;

describe('Doppelkopf under random rule profiles', () => {
  it('scores are zero-sum, replay from the deal gives the live state, every listed action applies', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        // Announcements and the piglets declaration (before the first lead) are open to every seat.
        const anyTime = (a: { type: string }) => a.type === 'announce' || a.type === 'piglets' || a.type === 'superpiglets';
        for (const hand of played) expect(handProblems(doppelkopf, options, hand, anyTime)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('240 card points in the tricks; the active scores share one parity; Re against Kontra (solo ±3v), |v| = gameValue; a sitting-out dealer scores 0', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        for (const { final } of played) {
          const r = doppelkopf.result(final)!;
          if (options.players === 5) expect(r.scores[final.dealer]).toBe(0);
          if (r.status !== 'finished') {
            expect(r.scores.every((x) => x === 0)).toBe(true);
            continue;
          }
          expect(final.tricks.flatMap((t) => t.plays).reduce((a, p) => a + cardPoints(p.card), 0)).toBe(240);
          expect(r.cardPoints!['re']! + r.cardPoints!['kontra']!).toBe(240);
          const active = seated(final).map((seat) => r.scores[seat]!);
          expect(new Set(active.map((x) => Math.abs(x) % 2)).size).toBe(1);
          const re = r.parties!['re']!;
          const kontra = r.parties!['kontra']!;
          const vRe = r.scores[re[0]!]! / (re.length === 1 ? 3 : 1);
          for (const seat of re) expect(r.scores[seat]).toBe(re.length === 1 ? 3 * vRe : vRe);
          for (const seat of kontra) expect(r.scores[seat]).toBe(0 - vRe); // 0 − 0 is 0, not −0
          expect(Math.abs(vRe)).toBe(Math.abs(r.gameValue!));
          if (options.loserCannotGain && r.details!['winner'] !== null) expect(r.gameValue).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('no view holds a card its viewer may not know', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { played } = play(drawn);
        for (const { states } of played) for (const s of states) for (const seat of seated(s)) checkView(s, seat);
      }),
      { numRuns: RUNS / 3 },
    );
  });
});
