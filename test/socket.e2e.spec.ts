import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileFrame } from '../scripts/lib/abuse-probes.js';
import { HandStreams } from '../src/hands/hand-stream.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { dobbmOnTwoInstances, getView, newPlayers, openTable, type Player, type SharedHand, type View } from './support/bots.testkit.js';
import { assertNothingHidden } from './support/oracle.testkit.js';
import { eventCount, frame, move, openSocket, viewOf, type OpenSocket } from './support/socket.testkit.js';
import { beginDrain, listening, openStream, readersGone } from './support/stream.testkit.js';

describe('GET /hands/{id}/socket', () => {
  let shared: SharedHand;
  let a: TestApp;
  let b: TestApp;
  let players: Player[];
  let spectator: Player;
  let handId: string;
  let base: string;
  const open: OpenSocket[] = [];
  const socket = async (token: string | null, opts: Parameters<typeof openSocket>[3] = {}, hand = handId) => {
    const s = await openSocket(base, hand, token, opts);
    open.push(s);
    return s;
  };
  const seats = async () => {
    const sockets = await Promise.all(players.map((p) => socket(p.token)));
    return { sockets, views: await Promise.all(sockets.map(viewOf)) };
  };

  beforeAll(async () => {
    shared = await dobbmOnTwoInstances(startApp);
    ({ a, b, players, handId } = shared);
    [spectator] = await newPlayers(a, 1, 'Watcher');
    base = await listening(b);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await shared.close();
  });

  it('refuses the upgrade with the usual problem+json', async () => {
    for (const [s, status, code] of [
      [await socket(null), 401, 'TOKEN_MISSING'],
      [await socket('no-such-token'), 401, 'TOKEN_INVALID'],
      [await socket(players[0]!.token, {}, randomUUID()), 404, 'HAND_NOT_FOUND'],
      [await socket(players[0]!.token, { after: 'x' }), 400, 'VALIDATION_FAILED'],
      [await socket(players[0]!.token, { path: `/hands/${handId}/sockets` }), 404, 'ROUTE_NOT_FOUND'],
      [await socket(players[0]!.token, { path: '/hands/not-a-hand/socket' }), 404, 'HAND_NOT_FOUND'],
      [await socket(players[0]!.token, { path: '/hands/%E0%A4%A/socket' }), 400, 'VALIDATION_FAILED'],
    ] as const) {
      expect([s.status, s.problem?.code]).toEqual([status, code]);
    }
    // Without the upgrade the route says what it is.
    const plain = await b.http.get(`/hands/${handId}/socket`).set(bearer(players[0]!.token));
    expect([plain.status, plain.body.code]).toEqual([426, 'UPGRADE_REQUIRED']);
    expect(b.app.get(HandStreams).open).toBe(0);
  });

  it("starts with the caller's view as GET /hands/{id} gives it, the token in the header or (a browser) the subprotocol", async () => {
    for (const token of [players[0]!.token, players[3]!.token, spectator!.token, AUDIT_TOKEN]) {
      for (const auth of ['header', 'protocol'] as const) {
        const s = await socket(token, { auth });
        expect([s.status, s.protocol]).toEqual([101, 'kartentisch']);
        expect(await viewOf(s)).toEqual(await getView(a, handId, token));
        s.close();
      }
    }
  });

  it("takes an action: answers it with the seat's new view, sends the others theirs, the actor no second copy", async () => {
    const { sockets, views } = await seats();
    const stream = await openStream(base, handId, spectator!.token);
    await stream.next();
    const { seat, seq, action } = move(views);
    sockets[seat]!.send({ ref: 'r1', expectedSeq: seq, action });
    const answer = await frame(sockets[seat]!);
    expect(answer).toMatchObject({ ref: 'r1', answer: { seq: seq + 1 } });
    expect((answer as { answer: View }).answer).toEqual(await getView(a, handId, players[seat]!.token));
    for (const [other, s] of sockets.entries()) {
      if (other === seat) continue;
      expect(await viewOf(s)).toEqual(await getView(a, handId, players[other]!.token));
    }
    expect(await stream.next()).toEqual(await getView(a, handId, spectator!.token));
    expect(await sockets[seat]!.next(300)).toBe('quiet');
    expect(await eventCount(a, handId)).toBe(seq + 2);
    stream.close();
    for (const s of sockets) s.close();
  });

  it('answers bad input with a problem and its ref, appends nothing, and stays open', async () => {
    const { sockets, views } = await seats();
    const watcher = await socket(spectator!.token);
    const auditor = await socket(AUDIT_TOKEN);
    await viewOf(watcher);
    await viewOf(auditor);
    const { seat, seq, action } = move(views);
    const other = (seat + 1) % 4;
    const before = await eventCount(a, handId);
    const cases: [OpenSocket, () => void, number, string][] = [
      [sockets[seat]!, () => sockets[seat]!.sendRaw('{"expectedSeq": 1,'), 400, 'VALIDATION_FAILED'],
      [sockets[seat]!, () => sockets[seat]!.sendRaw(Buffer.from('{}'), true), 400, 'VALIDATION_FAILED'],
      [sockets[seat]!, () => sockets[seat]!.send({ ref: 1, action }), 400, 'VALIDATION_FAILED'],
      [sockets[seat]!, () => sockets[seat]!.send({ ref: 1, expectedSeq: seq, action, extra: true }), 400, 'VALIDATION_FAILED'],
      [sockets[seat]!, () => sockets[seat]!.send({ ref: 1, expectedSeq: seq, action: { type: 'no-such-action' } }), 400, 'BAD_ACTION'],
      [sockets[seat]!, () => sockets[seat]!.send({ ref: 1, expectedSeq: seq + 5, action }), 409, 'STALE_SEQ'],
      [sockets[other]!, () => sockets[other]!.send({ ref: 1, expectedSeq: seq, action }), 422, 'NOT_YOUR_TURN'],
      [watcher, () => watcher.send({ ref: 1, expectedSeq: seq, action }), 403, 'NOT_SEATED'],
      [auditor, () => auditor.send({ ref: 1, expectedSeq: seq, action }), 403, 'PLAYER_ONLY'],
    ];
    for (const [s, send, status, code] of cases) {
      send();
      const got = await frame(s);
      expect(got).toMatchObject({ problem: { status, code } });
    }
    // A frame that is not JSON has no ref to echo; every other problem echoes its own.
    sockets[seat]!.send({ ref: 'mine', expectedSeq: seq, action: {} });
    expect(await frame(sockets[seat]!)).toMatchObject({ ref: 'mine', problem: { code: 'BAD_ACTION' } });
    expect(await eventCount(a, handId)).toBe(before);
    // Still open: the legal action goes through.
    sockets[seat]!.send({ ref: 2, expectedSeq: seq, action });
    expect(await frame(sockets[seat]!)).toMatchObject({ ref: 2, answer: { seq: seq + 1 } });
    // Beyond the body limit the socket is closed (1009, message too big), as a POST gets 413.
    sockets[seat]!.sendRaw(JSON.stringify({ expectedSeq: seq, action: { pad: 'x'.repeat(120 * 1024) } }));
    expect(await sockets[seat]!.next()).toBe('closed');
    expect(sockets[seat]!.closeCode).toBe(1009);
    expect(await eventCount(a, handId)).toBe(before + 1);
    for (const s of [...sockets, watcher, auditor]) s.close();
  });

  it('answers a repeated Idempotency-Key with the first answer, and appends once', async () => {
    const { sockets, views } = await seats();
    const { seat, seq, action } = move(views);
    const before = await eventCount(a, handId);
    const key = randomUUID();
    sockets[seat]!.send({ ref: 'first', expectedSeq: seq, action, idempotencyKey: key });
    const first = await frame(sockets[seat]!);
    sockets[seat]!.send({ ref: 'again', expectedSeq: seq, action, idempotencyKey: key });
    const again = await frame(sockets[seat]!);
    expect(again).toEqual({ ...first, ref: 'again' });
    // The same key over HTTP is the same request too.
    const res = await a.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(players[seat]!.token))
      .set('Idempotency-Key', key)
      .send({ expectedSeq: seq, action });
    expect(res.body).toEqual((first as { answer: View }).answer);
    expect(await eventCount(a, handId)).toBe(before + 1);
    for (const s of sockets) s.close();
  });

  it('plays the hand to its end on the sockets alone, never showing a seat what it may not know, and then closes', async () => {
    const { sockets, views } = await seats();
    const watcher = await socket(spectator!.token);
    const auditor = await socket(AUDIT_TOKEN);
    let current = views;
    let spectatorView = await viewOf(watcher);
    let auditorView = await viewOf(auditor);
    for (let n = 0; auditorView.status === 'active' && n < 200; n++) {
      const { seat, seq, action } = move(current);
      sockets[seat]!.send({ ref: n, expectedSeq: seq, action });
      current = await Promise.all(
        sockets.map(async (s, i) => {
          const f = await frame(s);
          return i === seat ? (f as { answer: View }).answer : (f as { view: View }).view;
        }),
      );
      spectatorView = await viewOf(watcher);
      auditorView = await viewOf(auditor);
      for (const v of [...current, spectatorView, auditorView]) expect(v.seq).toBe(seq + 1);
      for (const v of current) assertNothingHidden(v, auditorView, spectatorView);
    }
    expect(auditorView.result).toBeTruthy();
    for (const v of [...current, spectatorView, auditorView]) expect(typeof v.nextHandId).toBe('string');
    for (const s of [...sockets, watcher, auditor]) {
      expect(await s.next()).toBe('closed');
      expect(s.closeCode).toBe(1000);
    }
    expect(await readersGone(b)).toBe(0);
  });
});

describe('sockets count with the streams against STREAMS_MAX, and actions against the rate limit', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;
  let base: string;

  beforeAll(async () => {
    t = await startApp({ STREAMS_MAX: '1', RATE_LIMIT_PER_MINUTE: '3' });
    players = await newPlayers(t, 4, 'Socketeer');
    ({ handId } = await openTable(t, 'dobbm', {}, players));
    base = await listening(t);
  });
  afterAll(() => t.close());

  it('refuses a second socket with 503 STREAMS_FULL and Retry-After', async () => {
    const first = await openSocket(base, handId, players[0]!.token);
    expect(await viewOf(first)).toMatchObject({ seq: 0 });
    const second = await openSocket(base, handId, players[1]!.token);
    expect([second.status, second.problem?.code, second.retryAfter]).toEqual([503, 'STREAMS_FULL', '5']);
    first.close();
  });

  it("closes the socket with 1008 once the player's bucket is empty", async () => {
    expect(await readersGone(t)).toBe(0);
    // A player with no request counted yet: the upgrade is a request and counts; so does each action, even one refused.
    const [watcher] = await newPlayers(t, 1, 'Counted');
    const s = await openSocket(base, handId, watcher!.token);
    await viewOf(s);
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      s.send({ ref: i, expectedSeq: 999, action: { type: 'bid', bid: 'pass' } });
      codes.push(((await frame(s)) as { problem: { code: string } }).problem.code);
    }
    expect(codes).toEqual(['NOT_SEATED', 'NOT_SEATED']);
    s.send({ ref: 2, expectedSeq: 999, action: { type: 'bid', bid: 'pass' } });
    expect([await s.next(), s.closeCode]).toEqual(['closed', 1008]);
  });

  it("counts upgrades against the address's bucket as any request: beyond it 429 before the token is looked at", async () => {
    let last: OpenSocket | null = null;
    for (let i = 0; i < 40 && last?.status !== 429; i++) last = await openSocket(base, handId, `no-such-token-${i}`);
    expect([last!.status, last!.problem?.code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('shutdown closes every socket', () => {
  it('closes open sockets with 1001 when the drain begins (main.ts), so the server closes', async () => {
    const t = await startApp();
    const players = await newPlayers(t, 4, 'Leaver');
    const { handId } = await openTable(t, 'dobbm', {}, players);
    const base = await listening(t);
    const sockets = await Promise.all(players.map((p) => openSocket(base, handId, p.token)));
    for (const s of sockets) expect((await viewOf(s)).seq).toBe(0);
    const started = Date.now();
    const closed = await beginDrain(t);
    for (const s of sockets) {
      expect(await s.next(2_000)).toBe('closed');
      expect(s.closeCode).toBe(1001);
    }
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
    await t.close();
  });
});

describe('a socket under arbitrary frames', () => {
  let t: TestApp;
  let players: Player[];
  let tableId: string;
  let handId: string;
  let base: string;
  /** Events of every hand at the table: an answered action on a table's socket may end a hand and go on in the next. */
  const tableEvents = async (): Promise<number> =>
    Number((await t.sql.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE table_id = $1', [tableId])).rows[0]!.n);

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4, 'Fuzzer');
    ({ tableId, handId } = await openTable(t, 'dobbm', {}, players));
    base = await listening(t);
  });
  afterAll(() => t.close());

  const anyFrame = (seq: number) => hostileFrame(handId, seq);

  it.each(['hand', 'table'] as const)(
    "answers every frame on a %s's socket with one answer or problem, appends only what it answered, and stays up",
    async (kind) => {
      const s = await openSocket(base, handId, players[0]!.token, kind === 'table' ? { path: `/tables/${tableId}/socket` } : {});
      const first = await viewOf(s);
      const before = await tableEvents();
      let answers = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(anyFrame(first.seq), { minLength: 1, maxLength: 8 }), async (frames) => {
          for (const f of frames) {
            if ('bytes' in f) s.sendRaw(Buffer.from(f.bytes), true);
            else s.sendRaw(f.text);
            const got = await s.next(5_000);
            if (got === 'closed' || got === 'quiet') throw new Error(`no answer to ${JSON.stringify(f)}: ${got}`);
            expect(Object.keys(got).sort()).toEqual('answer' in got ? ['answer', 'ref'] : ['problem', 'ref']);
            if ('problem' in got) expect(got.problem.status).toBeLessThan(500);
            else answers++;
          }
        }),
        { numRuns: 60 },
      );
      expect(await tableEvents()).toBe(before + answers);
      expect((await t.http.get('/health')).status).toBe(200);
      s.close();
    },
  );
});
