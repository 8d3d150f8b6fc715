import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { games, type GameId } from '../engine/index.js';
import { nestedRules } from '../common/rules-profile.js';
import type { Caller } from '../common/auth.js';
import { isUuid } from '../common/ids.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { TableSession } from '../hands/table-session.js';
import type { SeatTakenDto, TableDto } from './tables.dto.js';

type Player = Caller & { kind: 'player' };

@Injectable()
export class TablesService {
  constructor(private readonly db: DatabaseService, private readonly session: TableSession) {}

  /** The rule profile is the engine's to judge: unknown option or value → 400 with its code. */
  async create(host: Player, gameId: GameId, rules: Record<string, unknown> | undefined): Promise<TableDto> {
    const game = games[gameId];
    const parsed = game.parseOptions(rules ?? {});
    if (!parsed.ok) throw fromRejection(parsed.rejection);
    const options = parsed.options as Record<string, unknown>;
    const id = randomUUID();
    await this.db.prisma.cardTable.create({
      data: { id, game: gameId, options: options as object, seatCount: game.seatCount(options), hostPlayerId: host.playerId, status: 'waiting' },
    });
    return this.get(id);
  }

  async get(id: string): Promise<TableDto> {
    if (!isUuid(id)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    const table = await this.db.prisma.cardTable.findUnique({
      where: { id },
      include: { seats: { include: { player: { select: { name: true } } }, orderBy: { seat: 'asc' } } },
    });
    if (!table) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    const bySeat = new Map(table.seats.map((s) => [s.seat, s]));
    return {
      id: table.id,
      game: table.game,
      rules: nestedRules(table.game as GameId, table.options as Record<string, unknown>),
      seats: Array.from({ length: table.seatCount }, (_, seat) => {
        const s = bySeat.get(seat);
        return { seat, playerId: s?.playerId ?? null, name: s?.player.name ?? null };
      }),
      dealer: table.dealer,
      currentHandId: table.currentHandId,
      status: table.status,
      hostPlayerId: table.hostPlayerId,
      handCount: table.handCount,
    };
  }

  /** Takes a seat; the seat that completes the table starts the session and deals the first hand. */
  takeSeat(tableId: string, player: Player, wanted: number | undefined): Promise<SeatTakenDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ seat_count: number; status: string }>('SELECT seat_count, status FROM tables WHERE id = $1 FOR UPDATE', [tableId]);
      const table = rows[0];
      if (!table) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
      const seated = await tx.query<{ seat: number; player_id: string }>('SELECT seat, player_id FROM table_seats WHERE table_id = $1', [tableId]);
      if (seated.rows.some((r) => r.player_id === player.playerId)) throw ApiError.of('ALREADY_SEATED', 'a player holds at most one seat at a table');
      if (table.status !== 'waiting' || seated.rowCount === table.seat_count) throw ApiError.of('TABLE_FULL');
      const taken = new Set(seated.rows.map((r) => r.seat));
      if (wanted !== undefined && wanted >= table.seat_count) {
        throw ApiError.of('VALIDATION_FAILED', `seat must be between 0 and ${table.seat_count - 1}`);
      }
      if (wanted !== undefined && taken.has(wanted)) throw ApiError.of('SEAT_TAKEN', `seat ${wanted} is taken`);
      const seat = wanted ?? [...Array(table.seat_count).keys()].find((s) => !taken.has(s))!;
      await tx.query('INSERT INTO table_seats (table_id, seat, player_id) VALUES ($1, $2, $3)', [tableId, seat, player.playerId]);
      if (taken.size + 1 < table.seat_count) return { seat };
      const currentHandId = await this.session.start(tx, tableId);
      return currentHandId ? { seat, currentHandId } : { seat };
    });
  }
}
