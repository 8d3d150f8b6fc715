import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { HandStreams } from '../src/hands/hand-stream.js';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, type Player } from './support/bots.testkit.js';
import { openSocket, type OpenSocket } from './support/socket.testkit.js';
import { listening, openStream, readersGone } from './support/stream.testkit.js';

/**
 * A socket or stream costs the server no more than its owner's limits allow: frames are counted
 * before they are parsed, a socket has a bounded number of actions in flight, and one player or
 * one address holds a bounded number of sockets and streams.
 */
describe('sockets under abuse', () => {
  const apps: TestApp[] = [];
  const sockets: OpenSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const start = async (env: Record<string, string>) => {
    const t = await startApp({ RATE_LIMIT_PER_MINUTE: '100000', ...env });
    apps.push(t);
    return { t, base: await listening(t) };
  };
  const dealt = async (t: TestApp) => {
    const players = await newPlayers(t, 4, 'Flood');
    const { tableId, handId } = await openTable(t, 'dobbm', {}, players);
    return { players, tableId, handId };
  };
  const open = async (base: string, handId: string, token: string, path?: string) => {
    const s = await openSocket(base, handId, token, path ? { path } : {});
    sockets.push(s);
    return s;
  };
  /** Every frame until the socket closes (or stays quiet for `ms`). */
  const drain = async (s: OpenSocket, ms = 3_000) => {
    const frames: unknown[] = [];
    for (;;) {
      const f = await s.next(ms);
      if (f === 'closed' || f === 'quiet') return { frames, end: f };
      frames.push(f);
    }
  };

  it("counts a frame that is not JSON against the player's limit and closes the socket past it (1008)", async () => {
    const { t, base } = await start({ RATE_LIMIT_PER_MINUTE: '40', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000' });
    const { players, handId } = await dealt(t);
    const s = await open(base, handId, players[0]!.token);
    expect(s.status).toBe(101);
    for (let i = 0; i < 500; i++) s.sendRaw('x');
    const { frames, end } = await drain(s);
    expect(end).toBe('closed');
    expect(s.closeCode).toBe(1008);
    // The view, then at most the rest of the minute's 40 (the upgrade took some) answered.
    expect(frames.length).toBeLessThanOrEqual(41);
  });

  it("counts frames against the address's limit too", async () => {
    const { t, base } = await start({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '200' });
    const { players, handId } = await dealt(t);
    const s = await open(base, handId, players[0]!.token);
    for (let i = 0; i < 1000; i++) s.sendRaw('{"expectedSeq":0}');
    const { frames, end } = await drain(s);
    expect([end, s.closeCode]).toEqual(['closed', 1008]);
    expect(frames.length).toBeLessThanOrEqual(200);
  });

  it('closes a socket that floods actions faster than they are answered, and other players keep the pool', async () => {
    const { t, base } = await start({ DATABASE_POOL_SIZE: '3' });
    const { players, handId } = await dealt(t);
    const s = await open(base, handId, players[0]!.token);
    await s.next();
    // Stale actions, each of which costs a read of the hand.
    for (let i = 0; i < 5000; i++) s.send({ ref: i, expectedSeq: 0, handId, action: { type: 'bid', bid: 'pass' } });
    const others = await Promise.all(Array.from({ length: 40 }, () => t.http.get(`/hands/${handId}`).set(bearer(players[1]!.token))));
    expect(others.map((r) => r.status).filter((status) => status !== 200)).toEqual([]);
    const { frames, end } = await drain(s);
    expect([end, s.closeCode]).toEqual(['closed', 1008]);
    expect(frames.length).toBeLessThan(5000);
  });

  it('caps the sockets and streams one player holds (429 TOO_MANY_STREAMS), not its other players', async () => {
    const { t, base } = await start({ STREAMS_PER_PLAYER: '3' });
    const { players, handId } = await dealt(t);
    const held = [await open(base, handId, players[0]!.token), await open(base, handId, players[0]!.token)];
    const stream = await openStream(base, handId, players[0]!.token);
    expect([...held.map((s) => s.status), stream.status]).toEqual([101, 101, 200]);
    const refused = await open(base, handId, players[0]!.token);
    expect([refused.status, refused.problem?.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    const refusedStream = await openStream(base, handId, players[0]!.token);
    expect([refusedStream.status, refusedStream.problem?.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    expect((await open(base, handId, players[1]!.token)).status).toBe(101);
    // A socket closed gives its place back.
    held[0]!.close();
    stream.close();
    await waitFor(() => t.app.get(HandStreams).open === 2);
    expect((await open(base, handId, players[0]!.token)).status).toBe(101);
  });

  it('caps the sockets one address holds; a bystander at another address still gets one', async () => {
    const t = await startApp({ RATE_LIMIT_PER_MINUTE: '100000', STREAMS_PER_ADDRESS: '4' });
    apps.push(t);
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    const port = (server.address() as AddressInfo).port;
    const { players, handId } = await dealt(t);
    const v4 = `http://127.0.0.1:${port}`;
    for (const p of players) expect((await open(v4, handId, p.token)).status).toBe(101);
    const fifth = await open(v4, handId, players[0]!.token);
    expect([fifth.status, fifth.problem?.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    const bystander = await open(`http://[::1]:${port}`, handId, players[1]!.token);
    expect(bystander.status).toBe(101);
  });

  it("closes a player's sockets and streams on every instance within a second of a token's rotation", async () => {
    const { t: a } = await start({});
    const { t: b, base } = await start({});
    const { players, tableId, handId } = await dealt(a);
    const [p] = players as [Player];
    const tableSocket = await open(base, handId, p.token, `/tables/${tableId}/socket`);
    const handSocket = await open(base, handId, p.token);
    const stream = await openStream(base, handId, p.token);
    const other = await open(base, handId, players[1]!.token);
    expect([tableSocket.status, handSocket.status, stream.status, other.status]).toEqual([101, 101, 200, 101]);
    await tableSocket.next();
    await handSocket.next();
    await stream.next();
    await other.next();
    const rotated = await a.http.post('/players/me/token').set(bearer(p.token)).expect(201);
    const at = Date.now();
    expect(await tableSocket.next(1_000)).toBe('closed');
    expect(await handSocket.next(1_000)).toBe('closed');
    expect(await stream.next(1_000)).toBe('end');
    expect(Date.now() - at).toBeLessThan(1_500);
    expect([tableSocket.closeCode, handSocket.closeCode]).toEqual([1008, 1008]);
    // The old token is refused on the other instance at once; the new one and the other player are served.
    expect((await b.http.get(`/hands/${handId}`).set(bearer(p.token))).status).toBe(401);
    expect((await getView(b, handId, rotated.body.token as string)).seat).toBe(0);
    expect(await other.next(300)).toBe('quiet');
    expect((await open(base, handId, rotated.body.token as string)).status).toBe(101);
    expect(await readersGone(b, 200)).toBeGreaterThan(0);
  });
});

async function waitFor(done: () => boolean, ms = 5_000): Promise<void> {
  for (const until = Date.now() + ms; !done() && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  expect(done()).toBe(true);
}
