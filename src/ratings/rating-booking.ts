import type { HandResult } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import { handTeams, rateHand } from './hand-rating.js';
import { lockSeatRatings, writeRatings } from './rating-store.js';

/**
 * A finished hand's rating, in the transaction that books it (table-booking.ts): exactly once,
 * because that transaction is the one that appends the hand's last event, and only for a hand
 * dealt at a rated table (an imported record has no table and never gets here). In two steps so
 * that the booking can pipeline them with its own statements: `lock` reads and locks the seats'
 * ratings, the returned `write` stores the new ones.
 */
export async function lockHandRating(
  tx: Tx,
  hand: { id: string; tableId: string; game: string; seating: (string | null)[] },
  result: HandResult,
): Promise<() => Promise<void>> {
  const teams = handTeams(result);
  if (!teams) return async () => {};
  const seats = await lockSeatRatings(tx, hand);
  const after = seats.length ? rateHand(teams, seats) : [];
  return async () => {
    if (after.length) await writeRatings(tx, hand, after);
  };
}
