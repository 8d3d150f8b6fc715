import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MemoryStore, rateLimit, type Options } from 'express-rate-limit';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { ApiError } from './problems.js';

/**
 * Two buckets per minute, in memory, per instance (behind a load balancer each instance counts
 * on its own, see docs/service.md "Scaling"), both from express-rate-limit:
 *
 * - the client address (RATE_LIMIT_PER_ADDRESS_PER_MINUTE), as the first middleware, so every
 *   request counts — bad JSON, unknown routes, 413s, /health, unknown tokens — before it costs
 *   anything; the address is what TRUST_PROXY makes of X-Forwarded-For, IPv6 by /56 subnet;
 * - the player (RATE_LIMIT_PER_MINUTE), only once its token is resolved (AuthGuard), so a
 *   random bearer string never gets a bucket of its own, while players behind one NAT keep
 *   theirs.
 *
 * The store drops a window's keys when the window is over, which bounds its memory by the
 * clients of one minute. RATE_LIMIT_PER_MINUTE=0 turns both off.
 */
const WINDOW_MS = 60_000;

export function addressRateLimit(settings: Settings): RequestHandler | null {
  const limit = settings.rateLimitPerMinute === 0 ? 0 : settings.rateLimitPerAddressPerMinute;
  if (limit === 0) return null;
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    // With TRUST_PROXY=false a forwarded header is ignored on purpose; no warning for it.
    validate: { xForwardedForHeader: false },
    handler: (req: Request, res: Response, next: NextFunction) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      next(limited(res, limit, resetTime?.getTime() ?? Date.now() + WINDOW_MS, 'from this address'));
    },
  });
}

/** The per-player bucket, hit by AuthGuard with the resolved caller. */
@Injectable()
export class PlayerRateLimit implements OnModuleDestroy {
  private readonly store = new MemoryStore();
  private readonly limit: number;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.limit = settings.rateLimitPerMinute;
    this.store.init({ windowMs: WINDOW_MS } as Options);
  }

  async hit(key: string, res: Response): Promise<void> {
    if (this.limit === 0) return;
    const { totalHits, resetTime } = await this.store.increment(key);
    res.setHeader('RateLimit-Limit', String(this.limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, this.limit - totalHits)));
    if (totalHits > this.limit) throw limited(res, this.limit, resetTime?.getTime() ?? Date.now() + WINDOW_MS, 'with this token');
  }

  onModuleDestroy(): void {
    this.store.shutdown();
  }
}

function limited(res: Response, limit: number, resetAt: number, who: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  res.setHeader('Retry-After', String(retryAfter));
  return ApiError.of('RATE_LIMITED', `more than ${limit} requests in a minute ${who}; retry in ${retryAfter} s`);
}
