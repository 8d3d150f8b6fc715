import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError, PROBLEM_CONTENT_TYPE, ProblemCodes, type ProblemCode } from './problems.js';

/** Renders every error as problem+json: ApiError as is, framework errors mapped to a code. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const error = this.toApiError(exception);
    if (error.status >= 500) {
      const reqId = host.switchToHttp().getRequest<{ id?: string }>().id;
      this.logger.error(`request ${reqId}: ${exception instanceof Error ? exception.stack ?? exception.message : String(exception)}`);
    }
    if (res.headersSent) return;
    res.status(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(error.toProblem()));
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof HttpException) return fromHttpException(exception);
    const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
    const type = (exception as { type?: string })?.type;
    // body-parser errors that reach us unwrapped carry a status and a type.
    if (type === 'entity.parse.failed') return ApiError.of('VALIDATION_FAILED', `the body is not valid JSON: ${(exception as Error).message}`);
    if (type === 'entity.too.large') return ApiError.of('PAYLOAD_TOO_LARGE');
    if (typeof status === 'number' && status >= 400 && status < 500) return ApiError.of('VALIDATION_FAILED', (exception as Error).message);
    if (isDatabaseDown(exception)) return ApiError.of('DATABASE_UNAVAILABLE', 'the database is not reachable; retry shortly');
    return ApiError.of('INTERNAL', 'an unexpected error occurred; it has been logged');
  }
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
  if (code) return new ApiError(status, code, ProblemCodes[code].title, status === 429 ? 'too many requests; slow down and retry after a minute' : detail);
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'HTTP_' + status, e.name, detail);
}

/** PostgreSQL unreachable, from pg (socket / SQLSTATE codes) or from Prisma (P1001 …). */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08001', '08006', 'P1001', 'P1002', 'P1017']);

function isDatabaseDown(e: unknown): boolean {
  const err = e as { code?: string; cause?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: string } } } } | null;
  if (!err) return false;
  if (err.code && DOWN_CODES.has(err.code)) return true;
  if (err.meta?.driverAdapterError?.cause?.kind === 'DatabaseNotReachable') return true;
  // pg's AggregateError (IPv4 and IPv6 both refused) and wrapped causes
  const inner = (e as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some(isDatabaseDown)) return true;
  return err.cause !== undefined && err.cause !== e && isDatabaseDown(err.cause);
}
