import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { freePort } from '../src/database/embedded.js';
import { migrate } from '../src/database/migrations.js';
import { scratchDatabase } from '../scripts/lib/scratch-database.js';
import { reckon, startLoad, terminateBackends } from '../scripts/lib/chaos-load.js';
import { AUDIT_TOKEN, startApp, type TestApp } from './support/app.testkit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL fault is an ordinary event. The app's backends are terminated
 * (`pg_terminate_backend`, what a failover or a DBA does) again and again while bot tables
 * play with idempotent retries: the process lives on, every request is answered 200 or
 * 503 DATABASE_UNAVAILABLE with Retry-After, /health recovers by itself, and the log holds
 * every acknowledged action once, without gaps.
 */
describe('database faults under load', () => {
  const applicationName = `kartentisch_chaos_${process.pid}`;
  const adminUrl = process.env.DATABASE_URL!;
  const scratch = scratchDatabase(adminUrl, 'chaos');
  const admin = new pg.Client({ connectionString: adminUrl });
  let t: TestApp;
  let url: string;
  let dbUrl: string;

  beforeAll(async () => {
    await admin.connect();
    await scratch.create();
    const own = new URL(scratch.url);
    own.searchParams.set('application_name', applicationName);
    dbUrl = own.toString();
    await migrate(dbUrl);
    t = await startApp({ DATABASE_URL: dbUrl });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await scratch.drop();
    await admin.end();
  });

  it('survives terminated backends mid-transaction: 200 or 503, /health recovers, nothing lost or partial', async () => {
    const load = await startLoad(url, { tables: 4, seed: 10 });
    await sleep(800);
    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      terminated += (await terminateBackends(adminUrl, applicationName, 300)).terminated;
      await sleep(100 + 50 * round);
    }
    expect(terminated).toBeGreaterThan(8);
    // /health goes green again by itself
    let healthy = false;
    for (let i = 0; i < 50 && !healthy; i++, await sleep(200)) healthy = (await fetch(`${url}/health`)).status === 200;
    expect(healthy).toBe(true);
    // the LISTEN connection of live updates is back too
    const listening = async () =>
      (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND query = 'LISTEN hand_moved'`, [applicationName]))
        .rowCount;
    for (let i = 0; i < 50 && !(await listening()); i++) await sleep(100);
    expect(await listening()).toBe(1);
    const before = load.record.acks.length;
    for (let i = 0; i < 100 && load.record.acks.length < before + 20; i++) await sleep(100); // and the bots play on
    const errors = await load.stop();
    expect(errors.map((e) => e.message)).toEqual([]);

    const faults = Object.fromEntries(load.record.faults);
    expect(Object.keys(faults).filter((k) => k !== '503 DATABASE_UNAVAILABLE')).toEqual([]);
    expect(load.record.missingRetryAfter).toBe(0);
    const r = await reckon(url, dbUrl, AUDIT_TOKEN, load);
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ lost: 0, duplicated: 0, gaps: 0, unacknowledged: 0, notVerified: 0, ledgersNotZero: 0 });
    expect(r.acknowledged).toBeGreaterThan(50);
  }, 60_000);
});

describe('with the database unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // nothing listens there: every connection attempt is refused
    t = await startApp({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/nowhere` });
  });
  afterAll(() => t.close());

  it.each([
    ['POST /players (Prisma)', () => t.http.post('/players').send({ name: 'Resi' })],
    [
      'GET /hands/{id} (raw SQL, after the token lookup)',
      () => t.http.get('/hands/00000000-0000-4000-8000-000000000000').set('Authorization', 'Bearer x'.padEnd(40, 'x')),
    ],
    ['GET /health', () => t.http.get('/health')],
  ])('%s answers 503 DATABASE_UNAVAILABLE as problem+json with Retry-After', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
  });
});

describe('with a database that accepts connections but never answers (a cut network)', () => {
  let t: TestApp;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    t = await startApp({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/silent` });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    for (const s of sockets) s.destroy();
    silent.close();
  });

  it('/health goes red within its time limit instead of hanging', async () => {
    const started = Date.now();
    const res = await t.http.get('/health');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('a request that needs the database answers 503 once the connection attempt gives up', async () => {
    const res = await t.http.post('/players').send({ name: 'Resi' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
  }, 20_000);
});
