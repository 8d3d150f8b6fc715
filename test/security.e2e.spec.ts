import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';

/** Security: what an attacker tried, answered. */
describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const code = (res: { status: number; body: { code?: string } }) => ({ status: res.status, code: res.body.code });

  describe('rate limiting', () => {
    const limited = async (env: Record<string, string>, run: (l: TestApp) => Promise<void>) => {
      const l = await startApp({ RATE_LIMIT_PER_MINUTE: '3', ...env });
      try {
        await run(l);
      } finally {
        await l.close();
      }
    };

    it('random bearer tokens from one address do not each get a fresh bucket', () =>
      limited({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '10' }, async (l) => {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++)
          statuses.push((await l.http.get('/players/me').set(bearer(randomBytes(32).toString('base64url')))).status);
        expect(statuses.filter((s) => s === 401)).toHaveLength(10);
        expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      }));

    it('bad JSON, 404, 413 and /health count too', () =>
      limited({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '4' }, async (l) => {
        expect((await l.http.post('/players').set('Content-Type', 'application/json').send('{"name":')).status).toBe(400);
        expect((await l.http.get('/no/such/route')).status).toBe(404);
        expect(
          (
            await l.http
              .post('/players')
              .set('Content-Type', 'application/json')
              .send(JSON.stringify({ name: 'x'.repeat(2_000_000) }))
          ).status,
        ).toBe(413);
        expect((await l.http.get('/health')).status).toBe(200);
        const res = await l.http.get('/health');
        expect(code(res)).toEqual({ status: 429, code: 'RATE_LIMITED' });
        expect(res.headers['retry-after']).toEqual(expect.any(String));
      }));

    it('a player has a bucket of its own once its token is resolved', () =>
      limited({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100' }, async (l) => {
        const p = (await l.http.post('/players').send({ name: 'Busy' }).expect(201)).body;
        for (let i = 0; i < 3; i++) await l.http.get('/players/me').set(bearer(p.token)).expect(200);
        expect(code(await l.http.get('/players/me').set(bearer(p.token)))).toEqual({ status: 429, code: 'RATE_LIMITED' });
        // the address is not exhausted: requests without that token still pass
        await l.http.get('/tables/not-a-uuid').expect(404);
      }));

    it("TRUST_PROXY names whose X-Forwarded-For counts: by default nobody's beyond loopback, `false` not even that", async () => {
      await limited({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2', TRUST_PROXY: 'false' }, async (l) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await l.http.get('/tables/not-a-uuid').set('X-Forwarded-For', `203.0.113.${i}`)).status);
        expect(statuses).toEqual([404, 404, 429, 429]);
      });
      await limited({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2', TRUST_PROXY: 'loopback' }, async (l) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await l.http.get('/tables/not-a-uuid').set('X-Forwarded-For', `203.0.113.${i}`)).status);
        expect(statuses).toEqual([404, 404, 404, 404]);
      });
    });
  });

  it('the strict CSP everywhere but /docs', async () => {
    const api = await t.http.get('/health');
    expect(api.headers['content-security-policy']).toBeDefined();
    expect(api.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect((await t.http.get('/no/such/route')).headers['content-security-policy']).not.toContain('unsafe-inline');
    const docs = await t.http.get('/docs/');
    expect(docs.headers['content-security-policy']).toContain('unsafe-inline');
  });

  it('GET /players/me names the caller; POST /players/me/token rotates the token and the old one stops working at once', async () => {
    const p = (await t.http.post('/players').send({ name: 'Rotating' }).expect(201)).body;
    expect((await t.http.get('/players/me').set(bearer(p.token)).expect(200)).body).toEqual({ id: p.id, name: 'Rotating' });
    const rotated = await t.http.post('/players/me/token').set(bearer(p.token)).expect(201);
    expect(rotated.body).toEqual({ id: p.id, name: 'Rotating', token: expect.any(String) });
    expect(rotated.body.token).not.toBe(p.token);
    expect(code(await t.http.get('/players/me').set(bearer(p.token)))).toEqual({ status: 401, code: 'TOKEN_INVALID' });
    expect((await t.http.get('/players/me').set(bearer(rotated.body.token)).expect(200)).body.id).toBe(p.id);
  });

  it('names are printable, NFC-normalised and trimmed; control and bidi characters are 400', async () => {
    expect((await t.http.post('/players').send({ name: '  Rene\u0301  ' }).expect(201)).body.name).toBe('René');
    for (const name of ['Resi\u202e', 'a\u0007b', 'line\nbreak', '\u200f', '   ', 'tab\there', 'x\u2028y']) {
      expect(code(await t.http.post('/players').send({ name }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});
