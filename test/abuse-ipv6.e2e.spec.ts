import { afterEach, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable } from './support/bots.testkit.js';
import { listening } from './support/stream.testkit.js';

/**
 * One IPv6 host holds a whole /64 and picks its addresses in it at will, so every per-address
 * cap counts IPv6 clients by network (IPV6_PREFIX_LENGTH, 64 by default) and IPv4 clients by
 * address. The client's address is what TRUST_PROXY makes of X-Forwarded-For: here the test's
 * loopback connection is a trusted proxy naming any address.
 */
describe('per-address caps count an IPv6 network as one address', () => {
  const apps: TestApp[] = [];
  const held: AbortController[] = [];
  afterEach(async () => {
    for (const a of held.splice(0)) a.abort();
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const start = async (env: Record<string, string>) => {
    const t = await startApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'loopback', ...env });
    apps.push(t);
    return { t, base: await listening(t) };
  };
  /** A long-lived GET (a feed or a stream) from `address`: its status; the connection stays open until the test ends. */
  const hold = async (url: string, address: string, token?: string): Promise<{ status: number; code?: string }> => {
    const abort = new AbortController();
    held.push(abort);
    const res = await fetch(url, { headers: { 'X-Forwarded-For': address, ...(token ? bearer(token) : {}) }, signal: abort.signal });
    if (res.ok) return { status: res.status };
    return { status: res.status, code: ((await res.json()) as { code: string }).code };
  };

  it('lets one /64 hold STREAMS_PER_ADDRESS lobby feeds, whatever addresses in it it uses; another /64 and IPv4 still get theirs', async () => {
    const { base } = await start({ STREAMS_PER_ADDRESS: '2' });
    const feed = `${base}/lobby/feed`;
    expect(await hold(feed, '2001:db8:1:2::1')).toEqual({ status: 200 });
    expect(await hold(feed, '2001:db8:1:2:8f3a:11:2:3')).toEqual({ status: 200 });
    expect(await hold(feed, '2001:db8:1:2:ffff:ffff:ffff:fffe')).toEqual({ status: 429, code: 'TOO_MANY_STREAMS' });
    expect(await hold(feed, '2001:db8:1:3::1')).toEqual({ status: 200 });
    expect(await hold(feed, '198.51.100.7')).toEqual({ status: 200 });
    expect(await hold(feed, '198.51.100.8')).toEqual({ status: 200 });
  });

  it("caps a hand's streams per /64 too, across players", async () => {
    const { t, base } = await start({ STREAMS_PER_ADDRESS: '2' });
    const players = await newPlayers(t, 4, 'Six4');
    const { handId } = await openTable(t, 'dobbm', {}, players);
    const stream = `${base}/hands/${handId}/stream`;
    expect(await hold(stream, '2001:db8:aa:1::10', players[0]!.token)).toEqual({ status: 200 });
    expect(await hold(stream, '2001:db8:aa:1::11', players[1]!.token)).toEqual({ status: 200 });
    expect(await hold(stream, '2001:db8:aa:1::12', players[2]!.token)).toEqual({ status: 429, code: 'TOO_MANY_STREAMS' });
    expect(await hold(stream, '2001:db8:aa:2::12', players[2]!.token)).toEqual({ status: 200 });
  });

  it('counts requests and new players per network, by the prefix length IPV6_PREFIX_LENGTH sets', async () => {
    // A /48 as one client: addresses in two of its /64s (and two /56s) share the buckets.
    const { t } = await start({ IPV6_PREFIX_LENGTH: '48', PLAYERS_PER_ADDRESS_PER_HOUR: '2', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '5' });
    const post = (address: string, name: string) => t.http.post('/players').set('X-Forwarded-For', address).send({ name });
    expect((await post('2001:db8:5:100::1', 'A')).status).toBe(201);
    expect((await post('2001:db8:5:200::1', 'B')).status).toBe(201);
    const third = await post('2001:db8:5:300::1', 'C');
    expect([third.status, third.body.code]).toEqual([429, 'TOO_MANY_PLAYERS']);
    expect((await post('2001:db8:6::1', 'D')).status).toBe(201);
    // Three requests from the /48 so far; two more, then it is limited.
    for (const a of ['2001:db8:5:400::1', '2001:db8:5:ffff::1'])
      expect((await t.http.get('/health').set('X-Forwarded-For', a)).status).toBe(200);
    expect((await t.http.get('/health').set('X-Forwarded-For', '2001:db8:5:1::1')).status).toBe(429);
    expect((await t.http.get('/health').set('X-Forwarded-For', '2001:db8:7::1')).status).toBe(200);
  });

  it('by default counts two /64s apart, however close', async () => {
    const { t } = await start({ PLAYERS_PER_ADDRESS_PER_HOUR: '1' });
    const post = (address: string, name: string) => t.http.post('/players').set('X-Forwarded-For', address).send({ name });
    expect((await post('2001:db8:9:10::1', 'A')).status).toBe(201);
    expect((await post('2001:db8:9:10::2', 'B')).status).toBe(429);
    expect((await post('2001:db8:9:11::1', 'C')).status).toBe(201);
  });
});
