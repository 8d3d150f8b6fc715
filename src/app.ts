import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { jsonBodyParser, jsonLimits, JSON_BODY_LIMIT } from './common/json-limits.js';
import { addressRateLimit } from './common/rate-limit.js';
import { httpTimeouts, limitConnections } from './common/connections.js';
import { createLogger, PinoNestLogger, requestId, requestLogging } from './common/logging.js';
import { routerProblem } from './common/problem.filter.js';
import { securityHeaders, strictHeaders } from './common/security-headers.js';
import { AppModule } from './app.module.js';
import { HandSockets } from './hands/hand-socket.js';
import { ApiError } from './common/problems.js';
import type { Settings } from './config/env.js';
import { setupOpenApi } from './openapi.js';
import { serveWebApp } from './web-app.js';
import { timeRequests } from './metrics/http-metrics.js';

/**
 * Builds the configured app (used by main.ts and by the e2e tests, so both run the same thing):
 * NestJS on Fastify, for its cheap request path.
 * The hooks run in the order registered here — request id and log, the requests' timing (only
 * with /metrics on), the address's rate limit (before the body is read, so every request
 * counts), security headers, the web app's pages — then Fastify parses the body (JSON only, at
 * most 100 kB) and the JSON limits check it.
 */
export async function createApp(settings: Settings): Promise<INestApplication> {
  const logger = createLogger(settings.logLevel, settings.logFormat);
  const adapter = new FastifyAdapter({
    // A number is a count of proxy hops: Fastify takes it (proxy-addr), its types do not say so.
    trustProxy: settings.trustProxy as boolean | string[],
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: requestId,
    logger: false,
    // Ids of any length reach the route, so a long one gets the route's own 404, not the router's.
    routerOptions: { maxParamLength: 8192 },
    frameworkErrors: routerProblem(strictHeaders),
    ...httpTimeouts(settings),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(settings), adapter, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    // app.close() ends the connections still open (main.ts has drained them by then): a stream's
    // socket would otherwise keep it waiting under Fastify (test/stream.e2e.spec.ts).
    forceCloseConnections: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  limitConnections(fastify.server, settings);
  requestLogging(fastify, logger);
  if (settings.metricsToken) timeRequests(fastify);
  await addressRateLimit(fastify, settings);
  securityHeaders(fastify);
  jsonBodyParser(fastify);
  fastify.addHook('preValidation', jsonLimits);
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) =>
        ApiError.of(
          'VALIDATION_FAILED',
          errors.map((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` }).join('; ')).join('; '),
        ),
    }),
  );
  app.get(HandSockets).attach(fastify, logger);
  await serveWebApp(app);
  setupOpenApi(app);
  return app;
}
