import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, PROBLEM_CONTENT_TYPE, ProblemCodes, type ProblemCode } from './problems.js';

/** Renders every error as problem+json: ApiError as is, framework errors mapped to a code. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    const error = problemOf(exception);
    if (error.status >= 500) {
      const reqId = host.switchToHttp().getRequest<{ id?: string }>().id;
      this.logger.error(`request ${reqId}: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`);
    }
    if (res.sent || res.raw.headersSent) return;
    // The database may be back in a moment (a failover, a restart): tell clients when to retry.
    if (error.code === 'DATABASE_UNAVAILABLE') res.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    sendProblem(res, error);
  }
}

/** Any error as the problem answered for it: ApiError as is, framework and database errors mapped to a code. */
export function problemOf(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) return fromHttpException(exception);
  const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
  // Fastify's own errors (the body, the URL) carry a statusCode: over the body limit is 413.
  if (status === 413) return ApiError.of('PAYLOAD_TOO_LARGE');
  if (typeof status === 'number' && status >= 400 && status < 500) return ApiError.of('VALIDATION_FAILED', (exception as Error).message);
  if (isDatabaseDown(exception)) return ApiError.of('DATABASE_UNAVAILABLE', 'the database is not reachable; retry shortly');
  return ApiError.of('INTERNAL', 'an unexpected error occurred; it has been logged');
}

/** Writes `error` as problem+json. */
function sendProblem(reply: FastifyReply, error: ApiError): void {
  void reply.status(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(error.toProblem()));
}

/**
 * Fastify's router refuses a URL it cannot decode (400) before any hook or filter runs: the
 * same problem+json as Express's "failed to decode param" gave, with the request id and the
 * security headers the hooks would have set.
 */
export function routerProblem(securityHeaders: (req: FastifyRequest, reply: FastifyReply) => void) {
  return (error: Error, req: FastifyRequest, reply: FastifyReply): void => {
    reply.raw.setHeader('X-Request-Id', req.id);
    securityHeaders(req, reply);
    sendProblem(reply, ApiError.of('VALIDATION_FAILED', error.message));
  };
}

function fromHttpException(e: HttpException): ApiError {
  const status = e.getStatus();
  const body = e.getResponse();
  const message = typeof body === 'object' && body !== null && 'message' in body ? (body as { message: unknown }).message : e.message;
  const detail = Array.isArray(message) ? message.join('; ') : String(message);
  const byStatus: Partial<Record<number, ProblemCode>> = {
    400: 'VALIDATION_FAILED',
    401: 'TOKEN_MISSING',
    404: 'ROUTE_NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMITED',
    503: 'DATABASE_UNAVAILABLE',
  };
  const code = byStatus[status];
  if (code)
    return new ApiError(
      status,
      code,
      ProblemCodes[code].title,
      status === 429 ? 'too many requests; slow down and retry after a minute' : detail,
    );
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'HTTP_' + status, e.name, detail);
}

/** Seconds a client is asked to wait before repeating a request refused with 503 DATABASE_UNAVAILABLE. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/**
 * PostgreSQL unreachable or the connection lost, from pg (socket codes, SQLSTATE class 08
 * "connection exception", 57P01–57P03 "admin shutdown / crash shutdown / cannot connect now",
 * 53300 "too many connections"), from pg's own errors without a code (a connection that ended,
 * a pool checkout timed out), or from Prisma (P1001 …, its driver adapter's error kinds).
 */
const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
const DOWN_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const DOWN_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|Connection ended unexpectedly/;

function isDatabaseDown(e: unknown, depth = 0): boolean {
  const err = e as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } };
  } | null;
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const code = typeof err.code === 'string' ? err.code : '';
  if (DOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof err.message === 'string' && DOWN_MESSAGES.test(err.message)) return true;
  const adapter = err.meta?.driverAdapterError?.cause;
  if (adapter && (DOWN_KINDS.has(adapter.kind ?? '') || isDatabaseDown({ code: adapter.originalCode }, depth + 1))) return true;
  // pg's AggregateError (IPv4 and IPv6 both refused) and wrapped causes
  const inner = (e as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some((x) => isDatabaseDown(x, depth + 1))) return true;
  return err.cause !== undefined && err.cause !== e && isDatabaseDown(err.cause, depth + 1);
}
