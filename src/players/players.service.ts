import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CallerResolver, hashToken, newToken, type Caller } from '../common/auth.js';
import { ApiError } from '../common/problems.js';
import { TokenRevocations } from '../common/token-revocations.js';
import { DatabaseService } from '../database/database.service.js';
import { createPlayer } from './player-store.js';
import type { PlayerCreatedDto } from './players.dto.js';
import { replaceTokenHash } from './session-store.js';

@Injectable()
export class PlayersService implements OnModuleInit {
  constructor(
    private readonly db: DatabaseService,
    private readonly callers: CallerResolver,
    private readonly revocations: TokenRevocations,
  ) {}

  /** A token rotated or signed out on any instance is forgotten here at once. */
  onModuleInit(): void {
    this.revocations.onRevoked(({ playerId }) => this.callers.forgetPlayer(playerId));
  }

  /** A person: the name and the first device's session. */
  async create(name: string): Promise<PlayerCreatedDto> {
    const token = newToken();
    const player = await createPlayer(this.db, {
      id: randomUUID(),
      name,
      sessionId: randomUUID(),
      tokenHash: hashToken(token).toString('hex'),
    });
    return { id: player.id, name: player.name, token };
  }

  /**
   * A new token replaces the one of the session (device) that asks; every instance drops its
   * cached copy of the old one and closes the sockets and streams opened with it. The player's
   * other devices keep theirs.
   */
  async rotateToken(caller: Caller & { kind: 'player' }): Promise<PlayerCreatedDto> {
    const token = newToken();
    const replaced = caller.sessionId && (await replaceTokenHash(this.db.pool, caller.sessionId, hashToken(token).toString('hex')));
    // Signed out on another device between the guard and here.
    if (!replaced) throw ApiError.of('TOKEN_INVALID', 'this token was signed out');
    // This instance's listeners (the caches, the streams) hear it at once, the others by NOTIFY.
    await this.revocations.revoke({ playerId: caller.playerId, credential: caller.credential ?? '' });
    return { id: caller.playerId, name: caller.name, token };
  }
}
