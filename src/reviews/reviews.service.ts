import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/problems.js';
import type { Caller } from '../common/auth.js';
import { DatabaseService } from '../database/database.service.js';
import { findHand } from '../hands/hand-store.js';
import { playerNames } from '../players/player-store.js';
import { CollusionService } from '../collusion/collusion.service.js';
import { reviewEstimator } from '../solvers/review/games.js';
import type { SeatReview } from '../solvers/review/review.js';
import { readReview } from './review-store.js';
import { queueReview } from './review-work.js';

/** `GET /hands/{id}/review` once the review is stored: each seat with its player. */
export interface HandReviewAnswer {
  estimator: string;
  seats: (SeatReview & { player: { id: string; name: string } | null })[];
}
/** While a worker computes it: the share of seats done. */
export interface ReviewRunning {
  status: 'running';
  progress: number;
}

/**
 * A finished hand's review (docs/review.md) for its seats and the auditor, as the hand's record
 * is (records.controller.ts): stored by the audit's workers, queued on the first request of a
 * hand the sweep did not take (no person at the table); never computed on a request.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(CollusionService) private readonly collusion: CollusionService,
  ) {}

  async review(handId: string, caller: Caller): Promise<HandReviewAnswer | ReviewRunning> {
    const hand = await findHand(this.db.pool, handId);
    if (caller.kind === 'player' && !hand.seating.includes(caller.playerId))
      throw ApiError.of('NOT_SEATED', "only the auditor and the hand's players may read its review");
    if (hand.status !== 'finished' && hand.status !== 'thrownIn')
      throw ApiError.of(
        'HAND_NOT_FINISHED',
        `hand ${handId} is ${hand.status === 'void' ? 'void: it was never played to its end' : 'still in play'}`,
      );
    const at = { tableId: hand.homeTableId, handId };
    const estimator = reviewEstimator(hand.game);
    const stored = await readReview(this.db.pool, at, estimator);
    if (stored?.status === 'failed') throw ApiError.of('REVIEW_FAILED', `hand ${handId} could not be reviewed: ${stored.error}`);
    if (stored?.status === 'done') return { estimator, seats: await this.withPlayers(hand.seating, stored.seats ?? []) };
    // Queued on every ask while it is not done: a job lost between a sweep and its worker is made good (one queued job per hand at most).
    await queueReview(this.collusion.queue, { ...at, game: hand.game });
    this.collusion.reviews?.wake();
    return { status: 'running', progress: stored && stored.total > 0 ? Math.round((100 * stored.done) / stored.total) / 100 : 0 };
  }

  private async withPlayers(seating: readonly (string | null)[], seats: SeatReview[]): Promise<HandReviewAnswer['seats']> {
    const ids = seating.filter((p): p is string => p !== null);
    const names = await playerNames(this.db.pool, ids);
    return seats.map((s) => {
      const id = seating[s.seat] ?? null;
      return {
        seat: s.seat,
        player: id ? { id, name: names.get(id)?.name ?? '' } : null,
        accuracy: s.accuracy,
        decisions: s.decisions,
      };
    });
  }
}
