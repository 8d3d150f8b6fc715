import { Injectable } from '@nestjs/common';
import type { HandResult } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import type { HandAt, Queryable } from '../hands/hand-store.js';
import { centsToDecimal, toCents } from './money.js';

/**
 * The ledger store: every statement on `ledger_entries` — the booking of a finished hand (its
 * only writer) and the reads of it, each by the hand's table (one shard on Citus;
 * docs/scaling.md). The tables' seat balances add up the same rows inside their own statement.
 */

/** Statements on one table's ledger rows. */
const SQL = {
  bookedHands: `SELECT h.id AS hand_id, h.number, h.status, h.finished_at, ARRAY_AGG(l.amount::text ORDER BY l.seat) AS scores
     FROM ledger_entries l JOIN hands h ON h.table_id = l.table_id AND h.id = l.hand_id
     WHERE l.table_id = $1 GROUP BY h.id, h.number, h.status, h.finished_at ORDER BY h.number`,
  ledgerOfHand: 'SELECT amount::text FROM ledger_entries WHERE table_id = $1 AND hand_id = $2 ORDER BY seat',
} as const;

/** The ledger's reads on the hot path, for test/sharding.spec.ts (the insert is `ledgerInsertSql`). */
export const HOT_PATH_SQL: Readonly<Record<string, string>> = SQL;

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

/** A table's booked hands with their ledger entries, in hand order (the score sheet). */
export async function bookedHands(
  q: Queryable,
  tableId: string,
): Promise<{ hand_id: string; number: number | null; status: string; finished_at: Date | null; scores: string[] }[]> {
  const { rows } = await q.query<{ hand_id: string; number: number | null; status: string; finished_at: Date | null; scores: string[] }>({
    name: 'booked-hands',
    text: SQL.bookedHands,
    values: [tableId],
  });
  return rows;
}

/** A finished hand's ledger rows, in seat order (verify compares them with the result). */
export async function ledgerOfHand(q: Queryable, at: HandAt): Promise<string[]> {
  const { rows } = await q.query<{ amount: string }>({ name: 'ledger-of-hand', text: SQL.ledgerOfHand, values: [at.tableId, at.handId] });
  return rows.map((r) => r.amount);
}
