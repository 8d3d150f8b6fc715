import { Injectable } from '@nestjs/common';
import type { HandResult } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import { centsToDecimal, toCents } from '../ledgers/money.js';

/** Books a finished hand: one ledger row per seat, in the transaction of the hand's last event. */
@Injectable()
export class LedgerWriter {
  async recordHand(tx: Tx, hand: { id: string; tableId: string; seating: (string | null)[] }, result: HandResult): Promise<void> {
    const cents = result.scores.map(toCents);
    const sum = cents.reduce((a, b) => a + b, 0n);
    // A ledger that does not balance must never be written (engine bug): fail the action instead.
    if (sum !== 0n) throw new Error(`hand ${hand.id}: scores ${JSON.stringify(result.scores)} do not sum to zero`);
    if (cents.length !== hand.seating.length) throw new Error(`hand ${hand.id}: ${cents.length} scores for ${hand.seating.length} seats`);
    const values = cents.flatMap((c, seat) => [hand.tableId, hand.id, seat, hand.seating[seat], centsToDecimal(c)]);
    await tx.query(ledgerInsertSql(cents.length), values);
  }
}

/** One row per seat, keyed (table_id, hand_id, seat): on the hand's shard (test/sharding.spec.ts reads it). */
export const ledgerInsertSql = (seats: number): string =>
  `INSERT INTO ledger_entries (table_id, hand_id, seat, player_id, amount) VALUES ${Array.from({ length: seats }, (_, i) => {
    const b = i * 5;
    return `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5}::numeric)`;
  }).join(',')}`;
