import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { flood, floodLine, hoardConnections, hoardSockets, slowBody, type ProbeTarget } from '../scripts/lib/abuse-probes.js';
import { fuzz, summary, type FuzzReport } from '../scripts/lib/fuzz.js';
import { backStorm, backStormLine, handoverRaceLine, handoverRaces } from '../scripts/lib/seat-attacks.js';
import { HandSockets } from '../src/hands/hand-socket.js';
import { AUDIT_TOKEN, startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { newPlayers, openTable, type Player } from './support/bots.testkit.js';

/**
 * The small version of `npm run fuzz` (scripts/fuzz.ts): 2,000 requests from the OpenAPI
 * document against the real app and PostgreSQL, on a database of its own.
 */
describe('fuzz (2,000 requests from the OpenAPI document)', () => {
  let t: TestApp;
  let report: FuzzReport;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('fuzz');
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    databaseUrl = (t.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    report = await fuzz({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      databaseUrl,
      auditToken: AUDIT_TOKEN,
      requests: 2000,
      seed: 20261124,
      timeLimitMs: 120_000,
      concurrency: 4,
      rss: () => process.memoryUsage().rss,
    });
    console.log(summary(report));
  }, 180_000);
  afterAll(() => t.close());

  it('answers no 5xx and a problem+json code on every 4xx', () => {
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThanOrEqual(2000);
  });

  it('changes no event log except by legal accepted actions, and logs only contract shapes', () => {
    expect(report.acceptedActions).toBeGreaterThan(50);
    expect({
      changed: report.eventsChanged,
      unexplained: report.eventsUnexplained,
      unknown: report.unknownFieldsInLogs,
      examples: report.unknownFieldExamples,
    }).toEqual({ changed: 0, unexplained: 0, unknown: 0, examples: [] });
    expect(report.handsFailingVerify).toBe(0);
  });

  it('keeps memory bounded', () => {
    expect(report.rssEndMiB).toBeLessThan(2 * report.rssStartMiB);
  });
});

/**
 * The small version of `npm run fuzz`'s abuse probes (scripts/lib/abuse-probes.ts), against an
 * instance with the default limits: a bystander at another address (::1) is served throughout.
 */
describe('abuse probes (socket floods, hoarding, slow bodies)', () => {
  let t: TestApp;
  let target: ProbeTarget;
  let players: Player[];
  let handId: string;

  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT_PER_MINUTE: '', STREAMS_PER_ADDRESS: '40', REQUEST_TIMEOUT_MS: '1000' });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    const port = (server.address() as AddressInfo).port;
    target = { url: `http://127.0.0.1:${port}`, bystanderUrl: `http://[::1]:${port}`, rss: () => process.memoryUsage().rss };
    players = await newPlayers(t, 4, 'Probe');
    ({ handId } = await openTable(t, 'dobbm', {}, players));
  });
  afterAll(() => t.close());

  it.each([
    ['garbage, never read', 'garbage', false],
    ['stale actions, read', 'stale', true],
  ] as const)(
    'a flood of %s costs at most the player limit, and the bystander is served throughout',
    async (_name, kind, read) => {
      const [flooder, bystander] = kind === 'garbage' ? [players[0]!, players[1]!] : [players[2]!, players[3]!];
      const r = await flood(target, {
        token: flooder.token,
        bystanderToken: bystander.token,
        handId,
        frames: 100_000,
        kind,
        read,
        seconds: 8,
      });
      console.log(floodLine(`flood (${kind}, ${read ? 'read' : 'not read'})`, r));
      // Each socket is closed with 1008 (too many actions waiting, or the player's 6,000 a minute spent)
      // after a few dozen frames; opening another is a request against the same buckets.
      expect(r.closeCodes.every((code) => code === 1008 || code === 1006)).toBe(true);
      expect(r.closeCodes).toContain(1008);
      expect(r.framesAnswered).toBeLessThanOrEqual(6_001);
      expect(r.bystanderFailures).toEqual({});
      expect(r.rssPeakMiB).toBeLessThan(1.5 * r.rssStartMiB);
    },
    60_000,
  );

  it('one player holds at most 16 sockets, one address at most its cap; a bystander still gets one', async () => {
    // The floods' sockets count against this address until the service has seen them close,
    // which on a loaded machine can come after the floods' tests have ended.
    const sockets = t.app.get(HandSockets);
    for (const end = Date.now() + 15_000; Date.now() < end && sockets.openSockets.hand + sockets.openSockets.table > 0;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sockets.openSockets).toEqual({ hand: 0, table: 0 });
    const [other, ...extra] = await newPlayers(t, 5, 'Hoarder');
    const r = await hoardSockets(target, handId, [players[0]!.token, ...extra.map((p) => p.token)], other!.token, 100);
    expect(r).toEqual({ perPlayer: 16, perAddress: 40, bystanderServed: true });
  });

  it('one address holds at most 256 connections; a bystander is served', async () => {
    const r = await hoardConnections(target, 300);
    expect(r.held).toBeLessThanOrEqual(256);
    expect(r.bystanderServed).toBe(true);
  });

  it('a body sent a byte at a time is answered 408 once the request time is up', async () => {
    const r = await slowBody(target, 200, 5_000);
    expect(r.status).toBe('408');
    expect(r.heldMs).toBeLessThan(3_000);
  });
});

/**
 * The small version of `npm run fuzz`'s attacks on a seat's record (scripts/lib/seat-attacks.ts),
 * on a database of its own (its clocks must not run out on other files' hands): a `/back` storm
 * at a 3-second clock, and handover races.
 */
describe('seat attacks (/back storms, handover races)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('seat_attacks');
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('a seat that never acts is played within its clock + 2 s, whatever /back calls it makes', async () => {
    const r = await backStorm(url, { turnSeconds: 3, seconds: 8, everyMs: 300 });
    console.log(backStormLine(r));
    expect(r.serverErrors).toBe(0);
    expect(r.decisions).toBeGreaterThan(0);
    expect(r.maxOverClockMs).toBeLessThanOrEqual(2_000);
  }, 30_000);

  it('an offer, two takers, a bot and the return at once: one handover at most, and no offer outlives the return', async () => {
    const r = await handoverRaces(url, 10);
    console.log(handoverRaceLine(r));
    expect([r.serverErrors, r.doubleHandovers, r.offersOutlivingReturn, r.misplaced]).toEqual([0, 0, 0, 0]);
  }, 30_000);
});
