import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hashToken, newToken } from '../common/auth.js';
import { DatabaseService } from '../database/database.service.js';
import type { PlayerCreatedDto } from './players.dto.js';

@Injectable()
export class PlayersService {
  constructor(private readonly db: DatabaseService) {}

  async create(name: string): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await this.db.prisma.player.create({
      data: { id: randomUUID(), name, tokenHash: hashToken(token).toString('hex') },
    });
    return { id: player.id, name: player.name, token };
  }
}
