import { rate } from 'openskill';
import type { HandResult } from '../engine/index.js';

/**
 * A hand's effect on the ratings of those who played it (docs/ratings.md), pure: OpenSkill's
 * default model (Plackett–Luce) does the arithmetic; this file says who the teams are, how they
 * rank, who is updated, and how μ and σ read on the page.
 */

/** OpenSkill's own start: μ 25, σ 25/3. */
export const START = { mu: 25, sigma: 25 / 3 } as const;

/**
 * The displayed rating: 1500 + 24 · (μ − 25), a whole number. 1500 is where everyone starts, as on
 * Lichess; 24 points per unit of μ puts the start's σ at 200 points.
 */
export const displayRating = (mu: number): number => Math.round(1500 + 24 * (mu - START.mu));

/**
 * A rating is provisional ("1500?") while σ is above 6 (144 displayed points): some 25 hands at a
 * table of four (docs/ratings.md says how that was measured).
 */
const PROVISIONAL_SIGMA = 6;
export const isProvisional = (sigma: number): boolean => sigma > PROVISIONAL_SIGMA;

/** A party of the hand (its seats) and its rank: 1 is best, equal results share a rank. */
export interface Team {
  seats: number[];
  rank: number;
}

/**
 * The hand's teams: its parties (Doppelkopf's Re and Kontra, a soloist against three, Dobbm's and
 * Droggn's declarer against the defenders), ranked by what each party won in the hand. A seat in
 * no party (a dealer sitting the hand out) is in no team. A hand thrown in has no parties: none.
 */
export function handTeams(result: Pick<HandResult, 'status' | 'parties' | 'scores'>): Team[] | null {
  if (result.status !== 'finished' || !result.parties) return null;
  const parties = Object.values(result.parties).filter((seats) => seats.length > 0);
  if (parties.length < 2) return null;
  const won = parties.map((seats) => seats.reduce((sum, s) => sum + (result.scores[s] ?? 0), 0));
  const ranks = won.map((w) => 1 + won.filter((other) => other > w).length);
  return parties.map((seats, i) => ({ seats: [...seats], rank: ranks[i] }));
}

/** A seat's rated identity (a person, or a bot strength: rating-store.ts) and its rating before the hand. */
export interface SeatRating {
  seat: number;
  id: string;
  mu: number;
  sigma: number;
}

/** An identity's rating after the hand. */
export interface NewRating {
  id: string;
  mu: number;
  sigma: number;
  rating: number;
  provisional: boolean;
}

/**
 * The new ratings of everyone the hand rates. A seat's identity plays with its rating in its team;
 * an identity is updated once, and not at all when it sits in two parties (two bots of the same
 * strength against each other: it would learn from playing itself). Seats without a rating (an
 * empty seat) are left out of their team. A party smaller than the largest is padded with its own
 * members (a soloist three times against three): Plackett–Luce weighs a team by the sum of its μ,
 * which would make the three defenders the favourites of every solo, while the game's rules, not
 * the number of players, balance a solo. Each identity takes the update of its first place.
 */
export function rateHand(teams: Team[], seats: SeatRating[]): NewRating[] {
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const rated = teams
    .map((t) => ({ rank: t.rank, members: t.seats.flatMap((s) => bySeat.get(s) ?? []) }))
    .filter((t) => t.members.length > 0);
  if (rated.length < 2) return [];
  const sides = new Map<string, Set<number>>();
  rated.forEach((t, i) => t.members.forEach((m) => sides.set(m.id, (sides.get(m.id) ?? new Set()).add(i))));
  const size = Math.max(...rated.map((t) => t.members.length));
  const after = rate(
    rated.map((t) => padded(t.members, size).map((m) => ({ mu: m.mu, sigma: m.sigma }))),
    { rank: rated.map((t) => t.rank) },
  );
  const out = new Map<string, NewRating>();
  rated.forEach((t, i) =>
    t.members.forEach((m, j) => {
      if (sides.get(m.id)!.size > 1 || out.has(m.id)) return;
      const { mu, sigma } = after[i][j];
      out.set(m.id, { id: m.id, mu, sigma, rating: displayRating(mu), provisional: isProvisional(sigma) });
    }),
  );
  return [...out.values()];
}

/** The members repeated in turn up to `size`. */
const padded = <T>(members: T[], size: number): T[] => Array.from({ length: size }, (_, i) => members[i % members.length]);
