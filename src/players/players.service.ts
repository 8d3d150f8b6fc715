import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CallerResolver, hashToken, newToken, type Caller } from '../common/auth.js';
import { DatabaseService } from '../database/database.service.js';
import type { PlayerCreatedDto } from './players.dto.js';

@Injectable()
export class PlayersService {
  constructor(
    private readonly db: DatabaseService,
    private readonly callers: CallerResolver,
  ) {}

  async create(name: string): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await this.db.prisma.player.create({
      data: { id: randomUUID(), name, tokenHash: hashToken(token).toString('hex') },
    });
    return { id: player.id, name: player.name, token };
  }

  /** A new token replaces the stored hash; every cached copy of the old one is dropped. */
  async rotateToken(caller: Caller & { kind: 'player' }): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await this.db.prisma.player.update({
      where: { id: caller.playerId },
      data: { tokenHash: hashToken(token).toString('hex') },
    });
    this.callers.forgetPlayer(caller.playerId);
    return { id: player.id, name: player.name, token };
  }
}
