import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

/**
 * Structured logs (pino): one line per request with its request id (X-Request-Id, taken from
 * the client when sane, else a new UUID, and echoed back), and Nest's own messages. JSON for
 * machines; `pretty` (pino-pretty: time, level, message, then the fields) for a person at a
 * terminal. Not nestjs-pino (when this was written it did not load under the project's Jest set-up).
 */
export function createLogger(level: string, format: 'json' | 'pretty' = 'json'): Logger {
  if (format === 'pretty') {
    const pretty = PinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
    return pino({ level, redact: ['req.headers.authorization'] }, pretty);
  }
  // Buffered writes to stdout (flushed at least every 4 KiB and on exit): one write(2) per
  // request would cost a noticeable share of the action path's CPU under load.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const logger = pino({ level, redact: ['req.headers.authorization'] }, destination);
  setInterval(() => destination.flush(), 1000).unref();
  return logger;
}

/** The request id: the client's X-Request-Id when sane, else a new UUID (Fastify's `genReqId`). */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
const SANE_ID = /^[\w.:-]{1,128}$/;

/**
 * The request id echoed as X-Request-Id, and one JSON line per request — request id, method,
 * url, status, duration — written when the response is sent. Lean on purpose (no per-request
 * child logger, no serializers): at `info` it is on every action's path.
 */
export function requestLogging(fastify: FastifyInstance, logger: Logger): void {
  // On the Node response: Fastify keeps it on every answer, errors and 404s included.
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('X-Request-Id', req.id);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (logger.isLevelEnabled(level)) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      logger[level]({ reqId: req.id, method: req.method, url: req.originalUrl, status, ms }, 'request completed');
    }
    done();
  });
}

/** Nest's logger interface over pino, so framework messages are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
