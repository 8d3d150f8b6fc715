import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { ApiError } from './problems.js';
import { ProblemDto } from './problem.dto.js';
import { PlayerRateLimit } from './rate-limit.js';

/** Who sent a request: a player (by bearer token) or the auditor (AUDIT_TOKEN). */
export type Caller = { kind: 'player'; playerId: string; name: string; credential?: string; sessionId?: string } | { kind: 'auditor' };
export type CallerKind = Caller['kind'];

/** Tokens are 256 random bits; only their SHA-256 is stored (docs/design.md#hidden-information). */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): Buffer => hash('sha256', token, 'buffer');

const AUTH_KEY = 'kartentisch:auth';

/** Marks a route as needing a bearer token of one of `kinds`; documents it in OpenAPI too. */
export const Auth = (...kinds: CallerKind[]) =>
  applyDecorators(
    SetMetadata(AUTH_KEY, kinds),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or unknown token (TOKEN_MISSING, TOKEN_INVALID)', type: ProblemDto }),
    ApiForbiddenResponse({ description: 'The token may not do this (AUDITOR_ONLY, PLAYER_ONLY, NOT_SEATED)', type: ProblemDto }),
  );

/** The resolved caller of a route marked with @Auth. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  return ctx.switchToHttp().getRequest<FastifyRequest & { caller: Caller }>().caller;
});

/**
 * `Authorization: Bearer <token>`; on a WebSocket upgrade, whose browser client cannot set
 * headers, also the subprotocol `bearer.<token>` (src/hands/hand-socket.ts).
 */
function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
    return m ? m[1]! : null;
  }
  const offered = req.headers['sec-websocket-protocol'];
  if (typeof offered !== 'string' || req.headers.upgrade?.toLowerCase() !== 'websocket') return null;
  const named = offered.split(',').find((p) => p.trim().startsWith(BEARER_PROTOCOL));
  return named ? named.trim().slice(BEARER_PROTOCOL.length) || null : null;
}
const BEARER_PROTOCOL = 'bearer.';

/**
 * The player and session (device) holding a token, by its hash, and the note that the session
 * was used: the sessions' store answers both (players/session-store.ts). The app provides them
 * under this token, so that auth, below the players, does not import them.
 */
export const TOKEN_OWNER = Symbol('TOKEN_OWNER');
export interface TokenOwner {
  byHash(
    q: DatabaseService['pool'],
    tokenHash: string,
  ): Promise<{ id: string; name: string; token_hash: string; session_id: string } | undefined>;
  touch(q: DatabaseService['pool'], sessionId: string): Promise<void>;
}

/**
 * Bearer token → caller, with two bounded caches (lru-cache): resolved players for a few
 * seconds (a round-trip saved per action), and unknown tokens briefly, so a flood of random
 * tokens costs one lookup each at most once. A rotated token is forgotten here at once; other
 * instances stop accepting it when their entry expires (PLAYER_CACHE_TTL_MS).
 */
const PLAYER_CACHE_TTL_MS = 5_000;

@Injectable()
export class CallerResolver {
  private readonly players = new LRUCache<string, { playerId: string; name: string; credential: string; sessionId: string }>({
    max: 100_000,
    ttl: PLAYER_CACHE_TTL_MS,
  });
  private readonly unknown = new LRUCache<string, true>({ max: 10_000, ttl: 5_000 });
  private readonly auditHash: Buffer | null;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly db: DatabaseService,
    @Inject(TOKEN_OWNER) private readonly ownerOf: TokenOwner,
  ) {
    this.auditHash = settings.auditToken ? hashToken(settings.auditToken) : null;
  }

  async resolve(token: string): Promise<Caller | null> {
    const hash = hashToken(token);
    // Comparing digests of equal length in constant time: no timing hint about AUDIT_TOKEN.
    if (this.auditHash && timingSafeEqual(hash, this.auditHash)) return { kind: 'auditor' };
    const key = hash.toString('hex');
    if (this.unknown.has(key)) return null;
    let player = this.players.get(key);
    if (!player) {
      const row = await this.ownerOf.byHash(this.db.pool, key);
      // The index lookup finds the row; the constant-time check is what accepts it.
      if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), hash)) {
        this.unknown.set(key, true);
        return null;
      }
      player = { playerId: row.id, name: row.name, credential: credentialOf(key), sessionId: row.session_id };
      this.players.set(key, player);
      // The session's "last used" is a courtesy to its player: a failed note fails no request.
      this.ownerOf.touch(this.db.pool, row.session_id).catch(() => undefined);
    }
    return { kind: 'player', ...player };
  }

  /** After a rotation or a signed-out session: the old token stops working on this instance at once. */
  forgetPlayer(playerId: string): void {
    const keys = [...this.players.entries()].filter(([, p]) => p.playerId === playerId).map(([key]) => key);
    for (const key of keys) this.players.delete(key);
  }
}

/**
 * What names the token a caller was resolved from, without being it: a prefix of its digest. A
 * rotation revokes the old credential's sockets and streams (token-revocations.ts).
 */
export const credentialOf = (digestHex: string): string => digestHex.slice(0, 16);

/** Enforces @Auth: 401 without a known token, 403 for a token of the wrong kind. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: CallerResolver,
    private readonly rateLimit: PlayerRateLimit,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const kinds = this.reflector.getAllAndOverride<CallerKind[] | undefined>(AUTH_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!kinds) return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { caller?: Caller }>();
    const token = bearerToken(req);
    if (!token) throw ApiError.of('TOKEN_MISSING', 'send `Authorization: Bearer <token>`');
    const caller = await this.resolver.resolve(token);
    if (!caller) throw ApiError.of('TOKEN_INVALID', 'the bearer token is not a player token nor the auditor token');
    await this.rateLimit.hit(caller.kind === 'player' ? caller.playerId : 'auditor', req, ctx.switchToHttp().getResponse<FastifyReply>());
    if (!kinds.includes(caller.kind)) {
      throw caller.kind === 'auditor' ? ApiError.of('PLAYER_ONLY') : ApiError.of('AUDITOR_ONLY');
    }
    req.caller = caller;
    return true;
  }
}
