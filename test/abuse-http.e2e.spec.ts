import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable } from './support/bots.testkit.js';
import { listening } from './support/stream.testkit.js';

/** What one client may hold or create over HTTP: slow bodies, idle connections, identities, tables. */
describe('HTTP under abuse', () => {
  const apps: TestApp[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const start = async (env: Record<string, string>) => {
    const t = await startApp({ RATE_LIMIT_PER_MINUTE: '100000', ...env });
    apps.push(t);
    const base = await listening(t);
    return { t, port: Number(new URL(base).port) };
  };
  /** A raw connection: what it was sent back, and when it closed. */
  const raw = (port: number) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const out = { text: '', closed: false, socket };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (out.text += chunk));
    socket.on('close', () => (out.closed = true));
    socket.on('error', () => undefined);
    return out;
  };

  it('answers a body that does not arrive in time with 408 and closes the connection', async () => {
    const { port } = await start({ REQUEST_TIMEOUT_MS: '400' });
    const c = raw(port);
    c.socket.write('POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na');
    const trickle = setInterval(() => c.socket.write(' '), 100);
    await until(() => c.closed, 3_000);
    clearInterval(trickle);
    expect(c.closed).toBe(true);
    expect(c.text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('holds at most CONNECTIONS_PER_ADDRESS connections from one address', async () => {
    const { port } = await start({ CONNECTIONS_PER_ADDRESS: '3' });
    const held = [raw(port), raw(port), raw(port)];
    await new Promise((r) => setTimeout(r, 200));
    const fourth = raw(port);
    await until(() => fourth.closed, 2_000);
    expect([fourth.closed, fourth.text]).toEqual([true, '']);
    expect(held.map((c) => c.closed)).toEqual([false, false, false]);
    // One given back, the next is served.
    held[0]!.socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const next = raw(port);
    next.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => next.text.includes('\r\n\r\n'), 2_000);
    expect(next.text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('takes the address from the connection, not from X-Forwarded-For, unless a proxy is trusted', async () => {
    const { t } = await start({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) expect((await t.http.get('/health')).status).toBe(200);
    expect((await t.http.get('/health')).status).toBe(429);
    expect((await t.http.get('/health').set('X-Forwarded-For', '198.51.100.1')).status).toBe(429);
  });

  it('creates at most PLAYERS_PER_ADDRESS_PER_HOUR players from one address (429 TOO_MANY_PLAYERS)', async () => {
    const { t } = await start({ PLAYERS_PER_ADDRESS_PER_HOUR: '3' });
    await newPlayers(t, 3, 'Free');
    const res = await t.http.post('/players').send({ name: 'One more' });
    expect([res.status, res.body.code]).toEqual([429, 'TOO_MANY_PLAYERS']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets a player host at most OPEN_TABLES_PER_PLAYER open tables and BOT_TABLES_PER_PLAYER bot-only ones', async () => {
    const { t } = await start({ OPEN_TABLES_PER_PLAYER: '3', BOT_TABLES_PER_PLAYER: '1' });
    const [host, guest] = await newPlayers(t, 2, 'Host');
    const open = () => t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm', rules: {} });
    const tables = [await open(), await open(), await open()];
    expect(tables.map((r) => r.status)).toEqual([201, 201, 201]);
    const fourth = await open();
    expect([fourth.status, fourth.body.code]).toEqual([429, 'TOO_MANY_TABLES']);
    const [first, second, third] = tables.map((r) => r.body.id as string);
    // Bots alone at the first table: allowed once.
    for (const seat of [0, 1, 2, 3]) await t.http.post(`/tables/${first}/bots`).set(bearer(host!.token)).send({ seat }).expect(201);
    const secondBot = await t.http.post(`/tables/${second}/bots`).set(bearer(host!.token)).send({ seat: 0 });
    expect([secondBot.status, secondBot.body.code]).toEqual([429, 'TOO_MANY_TABLES']);
    // With a person seated, bots are welcome.
    await t.http.post(`/tables/${third}/seats`).set(bearer(guest!.token)).send({ seat: 0 }).expect(201);
    await t.http.post(`/tables/${third}/bots`).set(bearer(host!.token)).send({ seat: 1 }).expect(201);
    // A table left waiting for half an hour no longer counts.
    await t.sql.query("UPDATE tables SET created_at = now() - interval '31 minutes' WHERE id = $1", [second]);
    expect((await open()).status).toBe(201);
  });
});

describe('the rest of the review', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("keeps a seat's view and log out of shared caches: no-store, and Vary: Authorization", async () => {
    t = await startApp();
    const players = await newPlayers(t, 4, 'Private');
    const { handId } = await openTable(t, 'dobbm', {}, players);
    for (const path of [`/hands/${handId}`, `/hands/${handId}/events`]) {
      const res = await t.http.get(path).set(bearer(players[0]!.token)).expect(200);
      expect([path, res.headers['cache-control'], res.headers['vary']]).toEqual([
        path,
        'no-store',
        expect.stringMatching(/Authorization/i),
      ]);
    }
  });

  it('refuses option names every object has (constructor, __proto__ …) as unknown', async () => {
    t = await startApp();
    const [host] = await newPlayers(t, 1, 'Proto');
    const open = (rules: string) =>
      t.http.post('/tables').set(bearer(host!.token)).set('Content-Type', 'application/json').send(`{"game":"dobbm","rules":${rules}}`);
    // Names JavaScript objects inherit reach the engine, which knows them as no option …
    for (const rules of ['{"toString":"x"}', '{"hasOwnProperty":true}', '{"valueOf":1}']) {
      const res = await open(rules);
      expect([rules, res.status, res.body.code]).toEqual([rules, 400, 'UNKNOWN_OPTION']);
    }
    // … and those that would change an object's prototype are refused in any body before anything reads it.
    for (const rules of ['{"constructor":1}', '{"__proto__":{"players":5}}', '{"doubling":{"constructor":{"prototype":1}}}']) {
      const res = await open(rules);
      expect([rules, res.status, res.body.code, res.body.detail]).toEqual([
        rules,
        400,
        'VALIDATION_FAILED',
        expect.stringMatching(/no request uses/),
      ]);
    }
  });

  it('refuses a date filter that names no day (February 30th) with 400, before any job starts', async () => {
    t = await startApp();
    for (const from of ['2020-02-30T00:00:00Z', '2021-13-01', '2020-01-01 00:00']) {
      const res = await t.http.get(`/audit/collusion?game=dobbm&from=${encodeURIComponent(from)}`).set(bearer(AUDIT_TOKEN));
      expect([from, res.status, res.body.code]).toEqual([from, 400, 'VALIDATION_FAILED']);
    }
  });
});

async function until(done: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !(await done()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 25));
}
