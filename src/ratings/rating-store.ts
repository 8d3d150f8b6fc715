import type { Tx } from '../database/database.service.js';
import { START, type NewRating, type SeatRating } from './hand-rating.js';

/**
 * The rating store: every statement on `ratings` and `rating_history` (docs/ratings.md). Both are
 * keyed by the rated identity (a person's player id, or a bot strength's), not by table: a
 * hand's booking writes to the rows of its players, wherever they sit.
 */
type Queryable = Pick<Tx, 'query'>;

/**
 * A bot's rated identity is its strength's, one per game: a player row of its own (the migration
 * `ratings` creates one per strength), with this id. Computed in SQL so that the booking needs no
 * look-up round trip.
 */
const RATED_ID = `CASE WHEN p.bot IS NULL THEN p.id ELSE md5('kartentisch bot rating ' || p.bot)::uuid END`;

const SQL = {
  /**
   * The seats' identities and their ratings, created at the start if new and locked, in id
   * order: two tables finishing at once for a common player wait for each other and never
   * deadlock. Nothing for a table that is not rated.
   */
  lockSeats: `WITH seated AS (
       SELECT (s.seat - 1)::int AS seat, ${RATED_ID} AS rated_id
       FROM unnest($1::uuid[]) WITH ORDINALITY AS s(id, seat) JOIN players p ON p.id = s.id
       WHERE EXISTS (SELECT 1 FROM tables t WHERE t.id = $3 AND t.rated)
     ), locked AS (
       INSERT INTO ratings (player_id, game, mu, sigma, rating)
       SELECT DISTINCT rated_id, $2, $4::float8, $5::float8, 1500 FROM seated ORDER BY rated_id
       ON CONFLICT (player_id, game) DO UPDATE SET player_id = EXCLUDED.player_id
       RETURNING player_id, mu, sigma
     )
     SELECT s.seat, s.rated_id::text AS id, l.mu, l.sigma FROM seated s JOIN locked l ON l.player_id = s.rated_id ORDER BY s.seat`,
  /** The new ratings and their history rows, in one statement. */
  write: `WITH v AS (
       SELECT * FROM unnest($3::uuid[], $4::float8[], $5::float8[], $6::int[], $7::bool[]) AS v(id, mu, sigma, rating, provisional)
     ), updated AS (
       UPDATE ratings r SET mu = v.mu, sigma = v.sigma, rating = v.rating, provisional = v.provisional, hands = r.hands + 1, updated_at = now()
       FROM v WHERE r.player_id = v.id AND r.game = $1
     )
     INSERT INTO rating_history (player_id, game, hand_id, table_id, mu, sigma, rating)
     SELECT v.id, $1, $2, $8, v.mu, v.sigma, v.rating FROM v`,
  ofPlayer: `SELECT r.game, r.rating, r.mu, r.sigma, r.hands, r.provisional FROM ratings r
     WHERE r.player_id = (SELECT ${RATED_ID} FROM players p WHERE p.id = $1) ORDER BY r.game`,
  board: `SELECT r.player_id::text AS id, p.name, p.bot, r.rating, r.hands FROM ratings r JOIN players p ON p.id = r.player_id
     WHERE r.game = $1 AND r.provisional = false ORDER BY r.rating DESC, r.player_id LIMIT $2`,
  course: `SELECT h.rating, h.at FROM rating_history h
     WHERE h.player_id = (SELECT ${RATED_ID} FROM players p WHERE p.id = $1) AND h.game = $2 ORDER BY h.at DESC LIMIT $3`,
} as const;

/** The seats' rated identities and ratings before the hand, locked for the rest of the transaction (none at a table that is not rated). */
export async function lockSeatRatings(
  tx: Queryable,
  hand: { tableId: string; game: string; seating: (string | null)[] },
): Promise<SeatRating[]> {
  const { rows } = await tx.query<SeatRating>({
    name: 'ratings-lock-seats',
    text: SQL.lockSeats,
    values: [hand.seating, hand.game, hand.tableId, START.mu, START.sigma],
  });
  return rows;
}

/** Writes the ratings after a hand, and a history row each (its primary key refuses a second rating of the hand). */
export async function writeRatings(tx: Queryable, hand: { id: string; tableId: string; game: string }, after: NewRating[]): Promise<void> {
  await tx.query({
    name: 'ratings-write',
    text: SQL.write,
    values: [
      hand.game,
      hand.id,
      after.map((r) => r.id),
      after.map((r) => r.mu),
      after.map((r) => r.sigma),
      after.map((r) => r.rating),
      after.map((r) => r.provisional),
      hand.tableId,
    ],
  });
}

export interface RatingRow {
  game: string;
  rating: number;
  mu: number;
  sigma: number;
  hands: number;
  provisional: boolean;
}

/** A player's ratings, one per game played rated (a seated bot's are its strength's). */
export async function ratingsOf(q: Queryable, playerId: string): Promise<RatingRow[]> {
  const { rows } = await q.query<RatingRow>({ name: 'ratings-of', text: SQL.ofPlayer, values: [playerId] });
  return rows;
}

export type LeaderboardRow = { id: string; name: string; bot: string | null; rating: number; hands: number };

/** The settled ratings of a game, best first. */
export async function leaderboard(q: Queryable, game: string, limit: number): Promise<LeaderboardRow[]> {
  const { rows } = await q.query<LeaderboardRow>({
    name: 'ratings-board',
    text: SQL.board,
    values: [game, limit],
  });
  return rows;
}

/** A player's rating after each of its latest rated hands of a game, newest first. */
export async function ratingCourse(q: Queryable, playerId: string, game: string, limit: number): Promise<{ rating: number; at: Date }[]> {
  const { rows } = await q.query<{ rating: number; at: Date }>({
    name: 'ratings-course',
    text: SQL.course,
    values: [playerId, game, limit],
  });
  return rows;
}
