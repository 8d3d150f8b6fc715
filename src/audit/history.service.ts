import { Injectable } from '@nestjs/common';
import { isUuid } from '../common/ids.js';
import { ApiError } from '../common/problems.js';
import { decodeCursor, encodeCursor } from '../common/page.js';
import { DatabaseService } from '../database/database.service.js';

interface HandSummary {
  id: string;
  tableId: string | null;
  number: number | null;
  game: string;
  dealer: number;
  status: string;
  seq: number;
  result: unknown;
  createdAt: string;
  finishedAt: string | null;
}

export interface Page {
  items: HandSummary[];
  /** pass as `cursor` for the next (older) page; null on the last page */
  nextCursor: string | null;
}

/** Hand history, newest first, keyset-paginated on (created_at, id) with an opaque cursor. */
@Injectable()
export class HistoryService {
  constructor(private readonly db: DatabaseService) {}

  tableHands(tableId: string, limit: number, cursor?: string): Promise<Page> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    return this.page('h.table_id = $1', tableId, 'TABLE_NOT_FOUND', 'SELECT 1 FROM tables WHERE id = $1', limit, cursor);
  }

  playerHands(playerId: string, limit: number, cursor?: string): Promise<Page> {
    if (!isUuid(playerId)) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${playerId}`);
    return this.page(
      'h.seating @> jsonb_build_array($1::text)',
      playerId,
      'PLAYER_NOT_FOUND',
      'SELECT 1 FROM players WHERE id = $1',
      limit,
      cursor,
    );
  }

  private async page(
    where: string,
    id: string,
    notFound: 'TABLE_NOT_FOUND' | 'PLAYER_NOT_FOUND',
    exists: string,
    limit: number,
    cursor?: string,
  ): Promise<Page> {
    const found = await this.db.pool.query(exists, [id]);
    if (!found.rowCount) throw ApiError.of(notFound, `no such id ${id}`);
    const after = cursor ? decodeCursor(cursor) : null;
    const params: unknown[] = [id, limit + 1];
    let keyset = '';
    if (after) {
      params.push(after.createdAt, after.id);
      keyset = 'AND (h.created_at, h.id) < ($3::timestamptz, $4::uuid)';
    }
    const { rows } = await this.db.pool.query<{
      id: string;
      table_id: string | null;
      number: number | null;
      game: string;
      dealer: number;
      status: string;
      seq: number;
      result: unknown;
      created_at: Date;
      finished_at: Date | null;
    }>(
      `SELECT h.id, h.table_id, h.number, h.game, h.dealer, h.status, h.seq, h.result, h.created_at, h.finished_at
       FROM hands h WHERE ${where} ${keyset} ORDER BY h.created_at DESC, h.id DESC LIMIT $2`,
      params,
    );
    const items = rows.slice(0, limit).map((r) => ({
      id: r.id,
      tableId: r.table_id,
      number: r.number,
      game: r.game,
      dealer: r.dealer,
      status: r.status,
      seq: r.seq,
      result: r.result ?? null,
      createdAt: r.created_at.toISOString(),
      finishedAt: r.finished_at?.toISOString() ?? null,
    }));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }
}
