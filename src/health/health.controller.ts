import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem.dto.js';
import { DatabaseService } from '../database/database.service.js';
import { isMigrated, readMigrations, type Migration } from '../database/migrations.js';

/** How long one database check answers /health: red and green both show within this time. */
const HEALTH_CACHE_MS = 1500;
const HEALTH_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  private migrations: Promise<Migration[]> | null = null;
  /** The last database check, shared by every call within HEALTH_CACHE_MS (a probe flood costs one query). */
  private last: { at: number; result: Promise<HealthIndicatorResult> } | null = null;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly db: DatabaseService,
  ) {}

  @Get()
  // Documented here rather than by terminus, whose schema (added only where it can `require`
  // @nestjs/swagger) differs between the build and the tests, and whose 503 is not our problem+json.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ summary: '200 once the database is reachable and every migration is applied (checked at most every 1.5 s)' })
  @ApiOkResponse({
    description: 'healthy',
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok'] },
        info: { type: 'object', additionalProperties: true },
        error: { type: 'object', additionalProperties: true },
        details: { type: 'object', additionalProperties: true },
      },
      example: {
        status: 'ok',
        info: { database: { status: 'up', migrated: true } },
        error: {},
        details: { database: { status: 'up', migrated: true } },
      },
    },
  })
  @ApiServiceUnavailableResponse({ type: ProblemDto, description: 'DATABASE_UNAVAILABLE' })
  check() {
    return this.health.check([() => this.database()]);
  }

  private database(): Promise<HealthIndicatorResult> {
    if (!this.last || Date.now() - this.last.at >= HEALTH_CACHE_MS) this.last = { at: Date.now(), result: this.probe() };
    return this.last.result;
  }

  private async probe(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('database');
    try {
      this.migrations ??= readMigrations();
      const migrations = await this.migrations;
      // A database that does not answer (a cut network) is down too, not a hanging probe.
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
      });
      const migrated = await Promise.race([isMigrated(this.db.pool, migrations), silent]).finally(() => clearTimeout(timer));
      return migrated ? indicator.up({ migrated: true }) : indicator.down({ migrated: false, message: 'migrations are not all applied' });
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }
}
