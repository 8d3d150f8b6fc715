import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.testkit.js';
import { assertNothingHidden } from './support/oracle.testkit.js';
import type { View } from './support/bots.testkit.js';

describe('the service around the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('/health answers 200 once the database is reachable and migrated', async () => {
    const res = await t.http.get('/health').expect(200);
    expect(res.body).toEqual(
      expect.objectContaining({ status: 'ok', info: { database: expect.objectContaining({ status: 'up', migrated: true }) } }),
    );
  });

  it('/docs serves Swagger UI and /docs-json the OpenAPI document with DTOs, bearer scheme, errors and the HandRecord schema', async () => {
    expect((await t.http.get('/docs').expect(200)).text).toMatch(/swagger/i);
    const doc = (await t.http.get('/docs-json').expect(200)).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    for (const name of ['HandRecord', 'ProblemDto', 'CreateTableDto', 'ActionRequestDto', 'HandViewDto', 'TableDto'])
      expect(doc.components.schemas[name]).toBeDefined();
    expect(doc.components.schemas.HandRecord.properties.actions).toBeDefined();
    const act = doc.paths['/hands/{id}/actions'].post;
    for (const status of ['200', '400', '401', '403', '409', '422']) expect(act.responses[status]).toBeDefined();
    expect(doc.paths['/hand-records'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/HandRecord');
    expect(doc.components.schemas.CreateTableDto.properties.rules.example).toBeDefined();
  });

  it("sends security headers and a request id (the client's, when it sends a sane one)", async () => {
    const res = await t.http.get('/health').set('X-Request-Id', 'trace-42');
    expect(res.headers['x-request-id']).toBe('trace-42');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    const fresh = await t.http.get('/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('when the database is unreachable', () => {
  it('answers 503 problem+json (DATABASE_UNAVAILABLE), /health included, never a bare 500', async () => {
    const down = await startApp({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/nothing' });
    try {
      const res = await down.http.get('/tables/00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
      const health = await down.http.get('/health');
      expect(health.status).toBe(503);
      expect(health.body.code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await down.app.close();
    }
  });
});

describe('the benchmark baseline endpoint', () => {
  it('exists only with BENCH_ENDPOINTS=1 and inserts one row through Prisma', async () => {
    const plain = await startApp();
    const bench = await startApp({ BENCH_ENDPOINTS: '1' });
    try {
      expect((await plain.http.post('/internal/bench/insert')).status).toBe(404);
      const before = Number((await bench.sql.query('SELECT count(*) FROM bench_rows')).rows[0].count);
      expect((await bench.http.post('/internal/bench/insert')).status).toBe(201);
      expect(Number((await bench.sql.query('SELECT count(*) FROM bench_rows')).rows[0].count)).toBe(before + 1);
    } finally {
      await plain.close();
      await bench.close();
    }
  });
});

describe('the hidden-information oracle itself', () => {
  const auditor = {
    seat: undefined,
    hands: [
      ['HS', 'H10'],
      ['L7', 'A8'],
    ],
    dobb: ['B6'],
    declarer: null,
    result: null,
  } as unknown as View;
  it("flags another seat's card or the talon in a seat's view", () => {
    expect(() => assertNothingHidden({ seat: 0, hand: ['HS', 'H10'], tricks: ['L7'] } as unknown as View, auditor, null)).toThrow(/L7/);
    expect(() => assertNothingHidden({ seat: 0, hand: ['HS', 'H10'], talon: ['B6'] } as unknown as View, auditor, null)).toThrow(/B6/);
  });
  it('lets a seat see its own cards and anything public', () => {
    expect(() =>
      assertNothingHidden({ seat: 0, hand: ['HS', 'H10'], tricks: ['L7'] } as unknown as View, auditor, { tricks: ['L7'] }),
    ).not.toThrow();
  });
});
