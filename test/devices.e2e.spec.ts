import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { LINK_CODE_ALPHABET } from '../src/players/link-codes.js';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable, type Player } from './support/bots.testkit.js';
import { SoftPasskey } from './support/passkey.testkit.js';
import { openSocket, type OpenSocket } from './support/socket.testkit.js';
import { listening, openStream } from './support/stream.testkit.js';

/**
 * One player on several devices (docs/contract.md#devices): a one-time link code signs another
 * device in as the same player with a token of its own; each device's token is a session the
 * player can list and sign out, after which it is refused and its connections close everywhere.
 * A player's passkeys are listed and removed alike; a removed one signs nobody in.
 */
describe('devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const player = async (name: string): Promise<Player> => (await t.http.post('/players').send({ name }).expect(201)).body as Player;
  const codeFor = async (p: Player) =>
    (await t.http.post('/players/me/link-codes').set(bearer(p.token)).expect(201)).body as { code: string; expiresAt: string };
  const link = (code: unknown) => t.http.post('/players/link').send({ code });

  describe('link codes', () => {
    it('a code is three groups of four from the alphabet without look-alikes, and lives at most 15 minutes', async () => {
      const p = await player('Resi');
      const before = Date.now();
      const { code, expiresAt } = await codeFor(p);
      expect(code).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}$/);
      for (const c of code.replace(/-/g, '')) expect('0O1IL5S2Z8BUV').not.toContain(c);
      for (const c of code.replace(/-/g, '')) expect(LINK_CODE_ALPHABET).toContain(c);
      // Twelve characters from the alphabet: at least 40 bits.
      expect(12 * Math.log2(LINK_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
      const life = Date.parse(expiresAt) - before;
      expect(life).toBeGreaterThan(60_000);
      expect(life).toBeLessThanOrEqual(15 * 60_000);
    });

    it('signs another device in as the same player with a new token; the old token keeps working; the code works once', async () => {
      const p = await player('Sepp');
      const { code } = await codeFor(p);
      // Typed on a phone: lower case, no dashes, a space.
      const linked = await link(code.toLowerCase().replace(/-/g, ' ')).expect(201);
      expect(linked.body).toEqual({ id: p.id, name: 'Sepp', token: expect.any(String) });
      expect(linked.body.token).not.toBe(p.token);
      expect((await t.http.get('/players/me').set(bearer(linked.body.token)).expect(200)).body.id).toBe(p.id);
      expect((await t.http.get('/players/me').set(bearer(p.token)).expect(200)).body.id).toBe(p.id);
      const again = await link(code).expect(404);
      expect(again.body.code).toBe('LINK_CODE_INVALID');
    });

    it('a new code replaces the last; an unknown, malformed or expired code is 404 LINK_CODE_INVALID; a missing one 400', async () => {
      const p = await player('Vroni');
      const first = await codeFor(p);
      const second = await codeFor(p);
      expect((await link(first.code).expect(404)).body.code).toBe('LINK_CODE_INVALID');
      for (const bad of ['AAAA-AAAA-AAAA', '0000-1111-2222', 'short', 'x'.repeat(64)]) {
        expect({ bad, code: (await link(bad)).body.code }).toEqual({ bad, code: 'LINK_CODE_INVALID' });
      }
      await t.sql.query("UPDATE link_codes SET expires_at = now() - interval '1 second' WHERE player_id = $1", [p.id]);
      expect((await link(second.code).expect(404)).body.code).toBe('LINK_CODE_INVALID');
      expect((await t.http.post('/players/link').send({}).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await t.http.post('/players/me/link-codes').expect(401)).body.code).toBe('TOKEN_MISSING');
    });

    it('of two devices sending one code at once, exactly one is signed in', async () => {
      const p = await player('Toni');
      const { code } = await codeFor(p);
      const answers = await Promise.all([link(code), link(code), link(code)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 404, 404]);
    });
  });

  describe('sessions', () => {
    it('lists one session per device, marks the current one, and keeps the others through a rotation', async () => {
      const p = await player('Kathi');
      const phone = (await link((await codeFor(p)).code).expect(201)).body as Player;
      const listed = await t.http.get('/players/me/sessions').set(bearer(p.token)).expect(200);
      const sessions = listed.body.sessions as { id: string; createdAt: string; lastUsedAt: string; current: boolean; via: string }[];
      expect(sessions.map((s) => [s.via, s.current])).toEqual([
        ['name', true],
        ['link', false],
      ]);
      for (const s of sessions) expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
      const fromPhone = await t.http.get('/players/me/sessions').set(bearer(phone.token)).expect(200);
      expect(fromPhone.body.sessions.map((s: { current: boolean }) => s.current)).toEqual([false, true]);
      const rotated = await t.http.post('/players/me/token').set(bearer(phone.token)).expect(201);
      await t.http.get('/players/me').set(bearer(p.token)).expect(200);
      const after = await t.http.get('/players/me/sessions').set(bearer(rotated.body.token)).expect(200);
      expect(after.body.sessions.map((s: { id: string }) => s.id)).toEqual(sessions.map((s) => s.id));
    });

    it("another player's, an unknown or a malformed session id is 404 SESSION_NOT_FOUND and signs nobody out", async () => {
      const [a, b] = [await player('Anni'), await player('Beni')];
      const bSession = (await t.http.get('/players/me/sessions').set(bearer(b.token)).expect(200)).body.sessions[0].id as string;
      for (const id of [bSession, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await t.http.delete(`/players/me/sessions/${id}`).set(bearer(a.token)).expect(404);
        expect(res.body.code).toBe('SESSION_NOT_FOUND');
      }
      await t.http.get('/players/me').set(bearer(b.token)).expect(200);
    });

    it('signing out the current session ends this token only', async () => {
      const p = await player('Leni');
      const phone = (await link((await codeFor(p)).code).expect(201)).body as Player;
      const mine = (await t.http.get('/players/me/sessions').set(bearer(phone.token)).expect(200)).body.sessions.find(
        (s: { current: boolean }) => s.current,
      ).id as string;
      await t.http.delete(`/players/me/sessions/${mine}`).set(bearer(phone.token)).expect(204);
      expect((await t.http.get('/players/me').set(bearer(phone.token)).expect(401)).body.code).toBe('TOKEN_INVALID');
      await t.http.get('/players/me').set(bearer(p.token)).expect(200);
    });
  });
});

describe('passkeys', () => {
  // The page passkeys are bound to: its host is the relying party the authenticator signs for.
  const ORIGIN = 'https://karten.example';
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ PASSKEY_ORIGIN: ORIGIN });
  });
  afterAll(async () => {
    await t.close();
  });

  type Listed = { id: string; createdAt: string; lastUsedAt: string | null };
  const player = async (name: string): Promise<Player> => (await t.http.post('/players').send({ name }).expect(201)).body as Player;
  const passkeysOf = async (p: Player): Promise<Listed[]> =>
    (await t.http.get('/players/me/passkeys').set(bearer(p.token)).expect(200)).body.passkeys as Listed[];
  const sessionIds = async (p: Player): Promise<string[]> =>
    ((await t.http.get('/players/me/sessions').set(bearer(p.token)).expect(200)).body.sessions as { id: string }[]).map((s) => s.id);
  const addPasskey = async (p: Player): Promise<SoftPasskey> => {
    const key = new SoftPasskey(ORIGIN);
    const options = (await t.http.post('/players/me/passkeys/options').set(bearer(p.token)).expect(200)).body;
    const added = await t.http
      .post('/players/me/passkeys')
      .set(bearer(p.token))
      .send({ response: key.register(options) });
    expect({ status: added.status, body: added.body as unknown }).toEqual({ status: 201, body: { id: key.id } });
    return key;
  };
  /** Signs a new device in with the passkey: the answer's status and body. */
  const signIn = async (key: SoftPasskey): Promise<{ status: number; body: unknown }> => {
    const options = (await t.http.post('/players/passkey-sign-in/options').expect(200)).body;
    const { status, body } = await t.http.post('/players/passkey-sign-in').send({ response: key.assert(options) });
    return { status, body: body as unknown };
  };
  const remove = (p: Player, id: string) => t.http.delete(`/players/me/passkeys/${encodeURIComponent(id)}`).set(bearer(p.token));

  it('lists the passkeys the oldest first, each with when it was added and when it last signed a device in (null before)', async () => {
    const p = await player('Zenzi');
    expect(await passkeysOf(p)).toEqual([]);
    const laptop = await addPasskey(p);
    const phone = await addPasskey(p);
    const added = await passkeysOf(p);
    expect(added).toEqual([
      { id: laptop.id, createdAt: expect.any(String), lastUsedAt: null },
      { id: phone.id, createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(Date.parse(added[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(added[1]!.createdAt));

    const before = Date.now();
    const signedIn = await signIn(phone);
    expect(signedIn).toEqual({ status: 201, body: { id: p.id, name: 'Zenzi', token: expect.any(String) } });
    const used = await passkeysOf(signedIn.body as Player);
    expect(used.map((k) => k.id)).toEqual([laptop.id, phone.id]);
    expect(used[0]!.lastUsedAt).toBeNull();
    // The database's clock and this process's may differ by a little: a second either way.
    expect(Date.parse(used[1]!.lastUsedAt!)).toBeGreaterThan(before - 1_000);
    expect(Date.parse(used[1]!.lastUsedAt!)).toBeLessThan(Date.now() + 1_000);
    // Nobody else sees them.
    expect(await passkeysOf(await player('Hansi'))).toEqual([]);
    expect((await t.http.get('/players/me/passkeys').expect(401)).body.code).toBe('TOKEN_MISSING');
  });

  it('a removed passkey is gone from the list and signs no device in; the devices it signed in stay signed in', async () => {
    const p = await player('Wastl');
    const key = await addPasskey(p);
    const signedIn = await signIn(key);
    expect(signedIn.status).toBe(201);
    const phone = signedIn.body as Player;
    const sessions = await sessionIds(p);
    expect(sessions).toHaveLength(2);

    const other = await player('Loisl');
    for (const id of [key.id, 'AAAAAAAAAAAAAAAAAAAAAA', 'no such id', 'nul\u0000']) {
      expect({ id, code: (await remove(other, id).expect(404)).body.code }).toEqual({ id, code: 'PASSKEY_NOT_FOUND' });
    }
    expect((await passkeysOf(p)).map((k) => k.id)).toEqual([key.id]);

    await remove(p, key.id).expect(204);
    expect(await passkeysOf(p)).toEqual([]);
    expect(await signIn(key)).toEqual({ status: 400, body: expect.objectContaining({ code: 'PASSKEY_INVALID' }) });
    expect((await remove(p, key.id).expect(404)).body.code).toBe('PASSKEY_NOT_FOUND');
    // No device was signed out: the one the passkey signed in included.
    expect(await sessionIds(p)).toEqual(sessions);
    expect((await t.http.get('/players/me').set(bearer(phone.token)).expect(200)).body.id).toBe(p.id);
    await t.http.get('/players/me').set(bearer(p.token)).expect(200);
  });
});

describe('a signed-out session on two instances', () => {
  const apps: TestApp[] = [];
  const sockets: OpenSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  it("answers 401 on the other instance and closes the device's sockets and stream there within 1.5 s; the other devices stay", async () => {
    const [a, b] = [await startApp(), await startApp()];
    apps.push(a, b);
    const base = await listening(b);
    const players = await newPlayers(a, 4, 'Device');
    const { tableId, handId } = await openTable(a, 'dobbm', {}, players);
    const p = players[0]!;
    const code = (await a.http.post('/players/me/link-codes').set(bearer(p.token)).expect(201)).body.code as string;
    const phone = (await a.http.post('/players/link').send({ code }).expect(201)).body as Player;
    const open = async (token: string, path?: string) => {
      const s = await openSocket(base, handId, token, path ? { path } : {});
      sockets.push(s);
      return s;
    };
    // Instance b has the phone's token in its cache, and its connections open.
    await b.http.get('/players/me').set(bearer(phone.token)).expect(200);
    const tableSocket = await open(phone.token, `/tables/${tableId}/socket`);
    const handSocket = await open(phone.token);
    const stream = await openStream(base, handId, phone.token);
    const laptop = await open(p.token);
    expect([tableSocket.status, handSocket.status, stream.status, laptop.status]).toEqual([101, 101, 200, 101]);
    for (const s of [tableSocket, handSocket, laptop]) await s.next();
    await stream.next();

    const sessions = (await a.http.get('/players/me/sessions').set(bearer(p.token)).expect(200)).body.sessions as {
      id: string;
      current: boolean;
    }[];
    const phoneSession = sessions.find((s) => !s.current)!.id;
    await a.http.delete(`/players/me/sessions/${phoneSession}`).set(bearer(p.token)).expect(204);
    const at = Date.now();
    expect(await tableSocket.next(1_500)).toBe('closed');
    expect(await handSocket.next(1_500)).toBe('closed');
    expect(await stream.next(1_500)).toBe('end');
    const closedAfter = Date.now() - at;
    expect(closedAfter).toBeLessThan(1_500);
    expect([tableSocket.closeCode, handSocket.closeCode]).toEqual([1008, 1008]);
    expect((await b.http.get('/players/me').set(bearer(phone.token)).expect(401)).body.code).toBe('TOKEN_INVALID');
    expect((await a.http.get('/players/me').set(bearer(phone.token)).expect(401)).body.code).toBe('TOKEN_INVALID');
    // The laptop's socket and token are untouched.
    expect(await laptop.next(300)).toBe('quiet');
    await b.http.get('/players/me').set(bearer(p.token)).expect(200);
    const left = (await b.http.get('/players/me/sessions').set(bearer(p.token)).expect(200)).body.sessions as { id: string }[];
    expect(left.map((s) => s.id)).not.toContain(phoneSession);
    console.log(`a signed-out device's socket and stream on the other instance closed ${closedAfter} ms after the 204`);
  });

  it('limits wrong codes per address: 20 are 404, then 429 with Retry-After, the right code too, which stays unused', async () => {
    const t = await startApp({ WRONG_LINK_CODES_PER_ADDRESS_PER_HOUR: '20' });
    apps.push(t);
    const p = (await t.http.post('/players').send({ name: 'Guessed' }).expect(201)).body as Player;
    const { code } = (await t.http.post('/players/me/link-codes').set(bearer(p.token)).expect(201)).body as { code: string };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await t.http.post('/players/link').send({ code: `WRONG-${i}` })).status);
    expect(statuses).toEqual(Array(20).fill(404));
    const limited = await t.http.post('/players/link').send({ code: 'WRONG-X' }).expect(429);
    expect(limited.body.code).toBe('TOO_MANY_WRONG_CODES');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3_000);
    expect((await t.http.post('/players/link').send({ code }).expect(429)).body.code).toBe('TOO_MANY_WRONG_CODES');
    expect((await t.sql.query('SELECT 1 FROM link_codes WHERE player_id = $1', [p.id])).rowCount).toBe(1);
  });

  it('a passkey answer that is not one is 400, never a 5xx, and signs nobody in', async () => {
    const t = await startApp();
    apps.push(t);
    const options = await t.http.post('/players/passkey-sign-in/options').expect(200);
    expect(options.body).toMatchObject({ challenge: expect.any(String), rpId: '127.0.0.1' });
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    };
    expect((await t.http.post('/players/passkey-sign-in').send({ response: forged }).expect(400)).body.code).toBe('PASSKEY_INVALID');
    expect((await t.http.post('/players/passkey-sign-in').send({ response: 'x' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const p = (await t.http.post('/players').send({ name: 'Keyless' }).expect(201)).body as Player;
    const added = await t.http.post('/players/me/passkeys').set(bearer(p.token)).send({ response: forged }).expect(400);
    expect(added.body.code).toBe('PASSKEY_INVALID');
  });
});
