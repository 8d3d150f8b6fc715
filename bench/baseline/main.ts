import 'reflect-metadata';
import { Controller, Get, HttpCode, Inject, Module, Post, type OnModuleDestroy } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';

/**
 * The API benchmark's yardstick (issue 13): the bare minimum a NestJS 12 service on Express
 * does for a write — one route, one `INSERT … RETURNING` through `pg`, JSON out; no guards, no
 * logging, no validation, no Prisma. `npm run bench:api` starts it from the build
 * (dist/bench/baseline/main.js) with DATABASE_URL and PORT, reads its CPU time from
 * /proc/<pid>/stat as it does the service's, and divides the service's CPU per action by this
 * app's CPU per request. GET /health only tells the bench that it is listening.
 */

const POOL = Symbol('pg pool');

@Controller()
class BaselineController {
  constructor(@Inject(POOL) private readonly pool: pg.Pool) {}

  @Post('insert')
  @HttpCode(201)
  async insert(): Promise<{ id: string }> {
    const { rows } = await this.pool.query<{ id: string }>('INSERT INTO baseline_rows (note) VALUES ($1) RETURNING id', ['bench']);
    return { id: String(rows[0]!.id) };
  }

  @Get('health')
  health(): { status: string } {
    return { status: 'ok' };
  }
}

@Module({
  controllers: [BaselineController],
  providers: [{ provide: POOL, useFactory: () => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 16 }) }],
})
class BaselineModule implements OnModuleDestroy {
  constructor(@Inject(POOL) private readonly pool: pg.Pool) {}

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

async function main(): Promise<void> {
  const setup = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await setup.connect();
  await setup.query(
    'CREATE TABLE IF NOT EXISTS baseline_rows (id bigserial PRIMARY KEY, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  await setup.end();
  const app = await NestFactory.create(BaselineModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
}

void main();
