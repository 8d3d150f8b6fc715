import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { jsonLimits } from './common/json-limits.js';
import { addressRateLimit } from './common/rate-limit.js';
import { createLogger, PinoNestLogger, requestLogging } from './common/logging.js';
import { AppModule } from './app.module.js';
import { ApiError } from './common/problems.js';
import type { Settings } from './config/env.js';
import { setupOpenApi } from './openapi.js';
import { serveWebApp } from './web-app.js';

/**
 * Helmet's strict defaults everywhere; only Swagger UI at /docs gets the inline scripts and
 * styles it needs. Both are served over plain HTTP locally, so nothing is upgraded to https.
 */
function securityHeaders(): RequestHandler {
  const strict = helmet({ contentSecurityPolicy: { directives: { 'style-src': ["'self'"], 'upgrade-insecure-requests': null } } });
  const docs = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  return (req, res, next) => (req.path === '/docs' || req.path.startsWith('/docs/') ? docs : strict)(req, res, next);
}

/** Builds the configured app (used by main.ts and by the e2e tests, so both run the same thing). */
export async function createApp(settings: Settings): Promise<INestApplication> {
  const logger = createLogger(settings.logLevel);
  // The body parser is mounted below, after the rate limit, so that every request is counted.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.set('trust proxy', settings.trustProxy);
  app.use(requestLogging(logger));
  const limit = addressRateLimit(settings);
  if (limit) app.use(limit);
  app.use(securityHeaders());
  app.useBodyParser('json', { limit: '100kb' });
  app.use(jsonLimits);
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
  serveWebApp(app);
  setupOpenApi(app);
  return app;
}
