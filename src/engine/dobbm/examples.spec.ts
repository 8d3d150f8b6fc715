/**
 * The worked examples of the source texts (S1 and S2 of docs/rules/README.md#sources), played through
 * real hands from the hand records in fixtures.testkit.ts. Every expected figure is worked out by
 * hand from docs/rules/dobbm.md#cards card values and docs/rules/dobbm.md#scoring:
 *   72 at 60 Schilling: |72−60|·60/60 = 12 per opponent, ×4 (Schwacher + Retour) = 48;
 *   the Solo doubles it: 96. Declarer: ×3 (four players) or ×4 (five, the dealer pays too).
 *   76 at 12: 16·12/60 = 3.2 → 4, Solo ×2 = 8, Schwacher ×2 = 16 (rounding first, S1).
 */
import { replayOrThrow } from '../core/replay.js';
import { dobbm } from './index.js';
import { allGut, s1Examples, s1Record, schwacherAndRetour, throwIns72, throwIns76, type DobbmHandRecord } from './fixtures.testkit.js';

function resultOf(record: DobbmHandRecord) {
  const { states } = replayOrThrow(dobbm, record);
  return dobbm.result(states[states.length - 1]!)!;
}

describe('S1 worked examples through hand records', () => {
  it.each(s1Examples)('$name → $scores', ({ record, cardPoints, multiplier, scores }) => {
    const r = resultOf(record);
    expect(r.status).toBe('finished');
    expect(r.declarer).toBe(0);
    expect(r.contract).toBe(record.actions[0]!['bid']);
    expect(r.parties).toEqual({ declarer: [0], defenders: [1, 2, 3] });
    expect(r.cardPoints).toEqual({ declarer: cardPoints, defenders: 120 - cardPoints });
    expect(r.multiplier).toBe(multiplier);
    expect(r.scores).toEqual(scores);
  });

  it('a Dobbm with 72 points at 12 Schilling: 12·12/60 = 2.4 → 3, ×4 = 12 each', () => {
    expect(resultOf(s1Record('dobbm', {}, throwIns72, schwacherAndRetour)).scores).toEqual([36, -12, -12, -12]);
  });
});

describe('exact rounding through a hand (docs/rules/dobbm.md#scoring `rounding: exact`)', () => {
  it('72 at 12 with Schwacher and Retour: 2.40 × 4 = 9.60 each, 28.80 for the declarer', () => {
    expect(resultOf(s1Record('dobbm', { rounding: 'exact' }, throwIns72, schwacherAndRetour)).scores).toEqual([28.8, -9.6, -9.6, -9.6]);
  });
  it('five players, stake 7, Solo 76: 16·7/60 × 2 = 3.7333… → 3.73 each (the amount is rounded, not the base), 14.92 in all', () => {
    expect(resultOf(s1Record('solo', { rounding: 'exact', stake: 7, players: 5 }, throwIns76, allGut)).scores).toEqual([
      14.92, -3.73, -3.73, -3.73, -3.73,
    ]);
  });
});
