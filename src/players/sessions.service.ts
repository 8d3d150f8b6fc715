import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { credentialOf, hashToken, newToken, type Caller } from '../common/auth.js';
import { ApiError } from '../common/problems.js';
import { WrongLinkCodeLimit } from '../common/rate-limit.js';
import { TokenRevocations } from '../common/token-revocations.js';
import { DatabaseService, type Tx } from '../database/database.service.js';
import { LINK_CODE_MINUTES, linkCodeHash, newLinkCode, readLinkCode } from './link-codes.js';
import { playerName } from './player-store.js';
import type { LinkCodeDto, SessionsDto } from './devices.dto.js';
import type { PlayerCreatedDto } from './players.dto.js';
import { createSession, deleteSession, putLinkCode, sessionsOf, takeLinkCode, type SessionVia } from './session-store.js';

type PlayerCaller = Caller & { kind: 'player' };

/**
 * A player's devices: each signs in with a token of its own (a session), from the name, a
 * one-time link code or a passkey; each can be signed out from any other. A signed-out token is
 * revoked on every instance (token-revocations.ts): it answers 401, and its sockets and streams
 * close.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly revocations: TokenRevocations,
    private readonly wrongCodes: WrongLinkCodeLimit,
  ) {}

  /** A new session for the player: its token, shown only now. */
  async open(q: Pick<Tx, 'query'>, playerId: string, via: SessionVia): Promise<string> {
    const token = newToken();
    await createSession(q, { id: randomUUID(), playerId, tokenHash: hashToken(token).toString('hex'), via });
    return token;
  }

  async list(caller: PlayerCaller): Promise<SessionsDto> {
    const rows = await sessionsOf(this.db, caller.playerId);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        current: s.id === caller.sessionId,
        via: s.via,
      })),
    };
  }

  /** Signs a device out: its token is deleted, then revoked on every instance (this one first). */
  async end(caller: PlayerCaller, sessionId: string): Promise<void> {
    const tokenHash = await deleteSession(this.db.pool, caller.playerId, sessionId);
    if (!tokenHash) throw ApiError.of('SESSION_NOT_FOUND', `this player has no session ${sessionId}`);
    await this.revocations.revoke({ playerId: caller.playerId, credential: credentialOf(tokenHash) });
  }

  /** A one-time code for another device, in place of the player's last one. */
  async issueLinkCode(caller: PlayerCaller): Promise<LinkCodeDto> {
    const code = newLinkCode();
    const expiresAt = new Date(Date.now() + LINK_CODE_MINUTES * 60_000);
    await putLinkCode(this.db.pool, caller.playerId, linkCodeHash(readLinkCode(code)!), expiresAt);
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Another device sends the code: the same player, a new token (the other devices keep theirs).
   * A code that signs nobody in counts against the address (WrongLinkCodeLimit).
   */
  async link(typed: string, req: FastifyRequest, reply: FastifyReply): Promise<PlayerCreatedDto> {
    this.wrongCodes.check(req, reply);
    const chars = readLinkCode(typed);
    const signedIn = chars
      ? await this.db.transaction(async (tx) => {
          const playerId = await takeLinkCode(tx, linkCodeHash(chars));
          if (!playerId) return null;
          const player = await playerName(tx, playerId);
          return player ? { id: player.id, name: player.name, token: await this.open(tx, playerId, 'link') } : null;
        })
      : null;
    if (!signedIn) {
      this.wrongCodes.miss(req);
      throw ApiError.of('LINK_CODE_INVALID', 'no such link code: it is unknown, used or expired; ask the other device for a new one');
    }
    return signedIn;
  }
}
