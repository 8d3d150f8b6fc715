import {
  doublingSpeaker,
  firstDoublingPosition,
  nextDoublingPosition,
  openCalls,
  type CallWord,
  type DoublingPosition,
} from './doubling.js';

const defenders = [1, 2, 3];
const declarer = 0;

/** Runs a dialogue and returns who spoke each call, and the final k (null position = play). */
function run(calls: CallWord[], max: number | null = null): { speakers: number[]; k: number; over: boolean } {
  let pos: DoublingPosition | null = firstDoublingPosition;
  let k = 0;
  const speakers: number[] = [];
  for (const call of calls) {
    if (pos === null) throw new Error('dialogue already over');
    expect(openCalls(pos, max)).toContain(call);
    speakers.push(doublingSpeaker(pos, defenders, declarer));
    k = pos.doublings + (call === 'gut' ? 0 : 1);
    pos = nextDoublingPosition(pos, call, defenders.length);
  }
  return { speakers, k, over: pos === null };
}

describe('Schwacher/Retour dialogue (docs/rules/dobbm.md#doubling)', () => {
  it('three gut end it undoubled', () => {
    expect(run(['gut', 'gut', 'gut'])).toEqual({ speakers: [1, 2, 3], k: 0, over: true });
  });

  it('the first Schwacher ends the round: later defenders are not asked, the declarer answers', () => {
    expect(run(['gut', 'schwacher', 'gut'])).toEqual({ speakers: [1, 2, 0], k: 1, over: true });
  });

  it('after the declarer’s Retour the defenders are asked again from D1 (docs/rules/dobbm.md#decision-9)', () => {
    const r = run(['schwacher', 'retour', 'gut', 'gut', 'retour', 'gut']);
    expect(r).toEqual({ speakers: [1, 0, 1, 2, 3, 0], k: 3, over: true });
  });

  it('the defenders’ Retour round ends with three gut', () => {
    expect(run(['schwacher', 'retour', 'gut', 'gut', 'gut'])).toEqual({ speakers: [1, 0, 1, 2, 3], k: 2, over: true });
  });

  it('a Schwacher may not be answered with another Schwacher, and the declarer says retour, not schwacher', () => {
    expect(openCalls({ step: 'declarer', index: 0, doublings: 1 }, null)).toEqual(['gut', 'retour']);
    expect(openCalls(firstDoublingPosition, null)).toEqual(['gut', 'schwacher']);
  });

  it('at the maxDoublings cap only gut is offered', () => {
    expect(openCalls({ step: 'declarer', index: 0, doublings: 2 }, 2)).toEqual(['gut']);
    expect(openCalls({ step: 'declarer', index: 0, doublings: 1 }, 2)).toEqual(['gut', 'retour']);
  });

  it('with two defenders (Droggn docs/rules/droggn.md#doubling) the round has two speakers', () => {
    expect(nextDoublingPosition({ step: 'schwacher', index: 1, doublings: 0 }, 'gut', 2)).toBeNull();
  });
});

describe('the technical limit of "unlimited" doublings', () => {
  it('offers only gut after 29 doublings even when unlimited, so money stays exact', () => {
    expect(openCalls({ step: 'declarer', index: 0, doublings: 28 }, null)).toEqual(['gut', 'retour']);
    expect(openCalls({ step: 'declarer', index: 0, doublings: 29 }, null)).toEqual(['gut']);
    // the largest score with cents then: 4 opponents × 59/60 × stake 10,000 × Solo 2 × 2^29 —
    // below 2^46, where neighbouring doubles are less than 0.01 apart (JSON keeps the cents)
    expect((4 * 59 * 10_000 * 2 * 2 ** 29) / 60).toBeLessThan(2 ** 46);
    expect(2 ** 45 + 2 ** (45 - 52)).not.toBe(2 ** 45); // doubles in [2^45, 2^46) are 2^-7 ≈ 0.0078 apart
    expect(2 ** 46 + 2 ** (46 - 52) / 2).toBe(2 ** 46); // …and 2^-6 ≈ 0.016 above 2^46
    expect((4 * 59 * 10_000 * 2 * 2 ** 30) / 60).toBeGreaterThan(2 ** 46); // why not 30
  });
});
