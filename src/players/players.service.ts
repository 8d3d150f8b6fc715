import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CallerResolver, hashToken, newToken, type Caller } from '../common/auth.js';
import { TokenRevocations } from '../common/token-revocations.js';
import { DatabaseService } from '../database/database.service.js';
import { createPlayer, replaceTokenHash } from './player-store.js';
import type { PlayerCreatedDto } from './players.dto.js';

@Injectable()
export class PlayersService implements OnModuleInit {
  constructor(
    private readonly db: DatabaseService,
    private readonly callers: CallerResolver,
    private readonly revocations: TokenRevocations,
  ) {}

  /** A token rotated on any instance is forgotten here at once. */
  onModuleInit(): void {
    this.revocations.onRevoked(({ playerId }) => this.callers.forgetPlayer(playerId));
  }

  async create(name: string): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await createPlayer(this.db, { id: randomUUID(), name, tokenHash: hashToken(token).toString('hex') });
    return { id: player.id, name: player.name, token };
  }

  /**
   * A new token replaces the stored hash; every instance drops its cached copy of the old one
   * and closes the sockets and streams opened with it.
   */
  async rotateToken(caller: Caller & { kind: 'player' }): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await replaceTokenHash(this.db, caller.playerId, hashToken(token).toString('hex'));
    // This instance's listeners (the caches, the streams) hear it at once, the others by NOTIFY.
    await this.revocations.revoke({ playerId: caller.playerId, credential: caller.credential ?? '' });
    return { id: player.id, name: player.name, token };
  }
}
