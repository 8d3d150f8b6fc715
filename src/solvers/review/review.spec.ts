import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gameFor, GAME_IDS, replayOrThrow } from '../../engine/index.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { playedHand } from '../search/positions.testkit.js';
import { REVIEW_RULES } from './games.js';
import { decisionAccuracy, labelOf, reviewHand, seatAccuracy, type DecisionReview } from './review.js';

const BUDGET = { worlds: 2, timeMs: Infinity, endgameTricks: 4 };

describe('labels, in each game’s points', () => {
  it.each(GAME_IDS)('%s: none below the inaccuracy threshold, then each label from its own threshold up', (game) => {
    const t = REVIEW_RULES[game].thresholds;
    expect(t.inaccuracy).toBeLessThan(t.mistake);
    expect(t.mistake).toBeLessThan(t.blunder);
    expect(labelOf(game, 0)).toBeNull();
    expect(labelOf(game, t.inaccuracy * 0.99)).toBeNull();
    expect(labelOf(game, t.inaccuracy)).toBe('inaccuracy');
    expect(labelOf(game, t.mistake)).toBe('mistake');
    expect(labelOf(game, (t.mistake + t.blunder) / 2)).toBe('mistake');
    expect(labelOf(game, t.blunder)).toBe('blunder');
    expect(labelOf(game, 100 * t.blunder)).toBe('blunder');
  });
});

describe('accuracy', () => {
  it('a decision without loss is 100 %, and it falls with the loss, never below 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (game, loss, more) => {
          const a = decisionAccuracy(game, loss);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(100);
          expect(decisionAccuracy(game, loss + more)).toBeLessThanOrEqual(a);
        },
      ),
    );
    for (const game of GAME_IDS) expect(decisionAccuracy(game, 0)).toBeCloseTo(100, 1);
  });

  it('a blunder at its threshold reads as Lichess’s blunder, a 30-point drop in winning chance: about a quarter', () => {
    for (const game of GAME_IDS) {
      const a = decisionAccuracy(game, REVIEW_RULES[game].thresholds.blunder);
      expect(a).toBeGreaterThan(20);
      expect(a).toBeLessThan(30);
    }
  });

  it('a seat’s accuracy is the mean of its unforced decisions that its player made; none, none', () => {
    const d = (loss: number, forced = false, bySubstitute = false): DecisionReview => ({
      seq: 1,
      action: { type: 'play' },
      best: { type: 'play' },
      loss,
      label: null,
      forced,
      bySubstitute,
    });
    expect(seatAccuracy('doppelkopf', [d(0, true)])).toBeNull();
    expect(seatAccuracy('doppelkopf', [d(0), d(0, true)])).toBe(100);
    const blunder = REVIEW_RULES.doppelkopf.thresholds.blunder;
    const mean = (decisionAccuracy('doppelkopf', 0) + decisionAccuracy('doppelkopf', blunder)) / 2;
    expect(seatAccuracy('doppelkopf', [d(0), d(blunder), d(0, true)])).toBeCloseTo(mean, 1);
    // What the substitute played does not count against the player, whatever it cost.
    expect(seatAccuracy('doppelkopf', [d(0), d(blunder, false, true)])).toBe(100);
    expect(seatAccuracy('doppelkopf', [d(blunder, false, true), d(0, true)])).toBeNull();
  });
});

describe('a hand’s review', () => {
  it.each(GAME_IDS)(
    '%s: every action listed once under its seat in order; forced ones loss 0 and no label; the same seed, the same review',
    (game) => {
      // a hand played out, not thrown in
      const record = [4, 5, 6, 7, 8, 9].map((deal) => playedHand({ game, rules: {} }, deal)).find((r) => r.actions.length > 16)!;
      const bySubstitute = new Set([2, record.actions.length]);
      const review = () => reviewHand(record, { seed: 9, inputOf: seatInputOf, budget: BUDGET, bySubstitute });
      const r = review();
      const listed = r.seats.flatMap((s) => s.decisions.map((d) => ({ ...d, seat: s.seat })));
      expect(listed.map((d) => d.seq).sort((a, b) => a - b)).toEqual(record.actions.map((_, i) => i + 1));
      const { states } = replayOrThrow(gameFor(game), record);
      for (const d of listed) {
        expect(record.actions[d.seq - 1]!.seat).toBe(d.seat);
        const single = gameFor(game).legalActions(states[d.seq - 1], d.seat).length === 1;
        expect(d.forced).toBe(single);
        if (single) expect(d).toMatchObject({ loss: 0, label: null });
        expect(d.loss).toBeGreaterThanOrEqual(0);
        expect(d.label).toBe(d.forced ? null : labelOf(game, d.loss));
        expect(d.bySubstitute).toBe(bySubstitute.has(d.seq));
      }
      expect(listed.some((d) => d.forced)).toBe(true);
      for (const s of r.seats) expect(s.accuracy).toBe(seatAccuracy(game, s.decisions));
      expect(review()).toEqual(r);
    },
  );
});
