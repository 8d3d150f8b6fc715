import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem.dto.js';
import { DatabaseService } from '../database/database.service.js';
import { isMigrated, readMigrations, type Migration } from '../database/migrations.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  private migrations: Promise<Migration[]> | null = null;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly db: DatabaseService,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: '200 once the database is reachable and every migration is applied' })
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
