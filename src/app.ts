import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { createLogger, PinoNestLogger, requestLogging } from './common/logging.js';
import { AppModule } from './app.module.js';
import { ApiError } from './common/problems.js';
import type { Settings } from './config/env.js';
import { setupOpenApi } from './openapi.js';
import { serveWebApp } from './web-app.js';

/** Builds the configured app (used by main.ts and by the e2e tests, so both run the same thing). */
export async function createApp(settings: Settings): Promise<INestApplication> {
  const logger = createLogger(settings.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings), { logger: new PinoNestLogger(logger) });
  app.use(requestLogging(logger));
  app.set('trust proxy', 'loopback');
  app.use(
    helmet({
      // Swagger UI at /docs needs its inline scripts and styles, and is served over plain
      // HTTP locally, so assets must not be upgraded to https.
      contentSecurityPolicy: {
        directives: { 'script-src': ["'self'", "'unsafe-inline'"], 'style-src': ["'self'", "'unsafe-inline'"], 'upgrade-insecure-requests': null },
      },
    }),
  );
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) =>
        ApiError.of('VALIDATION_FAILED', errors.map((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` }).join('; ')).join('; ')),
    }),
  );
  app.enableShutdownHooks();
  serveWebApp(app);
  setupOpenApi(app);
  return app;
}
