import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { isUuid } from '../common/ids.js';
import { bookedHands } from './ledger-store.js';
import { seatBalances, tableExists } from '../tables/table-store.js';
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
    const seats = await seatBalances(this.db.pool, tableId);
    if (seats.length === 0 && !(await tableExists(this.db.pool, tableId))) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const entries = await bookedHands(this.db.pool, tableId);
    return {
      tableId,
      balances: seats.map((r) => ({ seat: r.seat, playerId: r.player_id, name: r.name, amount: decimalToNumber(r.amount) })),
      entries: entries.map((r) => ({
        handId: r.hand_id,
        handNumber: r.number,
        status: r.status,
        finishedAt: r.finished_at?.toISOString() ?? null,
        scores: r.scores.map(decimalToNumber),
      })),
    };
  }
}
