import type { Tx } from '../database/database.service.js';
import type { HandAt } from '../hands/hand-store.js';
import type { SeatReview } from '../solvers/review/review.js';

/**
 * The review store (`hand_reviews`): a hand's review per estimator (`reviewEstimator`), written
 * by the worker that computes it — `running` with its progress, then `done` with every seat's
 * decisions, or `failed` with the reason. A review is computed once per hand and estimator; a
 * worker killed mid-review leaves a running row that the next try of the job starts over.
 */
type Queryable = Pick<Tx, 'query'>;

export interface StoredReview {
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  seats: SeatReview[] | null;
  error: string | null;
}

export async function readReview(q: Queryable, at: HandAt, estimator: string): Promise<StoredReview | undefined> {
  const { rows } = await q.query<StoredReview>({
    name: 'hand-review-of',
    text: `SELECT status, done, total, seats, error FROM hand_reviews WHERE table_id = $1 AND hand_id = $2 AND estimator = $3`,
    values: [at.tableId, at.handId, estimator],
  });
  return rows[0];
}

/** A review under way from its start (a try after a lost worker starts again): `total` seats to review. */
export async function startReview(q: Queryable, at: HandAt, estimator: string, total: number): Promise<void> {
  await q.query(
    `INSERT INTO hand_reviews (table_id, hand_id, estimator, total) VALUES ($1, $2, $3, $4)
     ON CONFLICT (table_id, hand_id, estimator) DO UPDATE SET done = 0, total = $4, updated_at = now() WHERE hand_reviews.status = 'running'`,
    [at.tableId, at.handId, estimator, total],
  );
}

export async function reviewProgress(q: Queryable, at: HandAt, estimator: string, done: number): Promise<void> {
  await q.query(
    `UPDATE hand_reviews SET done = $4, updated_at = now() WHERE table_id = $1 AND hand_id = $2 AND estimator = $3 AND status = 'running'`,
    [at.tableId, at.handId, estimator, done],
  );
}

/** The end of a review: its seats, or why it failed. A review done elsewhere meanwhile is the same (a fixed seed per hand) and kept. */
export async function finishReview(
  q: Queryable,
  at: HandAt,
  estimator: string,
  end: { seats: SeatReview[] } | { error: string },
): Promise<void> {
  const [status, seats, error] = 'seats' in end ? ['done', JSON.stringify(end.seats), null] : ['failed', null, end.error];
  await q.query(
    `UPDATE hand_reviews SET status = $4, seats = $5::jsonb, error = $6, done = total, updated_at = now()
     WHERE table_id = $1 AND hand_id = $2 AND estimator = $3 AND status = 'running'`,
    [at.tableId, at.handId, estimator, status, seats, error],
  );
}

/**
 * Hands finished in the last `withinHours` with a person at the table (a seat whose player is no
 * bot) and no review for their game's estimator: the review sweep's next batch, newest first — a
 * read across tables (docs/scaling.md).
 */
export async function handsToReview(
  q: Queryable,
  estimators: Record<string, string>,
  withinHours: number,
  limit: number,
): Promise<(HandAt & { game: string })[]> {
  const { rows } = await q.query<{ table_id: string; id: string; game: string }>(
    `SELECT h.table_id, h.id, h.game FROM hands h
     WHERE h.status IN ('finished', 'thrownIn') AND h.finished_at > now() - make_interval(hours => $2::int)
       AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(h.seating) s(id) JOIN players p ON p.id = s.id::uuid WHERE p.bot IS NULL)
       AND NOT EXISTS (SELECT 1 FROM hand_reviews r WHERE r.table_id = h.table_id AND r.hand_id = h.id AND r.estimator = ($1::jsonb ->> h.game))
     ORDER BY h.finished_at DESC LIMIT $3`,
    [JSON.stringify(estimators), withinHours, limit],
  );
  return rows.map((r) => ({ tableId: r.table_id, handId: r.id, game: r.game }));
}
