import 'reflect-metadata';
import type { ServerResponse } from 'node:http';
import { Controller, Get, HttpCode, Inject, Module, Param, Post, Res, type OnModuleDestroy } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The API benchmark's yardstick: the bare minimum a NestJS 12 service on Express
 * does for a write — one route, one `INSERT … RETURNING` through `pg`, JSON out; no guards, no
 * logging, no validation, no Prisma. `npm run bench:api` starts it from the build
 * (dist/bench/baseline/main.js) with DATABASE_URL and PORT, reads its CPU time from
 * /proc/<pid>/stat as it does the service's, and divides the service's CPU per action by this
 * app's CPU per request. GET /health only tells the bench that it is listening.
 *
 * With ADAPTER=fastify the same app runs on @nestjs/platform-fastify, the service's adapter:
 * the bench's floor, one GET that reads a row (`/rows/1`) and one POST that inserts one per
 * pair — an action's two requests and two statements with nothing of a game in them.
 * The live floor (bench/live-floor.ts) follows a group with `GET /follow/:group`, a response
 * held open, and moves with `POST /move/:group`: one insert, then one short line written to
 * every follower of the group — a live action's POST and pushes with nothing of a game in them.
 * The same played on WebSockets (the service's live shape by default): every seat of a group
 * opens `/play?group=…` and moves by sending any frame on it; one insert, then one short frame to
 * every seat of the group.
 */

/** The open follow responses of each group. */
const followers = new Map<string, Set<ServerResponse>>();

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

  @Get('rows/:id')
  async row(@Param('id') id: string): Promise<{ id: string; note: string } | undefined> {
    const { rows } = await this.pool.query<{ id: string; note: string }>('SELECT id, note FROM baseline_rows WHERE id = $1', [id]);
    return rows[0] && { id: String(rows[0].id), note: rows[0].note };
  }

  @Get('follow/:group')
  follow(@Param('group') group: string, @Res() reply: FastifyReply | ServerResponse): void {
    const res = 'raw' in reply ? (reply.hijack(), reply.raw) : reply;
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
    res.flushHeaders();
    let set = followers.get(group);
    if (!set) followers.set(group, (set = new Set()));
    set.add(res);
    res.once('close', () => set.delete(res));
  }

  @Post('move/:group')
  @HttpCode(201)
  async move(@Param('group') group: string): Promise<{ id: string }> {
    const { rows } = await this.pool.query<{ id: string }>('INSERT INTO baseline_rows (note) VALUES ($1) RETURNING id', ['move']);
    const id = String(rows[0]!.id);
    const line = `{"id":"${id}"}\n`;
    for (const res of followers.get(group) ?? []) res.write(line);
    return { id };
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
  await setup.query("INSERT INTO baseline_rows (id, note) VALUES (1, 'bench') ON CONFLICT DO NOTHING");
  await setup.query("SELECT setval('baseline_rows_id_seq', greatest(2, (SELECT max(id) FROM baseline_rows)))");
  await setup.end();
  const app =
    process.env.ADAPTER === 'fastify'
      ? await NestFactory.create<NestFastifyApplication>(BaselineModule, new FastifyAdapter(), { logger: false })
      : await NestFactory.create(BaselineModule, { logger: false });
  app.enableShutdownHooks();
  playOnSockets(app.getHttpServer() as import('node:http').Server, app.get<pg.Pool>(POOL));
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
}

/** The live floor on WebSockets: a frame from a seat is a move — one insert, one frame to every seat of its group. */
function playOnSockets(server: import('node:http').Server, pool: pg.Pool): void {
  const groups = new Map<string, Set<WebSocket>>();
  const wss = new WebSocketServer({ server, path: '/play', perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const group = new URL(req.url ?? '', 'http://x').searchParams.get('group') ?? '';
    let set = groups.get(group);
    if (!set) groups.set(group, (set = new Set()));
    set.add(ws);
    ws.on('close', () => set.delete(ws));
    ws.on('message', async () => {
      const { rows } = await pool.query<{ id: string }>('INSERT INTO baseline_rows (note) VALUES ($1) RETURNING id', ['move']);
      const frame = `{"id":"${String(rows[0]!.id)}"}`;
      for (const seat of set) seat.send(frame);
    });
  });
}

void main();
