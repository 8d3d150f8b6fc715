import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { NoRateLimit } from '../common/rate-limit.guard.js';
import { ProblemDto } from '../common/problem.dto.js';
import { DatabaseService } from '../database/database.service.js';
import { isMigrated, readMigrations, type Migration } from '../database/migrations.js';

@ApiTags('health')
@NoRateLimit()
@Controller('health')
export class HealthController {
  private migrations: Promise<Migration[]> | null = null;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly db: DatabaseService,
  ) {}

  @Get()
  // Documented here rather than by terminus, whose schema (added only where it can `require`
  // @nestjs/swagger) differs between the build and the tests, and whose 503 is not our problem+json.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ summary: '200 once the database is reachable and every migration is applied' })
  @ApiOkResponse({
    description: 'healthy',
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok'] }, info: { type: 'object', additionalProperties: true }, error: { type: 'object', additionalProperties: true },
        details: { type: 'object', additionalProperties: true },
      },
      example: { status: 'ok', info: { database: { status: 'up', migrated: true } }, error: {}, details: { database: { status: 'up', migrated: true } } },
    },
  })
  @ApiServiceUnavailableResponse({ type: ProblemDto, description: 'DATABASE_UNAVAILABLE' })
  check() {
    return this.health.check([() => this.database()]);
  }

  private async database() {
    const indicator = this.indicators.check('database');
    try {
      this.migrations ??= readMigrations();
      const migrated = await isMigrated(this.db.pool, await this.migrations);
      return migrated ? indicator.up({ migrated: true }) : indicator.down({ migrated: false, message: 'migrations are not all applied' });
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }
}
