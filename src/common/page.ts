import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { isUuid } from './ids.js';
import { ApiError } from './problems.js';

/**
 * Lists newest first, keyset-paginated on (created_at, id): the cursor is that key of the
 * page's last item, base64url-encoded — opaque to clients, and a forged one selects nothing
 * it could not select anyway (GET /tables, the hand histories).
 */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}

export const encodeCursor = (createdAt: string, id: string): string => Buffer.from(`${createdAt}|${id}`).toString('base64url');

/**
 * Only what encodeCursor writes: an ISO instant exactly as toISOString renders it, and a UUID.
 * (Date.parse takes a bare "0", a day past the end of its month, and years PostgreSQL cannot hold.)
 */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const instant = createdAt && ISO_INSTANT.test(createdAt) ? new Date(createdAt) : null;
  if (!instant || Number.isNaN(instant.getTime()) || instant.toISOString() !== createdAt || !id || !isUuid(id) || rest.length) {
    throw ApiError.of('VALIDATION_FAILED', 'cursor is not one this API gave out');
  }
  return { createdAt, id };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
