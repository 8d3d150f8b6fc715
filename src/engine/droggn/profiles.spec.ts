/**
 * Droggn under whole random rule profiles (every option of docs/rules/droggn.md, every value, nested
 * and flat spellings), sessions of hands played by the random and heuristic bots.
 */
import fc from 'fast-check';
import { handProblems, playDrawn, sessionArb, type Bot, type DrawnSession } from '../core/profiles.testkit.js';
import type { Rng } from '../core/rng.js';
import type { Action } from '../core/types.js';
import { heuristicBot, randomBot } from './bots.js';
import { DECK } from './cards.js';
import { droggn } from './index.js';
import { optionSchema } from './options.js';
import { checkViews } from './views.testkit.js';
import type { DroggnState } from './state.js';

const BOTS: Bot<DroggnState>[] = [randomBot, heuristicBot(), heuristicBot({ bidBias: 8, doubleBias: 10 })];

const play = (drawn: DrawnSession) => playDrawn(droggn, drawn, BOTS, { interject: reportNowAndThen });

/** `irregularities: penalize`: now and then a seat reports an offence by an active seat (docs/rules/droggn.md#irregularities). */
function reportNowAndThen(s: DroggnState, rng: Rng): Action | null {
  if (s.options.irregularities !== 'penalize' || s.declarer === null || s.phase === 'over' || rng.next() >= 0.06) return null;
  return { seat: rng.int(s.options.players), type: 'irregularity', offender: rng.pick(s.active) };
}

const RUNS = 25;

describe('Droggn under random rule profiles', () => {
  it('scores are zero-sum, replay from the deal gives the live state, every listed action applies', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        for (const hand of played) expect(handProblems(droggn, options, hand)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('74 card points; a deal played to trick 21 has the whole pack in tricks and discard or talon; scores are the zero-sum view of Δ (docs/rules/droggn.md#settlement)', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { options, played } = play(drawn);
        for (const { final } of played) {
          const r = droggn.result(final)!;
          if (r.status !== 'finished') continue;
          if (r.cardPoints) expect(r.cardPoints['declarer']! + r.cardPoints['defenders']!).toBe(74);
          const delta = r.details!['delta'] as number;
          r.scores.forEach((v, seat) => expect(v).toBe(seat === r.declarer ? delta * (options.players - 1) : -delta));
          if (final.tricks.length === 21) {
            const aside = final.discard ?? final.talon;
            expect([...final.tricks.flatMap((t) => t.plays.map((p) => p.card)), ...aside].sort()).toEqual([...DECK].sort());
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('no view holds a card its viewer may not know', () => {
    fc.assert(
      fc.property(sessionArb(optionSchema), (drawn) => {
        const { played } = play(drawn);
        for (const { states } of played) for (const s of states) checkViews(s);
      }),
      { numRuns: RUNS / 5 },
    );
  });

  it('a reported irregularity books docs/rules/droggn.md#irregularities: the offending side loses B (+20 for a laid-out Pagat) × m, a Mord V × m', () => {
    let reports = 0;
    fc.assert(
      fc.property(sessionArb(optionSchema, { irregularities: fc.constant('penalize') }), (drawn) => {
        const { options, played } = play(drawn);
        for (const { final } of played.filter((h) => h.final.irregularity !== null)) {
          reports++;
          const m = 2 ** final.calls.filter((c) => c.call !== 'gut').length;
          const pagat = final.layouts.some((l) => l.card === 'T1');
          const laidOut = final.layouts.some((l) => l.seat === final.declarer);
          const lost =
            final.contract === 'supermord'
              ? (laidOut ? 187 : 167) * m
              : ({ ansager: 20, solo: 40, super: 80 } as const)[final.contract!] * m + (pagat ? 20 * m : 0);
          const delta = final.irregularity!.offender === final.declarer ? -lost : lost;
          const expected = Array.from({ length: options.players }, (_, seat) =>
            seat === final.declarer ? delta * (options.players - 1) : -delta,
          );
          expect(droggn.result(final)!.scores).toEqual(expected);
        }
      }),
      { numRuns: RUNS },
    );
    expect(reports).toBeGreaterThan(10); // the property saw reports to check
  });
});
