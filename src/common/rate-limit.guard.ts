import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { bearerToken, hashToken } from './auth.js';
import { ApiError } from './problems.js';

const SKIP_KEY = 'kartentisch:no-rate-limit';
/** Routes a load balancer or monitor polls (/health) are not counted. */
export const NoRateLimit = () => SetMetadata(SKIP_KEY, true);

/**
 * RATE_LIMIT_PER_MINUTE per client in fixed one-minute windows; 0 turns it off. A client is
 * its bearer token when it sends one (players behind one NAT or one benchmark host are
 * separate clients), else its IP address. In memory, per instance: behind a load balancer
 * each instance counts on its own (see docs/service.md "Scaling").
 *
 * Written here rather than taken from @nestjs/throttler (and nestjs-pino) because those are
 * CommonJS packages that require() the ESM-only NestJS 12, which Jest on Node 20 cannot load.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(@Inject(SETTINGS) private readonly settings: Settings, private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const limit = this.settings.rateLimitPerMinute;
    if (limit === 0 || this.reflector.getAllAndOverride<boolean>(SKIP_KEY, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const now = Date.now();
    const window = Math.floor(now / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const token = bearerToken(req);
    const client = token ? `t:${hashToken(token).toString('hex')}` : `ip:${req.ip}`;
    const count = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, count);
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
    if (count > limit) {
      const retryAfter = Math.ceil(((window + 1) * 60_000 - now) / 1000);
      res.setHeader('Retry-After', String(retryAfter));
      throw ApiError.of('RATE_LIMITED', `more than ${limit} requests in a minute; retry in ${retryAfter} s`);
    }
    return true;
  }
}
