import { Injectable } from '@nestjs/common';
import { isUuid } from '../common/ids.js';
import { ApiError } from '../common/problems.js';
import { decodeCursor, encodeCursor } from '../common/page.js';
import { DatabaseService } from '../database/database.service.js';
import { playerExists, playerNames, type NamedPlayer } from '../players/player-store.js';
import { handPage, type HandSummaryRow } from './record-store.js';
import { tableExists, tablesOpenedAt } from '../tables/table-store.js';

/** A hand in a history page: the stored summary with the API's names and ISO dates. */
export type HandSummary = Omit<HandSummaryRow, 'table_id' | 'seating' | 'created_at' | 'finished_at'> & {
  tableId: string | null;
  /** when its table was opened: a history groups its hands by table and dates the group (null for an imported record) */
  tableOpenedAt: string | null;
  /** who sat in each seat, so that a result names its players (null: a seat an imported record names no player of here) */
  players: (NamedPlayer | null)[];
  createdAt: string;
  finishedAt: string | null;
  /** an imported record (its table is its own, shown as null) */
  imported: boolean;
};

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
    return this.page({ tableId }, () => tableExists(this.db.pool, tableId), 'TABLE_NOT_FOUND', limit, cursor);
  }

  /** A player's hands at every table: a read across tables. */
  playerHands(playerId: string, limit: number, cursor?: string): Promise<Page> {
    if (!isUuid(playerId)) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${playerId}`);
    const exists = () => playerExists(this.db.pool, playerId);
    return this.page({ playerId }, exists, 'PLAYER_NOT_FOUND', limit, cursor);
  }

  private async page(
    by: { tableId: string } | { playerId: string },
    exists: () => Promise<boolean>,
    notFound: 'TABLE_NOT_FOUND' | 'PLAYER_NOT_FOUND',
    limit: number,
    cursor?: string,
  ): Promise<Page> {
    const id = 'tableId' in by ? by.tableId : by.playerId;
    if (!(await exists())) throw ApiError.of(notFound, `no such id ${id}`);
    const after = cursor ? decodeCursor(cursor) : null;
    const page = await handPage(this.db.pool, by, limit + 1, after);
    const more = page.length > limit;
    const rows = page.slice(0, limit);
    const seated = [...new Set(rows.flatMap((r) => r.seating.filter((p): p is string => p !== null)))];
    const tableIds = [...new Set(rows.flatMap((r) => (r.table_id ? [r.table_id] : [])))];
    const [names, opened] = await Promise.all([playerNames(this.db.pool, seated), tablesOpenedAt(this.db.pool, tableIds)]);
    const items = rows.map((r) => ({
      id: r.id,
      tableId: r.table_id,
      tableOpenedAt: (r.table_id && opened.get(r.table_id)?.toISOString()) || null,
      players: r.seating.map((p) => (p === null ? null : (names.get(p) ?? null))),
      number: r.number,
      game: r.game,
      dealer: r.dealer,
      status: r.status,
      seq: r.seq,
      result: r.result ?? null,
      createdAt: r.created_at.toISOString(),
      finishedAt: r.finished_at?.toISOString() ?? null,
      imported: r.table_id === null,
    }));
    const last = items[items.length - 1];
    return { items, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
  }
}
