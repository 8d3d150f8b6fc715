import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DatabaseService } from '../database/database.service.js';

/**
 * The cheapest useful endpoint of this same app, one row inserted through Prisma, which
 * `bench:api --diagnose` times beside the bare baseline app (bench/baseline) to show
 * what this app's pipeline costs. Mounted only with BENCH_ENDPOINTS=1.
 */
@ApiExcludeController()
@Controller('internal/bench')
export class BenchController {
  constructor(private readonly db: DatabaseService) {}

  @Post('insert')
  @HttpCode(201)
  async insert(): Promise<{ id: string }> {
    const row = await this.db.prisma.benchRow.create({ data: { note: 'bench' } });
    return { id: row.id.toString() };
  }
}
