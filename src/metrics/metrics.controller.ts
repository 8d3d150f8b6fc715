import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { hashToken } from '../common/auth.js';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { processRegistry } from './counters.js';
import { LiveGauges } from './live-gauges.js';

/**
 * `GET /metrics`, the Prometheus text format, for the scraper holding METRICS_TOKEN only: the
 * figures say how busy the instance is and when its bots think less, which is the operator's
 * business, not a player's. Not in the OpenAPI document: it is no part of the players' API, and
 * the fuzzer, which draws its requests from that document, has no token for it.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  private readonly tokenDigest: Buffer;

  // @Inject by class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(SETTINGS) settings: Settings,
    @Inject(LiveGauges) private readonly gauges: LiveGauges,
  ) {
    this.tokenDigest = hashToken(settings.metricsToken!);
  }

  @Get()
  @Header('Content-Type', processRegistry.contentType)
  @Header('Cache-Control', 'no-store')
  async scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw ApiError.of('TOKEN_MISSING', 'send `Authorization: Bearer <METRICS_TOKEN>`');
    // Digests of equal length compared in constant time: no timing hint about the token.
    if (!timingSafeEqual(hashToken(token), this.tokenDigest)) throw ApiError.of('TOKEN_INVALID', 'the bearer token is not METRICS_TOKEN');
    return (await processRegistry.metrics()) + (await this.gauges.registry.metrics());
  }
}
