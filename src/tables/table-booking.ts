import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { gameFor, type HandResult, type HandSetup } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import type { HandEnd, Opening } from '../hands/hand-end.js';
import type { HandRow } from '../hands/hand-row.js';
import { carriedOver, dealOpening, type DealStart } from './dealing.js';
import { LedgerWriter } from '../ledgers/ledger-store.js';
import { lockHandRating } from '../ratings/rating-booking.js';
import { endSession, lockForSession, startHand, withdrawOfferOf, type SessionTable } from './table-store.js';

/**
 * A table's part of a hand's end, in the transaction of the hand's last event: the ledger books
 * the hand, the seats' ratings take it in at a rated table (src/ratings), the engine's `session` rules decide the next setup (dealer, Mußrunde, Stockerl,
 * compulsory solo …) or the end, and the table moves to the next hand, which the command handler
 * opens. The hands module calls it through the HAND_END token and never touches a table row.
 */
@Injectable()
export class TableBooking implements HandEnd {
  // @Inject by class or token: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(LedgerWriter) private readonly ledger: LedgerWriter,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async afterHand(tx: Tx, hand: HandRow, finalState: unknown, result: HandResult): Promise<Opening | null> {
    if (!hand.tableId) return null;
    // The booking, the table's lock and the seats' ratings go out together (the pool pipelines a
    // transaction's statements); so do the new ratings and the next hand.
    const at = { id: hand.id, tableId: hand.tableId, seating: hand.seating };
    const [, table, rate] = await Promise.all([
      this.ledger.recordHand(tx, at, result),
      lockForSession(tx, hand.tableId),
      lockHandRating(tx, { ...at, game: hand.game }, result),
    ]);
    const step = gameFor(table.game).session.afterHand(table.options, table.session, finalState);
    // Seats away stay away in the next hand, unless the seat passed to another player (the host
    // handed it on); its clock starts once the people have read the result.
    const start = {
      ...carriedOver(hand, table.seating),
      pauseMs: this.settings.resultPauseMs,
      awayPaceMs: this.settings.botPaceMs,
    };
    const [opening] = await Promise.all([continueSession(tx, table, step.session, step.next, start), rate()]);
    return opening;
  }

  async seatBack(tx: Pick<Tx, 'query'>, back: { tableId: string; seat: number; playerId: string }): Promise<void> {
    await withdrawOfferOf(tx, back.tableId, back.seat, back.playerId);
  }
}

/**
 * The session goes on with `next` (the table moves to a new hand, whose opening is returned) or,
 * with none, ends. `seed` deals the cards of an earlier seed again (table-session.ts).
 */
export async function continueSession(
  tx: Tx,
  table: SessionTable,
  session: unknown,
  next: HandSetup | null,
  start: DealStart,
  seed?: string,
): Promise<Opening | null> {
  if (!next) {
    await endSession(tx, table.id, session);
    return null;
  }
  const handNumber = table.handCount + 1;
  const handId = randomUUID();
  await startHand(tx, table.id, { session, dealer: next.dealer, handId, handNumber });
  const deal = {
    id: table.id,
    game: table.game,
    options: table.options,
    seating: table.seating,
    handNumber,
    turnSeconds: table.turnSeconds,
  };
  return dealOpening(deal, next, { handId, seed }, start);
}
