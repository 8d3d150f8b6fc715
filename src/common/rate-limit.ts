import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { networkOf } from './client-network.js';
import { ApiError } from './problems.js';

/**
 * Two buckets per minute, in memory, per instance (behind a load balancer each instance counts
 * on its own, see docs/service.md "Scaling"), both from @fastify/rate-limit:
 *
 * - the client address (RATE_LIMIT_PER_ADDRESS_PER_MINUTE), as the first hook after the request
 *   id, so every request counts — bad JSON, unknown routes, 413s, /health, unknown tokens —
 *   before its body is read; the address is what TRUST_PROXY makes of X-Forwarded-For, an IPv6
 *   address counted by its network (IPV6_PREFIX_LENGTH, client-network.ts);
 * - the player (RATE_LIMIT_PER_MINUTE), only once its token is resolved (AuthGuard), so a
 *   random bearer string never gets a bucket of its own, while players behind one NAT keep
 *   theirs.
 *
 * Each store is an LRU of at most BUCKETS keys (a key pushed out starts afresh), which bounds
 * its memory. RATE_LIMIT_PER_MINUTE=0 turns both off.
 */
const WINDOW_MS = 60_000;
const BUCKETS = 100_000;

export async function addressRateLimit(fastify: FastifyInstance, settings: Settings): Promise<void> {
  const limit = settings.rateLimitPerAddressPerMinute;
  // Registered for the other buckets too (PlayerRateLimit, NewPlayerLimit), even when the address's is off.
  await fastify.register(rateLimit, {
    global: false,
    max: limit,
    timeWindow: WINDOW_MS,
    cache: BUCKETS,
    // The address's key for every bucket created from this registration (the new players' too).
    keyGenerator: (req) => networkOf(req.ip, settings.ipv6PrefixLength),
    enableDraftSpec: true,
    errorResponseBuilder: (_req, ctx) => limited(limit, ctx.ttl, 'from this address'),
  });
  // A root hook rather than the plugin's per-route one: unknown routes are counted too.
  if (limit > 0) fastify.addHook('onRequest', fastify.rateLimit());
}

/** The per-player bucket, hit by AuthGuard with the resolved caller. */
@Injectable()
export class PlayerRateLimit {
  private readonly limit: number;
  private readonly addressLimit: number;
  private check: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  /** The address's bucket of every request (`addressRateLimit`'s own store). */
  private checkAddress: ReturnType<FastifyInstance['createRateLimit']> | null = null;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly adapter: HttpAdapterHost,
  ) {
    this.limit = settings.rateLimitPerMinute;
    this.addressLimit = settings.rateLimitPerAddressPerMinute;
  }

  async hit(key: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.limit === 0) return;
    (req as FastifyRequest & { playerBucket?: string }).playerBucket = key;
    this.check ??= this.limiter();
    const bucket = await this.check(req);
    if (bucket.isAllowed) return;
    reply.header('RateLimit-Limit', String(this.limit));
    reply.header('RateLimit-Remaining', String(bucket.remaining));
    if (bucket.isExceeded) throw limited(this.limit, bucket.ttl, 'with this token', reply);
  }

  /**
   * A WebSocket frame, counted in the player's bucket and the address's as a request is, before
   * anything reads it: false once either is exceeded (the socket is then closed).
   */
  async takeFrame(key: string, address: string): Promise<boolean> {
    if (this.limit === 0) return true;
    this.check ??= this.limiter();
    const player = await this.check({ playerBucket: key, routeOptions: {} } as unknown as FastifyRequest);
    if (!player.isAllowed && player.isExceeded) return false;
    if (this.addressLimit === 0) return true;
    this.checkAddress ??= this.adapter.httpAdapter.getInstance<FastifyInstance>().createRateLimit();
    const from = await this.checkAddress({ ip: address, routeOptions: {} } as unknown as FastifyRequest);
    return from.isAllowed || !from.isExceeded;
  }

  /** Created at first use: the plugin decorates the Fastify instance only once it is registered. */
  private limiter() {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    const options: RateLimitOptions = {
      max: this.limit,
      timeWindow: WINDOW_MS,
      cache: BUCKETS,
      keyGenerator: (req) => (req as FastifyRequest & { playerBucket: string }).playerBucket,
    };
    return fastify.createRateLimit(options);
  }
}

/**
 * Players created per address per hour (PLAYERS_PER_ADDRESS_PER_HOUR): a new identity is free,
 * and each has a bucket of its own, so without this one address could multiply its player
 * limit at will. A bucket of its own, keyed as the address's.
 */
@Injectable()
export class NewPlayerLimit {
  private readonly limit: number;
  private check: ReturnType<FastifyInstance['createRateLimit']> | null = null;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly adapter: HttpAdapterHost,
  ) {
    this.limit = settings.playersPerAddressPerHour;
  }

  async hit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.limit === 0) return;
    // Keyed as the address's bucket (the registration's keyGenerator).
    const options: RateLimitOptions = { max: this.limit, timeWindow: HOUR_MS, cache: BUCKETS };
    this.check ??= this.adapter.httpAdapter.getInstance<FastifyInstance>().createRateLimit(options);
    const bucket = await this.check(req);
    if (bucket.isAllowed || !bucket.isExceeded) return;
    const retryAfter = Math.max(1, Math.ceil(bucket.ttl / 1000));
    reply.header('Retry-After', String(retryAfter));
    throw ApiError.of('TOO_MANY_PLAYERS', `this address created ${this.limit} players within the hour; retry in ${retryAfter} s`);
  }
}
const HOUR_MS = 3_600_000;

/**
 * Wrong link codes per address per hour (WRONG_LINK_CODES_PER_ADDRESS_PER_HOUR): only a code
 * that signs nobody in counts, so a person who mistypes once is not punished, while guessing
 * stops after a few tries. Once the count is reached every try is refused before its code is
 * looked at — a right code too, so that a 201 among the 429s tells a guesser nothing. Kept here
 * rather than in the plugin's stores, which count every hit and cannot be asked without one.
 */
@Injectable()
export class WrongLinkCodeLimit {
  private readonly limit: number;
  private readonly ipv6PrefixLength: number;
  private readonly wrong = new LRUCache<string, { count: number; until: number }>({ max: BUCKETS });

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.limit = settings.wrongLinkCodesPerAddressPerHour;
    this.ipv6PrefixLength = settings.ipv6PrefixLength;
  }

  /** 429 TOO_MANY_WRONG_CODES (with Retry-After) when the address has used up its wrong codes. */
  check(req: FastifyRequest, reply: FastifyReply, now = Date.now()): void {
    if (this.limit === 0) return;
    const bucket = this.wrong.get(this.keyOf(req));
    if (!bucket || bucket.until <= now || bucket.count < this.limit) return;
    const retryAfter = Math.max(1, Math.ceil((bucket.until - now) / 1000));
    reply.header('Retry-After', String(retryAfter));
    throw ApiError.of('TOO_MANY_WRONG_CODES', `this address sent ${this.limit} wrong link codes within the hour; retry in ${retryAfter} s`);
  }

  /** One more wrong code from the request's address. */
  miss(req: FastifyRequest, now = Date.now()): void {
    if (this.limit === 0) return;
    const key = this.keyOf(req);
    const bucket = this.wrong.get(key);
    if (bucket && bucket.until > now) bucket.count++;
    else this.wrong.set(key, { count: 1, until: now + HOUR_MS });
  }

  private keyOf(req: FastifyRequest): string {
    return networkOf(req.ip, this.ipv6PrefixLength);
  }
}

/** 429 RATE_LIMITED with Retry-After (on `reply` when given; the plugin sets it for the address bucket). */
function limited(limit: number, ttlMs: number, who: string, reply?: FastifyReply): ApiError {
  const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
  reply?.header('Retry-After', String(retryAfter));
  return ApiError.of('RATE_LIMITED', `more than ${limit} requests in a minute ${who}; retry in ${retryAfter} s`);
}
