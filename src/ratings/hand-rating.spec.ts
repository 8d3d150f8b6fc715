import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { displayRating, handTeams, isProvisional, rateHand, START, type SeatRating } from './hand-rating.js';

const TAU = 25 / 300;
const fresh = (ids: string[]): SeatRating[] => ids.map((id, seat) => ({ seat, id, ...START }));

describe('the teams of a hand are its parties, ranked by what each won', () => {
  it('Doppelkopf: Re wins, Kontra loses', () => {
    const teams = handTeams({ status: 'finished', parties: { re: [0, 2], kontra: [1, 3] }, scores: [2, -2, 2, -2] });
    expect(teams).toEqual([
      { seats: [0, 2], rank: 1 },
      { seats: [1, 3], rank: 2 },
    ]);
  });
  it('a soloist who loses against three ranks last', () => {
    const teams = handTeams({ status: 'finished', parties: { re: [1], kontra: [0, 2, 3] }, scores: [1, -3, 1, 1] });
    expect(teams).toEqual([
      { seats: [1], rank: 2 },
      { seats: [0, 2, 3], rank: 1 },
    ]);
  });
  it('a dealer sitting the hand out is in no team', () => {
    const teams = handTeams({ status: 'finished', parties: { declarer: [1], defenders: [2, 3] }, scores: [0, 4, -2, -2] });
    expect(teams!.flatMap((t) => t.seats).sort()).toEqual([1, 2, 3]);
  });
  it('a draw shares the rank', () => {
    const teams = handTeams({ status: 'finished', parties: { re: [0, 1], kontra: [2, 3] }, scores: [0, 0, 0, 0] });
    expect(teams!.map((t) => t.rank)).toEqual([1, 1]);
  });
  it('a hand thrown in rates nobody', () => {
    expect(handTeams({ status: 'thrownIn', parties: null, scores: [0, 0, 0, 0] })).toBeNull();
  });
});

describe('the display scale', () => {
  it('starts at 1500, provisional', () => {
    expect(displayRating(START.mu)).toBe(1500);
    expect(isProvisional(START.sigma)).toBe(true);
    expect(isProvisional(5.9)).toBe(false);
  });
});

/** Any split of four seats into two parties, and which of them won. */
const hands = fc.record({
  reSize: fc.integer({ min: 1, max: 3 }),
  order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
  reWins: fc.boolean(),
  mus: fc.array(fc.double({ min: 10, max: 40, noNaN: true }), { minLength: 4, maxLength: 4 }),
  sigmas: fc.array(fc.double({ min: 0.5, max: 8.4, noNaN: true }), { minLength: 4, maxLength: 4 }),
});

describe('rating a hand', () => {
  it('winners rise, losers fall, everyone becomes surer, each once', () => {
    fc.assert(
      fc.property(hands, ({ reSize, order, reWins, mus, sigmas }) => {
        const re = order.slice(0, reSize);
        const kontra = order.slice(reSize);
        const teams = [
          { seats: re, rank: reWins ? 1 : 2 },
          { seats: kontra, rank: reWins ? 2 : 1 },
        ];
        const seats = ['a', 'b', 'c', 'd'].map((id, seat) => ({ seat, id, mu: mus[seat], sigma: sigmas[seat] }));
        const after = rateHand(teams, seats);
        expect(after.map((r) => r.id).sort()).toEqual(['a', 'b', 'c', 'd']);
        for (const r of after) {
          const before = seats.find((s) => s.id === r.id)!;
          const won = (re.includes(before.seat) && reWins) || (kontra.includes(before.seat) && !reWins);
          if (won) expect(r.mu).toBeGreaterThan(before.mu);
          else expect(r.mu).toBeLessThan(before.mu);
          // OpenSkill adds τ = 25/300 to σ before each update, so that a rating never freezes.
          expect(r.sigma).toBeLessThan(Math.hypot(before.sigma, TAU));
          expect(r.rating).toBe(displayRating(r.mu));
        }
      }),
    );
  });

  it('a bot strength in both parties is not rated; its seats still count for the others', () => {
    const teams = [
      { seats: [0, 1], rank: 1 },
      { seats: [2, 3], rank: 2 },
    ];
    const after = rateHand(teams, fresh(['bot', 'resi', 'bot', 'sepp']));
    expect(after.map((r) => r.id).sort()).toEqual(['resi', 'sepp']);
    expect(after.find((r) => r.id === 'resi')!.mu).toBeGreaterThan(START.mu);
  });

  it('a bot strength twice in one party is rated once', () => {
    const teams = [
      { seats: [0, 2], rank: 2 },
      { seats: [1, 3], rank: 1 },
    ];
    const after = rateHand(teams, fresh(['bot', 'resi', 'bot', 'sepp']));
    expect(after.filter((r) => r.id === 'bot')).toHaveLength(1);
    expect(after.find((r) => r.id === 'bot')!.mu).toBeLessThan(START.mu);
  });

  it('a soloist of equal rating moves as far as each of the three', () => {
    const teams = [
      { seats: [0], rank: 1 },
      { seats: [1, 2, 3], rank: 2 },
    ];
    const after = rateHand(teams, fresh(['solo', 'x', 'y', 'z']));
    const gain = after.find((r) => r.id === 'solo')!.mu - START.mu;
    const loss = START.mu - after.find((r) => r.id === 'x')!.mu;
    expect(gain).toBeGreaterThan(0.5);
    expect(gain).toBeCloseTo(loss, 6);
  });

  it('a new rating becomes surer with every hand', () => {
    let seats = fresh(['a', 'b', 'c', 'd']);
    for (let hand = 0; hand < 4; hand++) {
      const teams = [
        { seats: [hand % 4, (hand + 1) % 4], rank: 1 },
        { seats: [(hand + 2) % 4, (hand + 3) % 4], rank: 2 },
      ];
      const after = rateHand(teams, seats);
      for (const r of after) expect(r.sigma).toBeLessThan(seats.find((s) => s.id === r.id)!.sigma);
      seats = seats.map((s) => ({ ...s, ...after.find((r) => r.id === s.id)! }));
    }
  });

  it('four bots of one strength rate nobody', () => {
    const teams = [
      { seats: [0, 1], rank: 1 },
      { seats: [2, 3], rank: 2 },
    ];
    expect(rateHand(teams, fresh(['bot', 'bot', 'bot', 'bot']))).toEqual([]);
  });
});
