import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { isUuid } from '../common/ids.js';
import { decimalToNumber } from './money.js';

export interface Ledger {
  tableId: string;
  balances: { seat: number; playerId: string; name: string; amount: number }[];
  entries: { handId: string; handNumber: number | null; status: string; finishedAt: string | null; scores: number[] }[];
}

/** A table's score sheet: every booked hand, and balances summed by PostgreSQL (exact NUMERIC). */
@Injectable()
export class LedgersService {
  constructor(private readonly db: DatabaseService) {}

  async ledger(tableId: string): Promise<Ledger> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const seats = await this.db.pool.query<{ seat: number; player_id: string; name: string; amount: string }>(
      `SELECT s.seat, s.player_id, p.name,
              COALESCE((SELECT SUM(l.amount) FROM ledger_entries l WHERE l.table_id = s.table_id AND l.seat = s.seat), 0)::numeric(20,2)::text AS amount
       FROM table_seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = $1 ORDER BY s.seat`,
      [tableId],
    );
    if (seats.rowCount === 0) {
      const exists = await this.db.pool.query('SELECT 1 FROM tables WHERE id = $1', [tableId]);
      if (!exists.rowCount) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    }
    const entries = await this.db.pool.query<{
      hand_id: string;
      number: number | null;
      status: string;
      finished_at: Date | null;
      scores: string[];
    }>(
      `SELECT h.id AS hand_id, h.number, h.status, h.finished_at, ARRAY_AGG(l.amount::text ORDER BY l.seat) AS scores
       FROM ledger_entries l JOIN hands h ON h.id = l.hand_id
       WHERE l.table_id = $1 GROUP BY h.id, h.number, h.status, h.finished_at ORDER BY h.number`,
      [tableId],
    );
    return {
      tableId,
      balances: seats.rows.map((r) => ({ seat: r.seat, playerId: r.player_id, name: r.name, amount: decimalToNumber(r.amount) })),
      entries: entries.rows.map((r) => ({
        handId: r.hand_id,
        handNumber: r.number,
        status: r.status,
        finishedAt: r.finished_at?.toISOString() ?? null,
        scores: r.scores.map(decimalToNumber),
      })),
    };
  }
}
