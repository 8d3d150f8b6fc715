import { gameValue, playerScores, type ValueInput } from './scoring.js';

/** A value input with defaults: nobody announced, both parties took tricks, no extras. */
function input(re: number, over: Partial<ValueInput> = {}): ValueInput {
  return {
    solo: false,
    cardPoints: { re, kontra: 240 - re },
    tricks: { re: 6, kontra: 6 },
    levels: { re: -1, kontra: -1 },
    extras: [],
    against90: 120,
    loserCannotGain: false,
    ...over,
  };
}
const pairs = { re: [0, 1], kontra: [2, 3] };
const solo = { re: [2], kontra: [0, 1, 3] };

describe('the scoring examples of the official rules (S4 "Examples", docs/rules/README.md#sources)', () => {
  it('no bids, Re wins with 131: +1 each Re, −1 each Kontra', () => {
    const v = gameValue(input(131));
    expect(v.winner).toBe('re');
    expect(playerScores(4, pairs, v.vRe)).toEqual([1, 1, -1, -1]);
  });

  it('Kontra, no 60 announced, Kontra gets 183: 8 points', () => {
    const v = gameValue(input(57, { levels: { re: -1, kontra: 2 } }));
    expect(v.winner).toBe('kontra');
    expect(v.gameValue).toBe(8); // won 1, elders 1, Kontra 2, <90 1, no90 1, <60 1, no60 1
    expect(playerScores(4, pairs, v.vRe)).toEqual([-8, -8, 8, 8]);
  });

  it('Re, no 60 announced, Kontra said Kontra and gets 60: Kontra wins 8', () => {
    const v = gameValue(input(180, { levels: { re: 2, kontra: 0 } }));
    expect(v.winner).toBe('kontra');
    expect(v.gameValue).toBe(8); // won 1, elders 1, Re 2, Kontra 2, no90 1, no60 1
    expect(playerScores(4, pairs, v.vRe)).toEqual([-8, -8, 8, 8]);
  });

  it('the same with Kontra getting 90: +1 for 90 against keine 60, 9 points', () => {
    const v = gameValue(input(150, { levels: { re: 2, kontra: 0 } }));
    expect(v.gameValue).toBe(9);
    expect(playerScores(4, pairs, v.vRe)).toEqual([-9, -9, 9, 9]);
  });

  it('a soloist wins without announcements with 153: soloist +6, others −2', () => {
    const v = gameValue(input(153, { solo: true }));
    expect(v.gameValue).toBe(2); // won 1, <90 1
    expect(playerScores(4, solo, v.vRe)).toEqual([-2, -2, 6, -2]);
  });

  it('a soloist announces Re, keine 90 and makes 87: soloist −18, others +6', () => {
    const v = gameValue(input(87, { solo: true, levels: { re: 1, kontra: -1 } }));
    expect(v.winner).toBe('kontra');
    expect(v.gameValue).toBe(6); // won 1, Re 2, no90 1, 120 against no90 1, <90 1
    expect(playerScores(4, solo, v.vRe)).toEqual([6, 6, -18, 6]);
  });
});

describe('winning thresholds (docs/rules/doppelkopf.md#winning)', () => {
  it('without announcements Re needs 121, Kontra wins with 120', () => {
    expect(gameValue(input(121)).winner).toBe('re');
    expect(gameValue(input(120)).winner).toBe('kontra');
  });

  it('an Absage raises the own threshold: keine 90 needs 151', () => {
    expect(gameValue(input(151, { levels: { re: 1, kontra: -1 } })).winner).toBe('re');
    expect(gameValue(input(150, { levels: { re: 1, kontra: -1 } })).winner).toBe('kontra');
  });

  it('schwarz announced is won only by taking every trick', () => {
    const won = gameValue(input(240, { levels: { re: 4, kontra: -1 }, tricks: { re: 12, kontra: 0 } }));
    expect(won.winner).toBe('re');
    const lost = gameValue(input(240, { levels: { re: 4, kontra: -1 }, tricks: { re: 11, kontra: 1 } }));
    expect(lost.winner).toBe('kontra'); // Kontra took a (pointless) trick against schwarz
  });

  it('docs/rules/doppelkopf.md#decision-2: only Kontra announced, Re wins with 120 and Kontra needs 121', () => {
    const re120 = gameValue(input(120, { levels: { re: -1, kontra: 0 } }));
    expect(re120.winner).toBe('re');
    expect(re120.gameValue).toBe(3); // won 1, Kontra announced 2
    const ko121 = gameValue(input(119, { levels: { re: -1, kontra: 0 } }));
    expect(ko121.winner).toBe('kontra');
    expect(ko121.gameValue).toBe(4); // won 1, elders 1, Kontra 2
  });
});

describe('docs/rules/doppelkopf.md#decisions decisions on the game value', () => {
  it('row 1 default: exactly 120 against keine 90 scores the point', () => {
    const v = gameValue(input(120, { levels: { re: 1, kontra: -1 } }));
    expect(v.winner).toBe('kontra');
    expect(v.gameValue).toBe(6); // won 1, elders 1, Re 2, no90 1, 120 against no90 1
  });

  it('row 1 alternative against90 = 121: 120 is not enough for that point', () => {
    const v = gameValue(input(120, { levels: { re: 1, kontra: -1 }, against90: 121 }));
    expect(v.gameValue).toBe(5);
  });

  it("row 3 default: the loser's extra points are netted, v may be negative", () => {
    const v = gameValue(
      input(121, {
        extras: [
          { party: 'kontra', kind: 'fox', points: 1 },
          { party: 'kontra', kind: 'doppelkopf', points: 1 },
        ],
      }),
    );
    expect(v.winner).toBe('re');
    expect(v.gameValue).toBe(-1);
    expect(playerScores(4, pairs, v.vRe)).toEqual([-1, -1, 1, 1]);
  });

  it('row 3 alternative loserCannotGain: v is floored at 0', () => {
    const v = gameValue(
      input(121, {
        loserCannotGain: true,
        extras: [
          { party: 'kontra', kind: 'fox', points: 1 },
          { party: 'kontra', kind: 'doppelkopf', points: 1 },
        ],
      }),
    );
    expect(v.gameValue).toBe(0);
    expect(playerScores(4, pairs, v.vRe)).toEqual([0, 0, 0, 0]);
  });

  it('row 4: both parties fail their Absagen, nobody wins; only performance and extras count', () => {
    const v = gameValue(
      input(140, {
        levels: { re: 1, kontra: 1 },
        extras: [
          { party: 'kontra', kind: 'fox', points: 1 },
          { party: 're', kind: 'doppelkopf', points: 1 },
          { party: 're', kind: 'karlchen', points: 1 },
        ],
      }),
    );
    expect(v.winner).toBeNull();
    // Re: 140 ≥ 120 against Kontra's keine 90 (+1), Doppelkopf, Karlchen; Kontra: fox. 3 − 1.
    expect(v.vRe).toBe(2);
    expect(playerScores(4, pairs, v.vRe)).toEqual([2, 2, -2, -2]);
  });

  it('a solo ignores extra points and "against the elders" (docs/rules/doppelkopf.md#extra-points)', () => {
    const v = gameValue(input(100, { solo: true, extras: [{ party: 're', kind: 'fox', points: 1 }] }));
    expect(v.winner).toBe('kontra');
    expect(v.gameValue).toBe(1);
  });
});
