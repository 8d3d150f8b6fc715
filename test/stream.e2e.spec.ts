import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { KEEPALIVE_MS } from '../src/common/ndjson-stream.js';
import { HandStreams } from '../src/hands/hand-stream.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { dobbmOnTwoInstances, getView, newPlayers, openTable, type Player, type SharedHand, type View } from './support/bots.testkit.js';
import { assertNothingHidden } from './support/oracle.testkit.js';
import { beginDrain, listening, openStream, readersGone, type OpenStream } from './support/stream.testkit.js';

/** Plays one legal action of the first seat to act, from that seat's latest view; returns the new seq. */
async function act(t: TestApp, handId: string, players: Player[], views: View[]): Promise<number> {
  const view = views[views[0]!.toAct[0]!]!;
  const options = view.legalActions!.filter((a) => a.type !== 'announce' && a.bid !== 'pass');
  const { seat, ...action } = (options.length > 0 ? options : view.legalActions!)[0]!;
  const res = await t.http
    .post(`/hands/${handId}/actions`)
    .set(bearer(players[seat as number]!.token))
    .send({ expectedSeq: view.seq, action });
  expect(res.status).toBe(200);
  return (res.body as View).seq;
}

const line = async (s: OpenStream): Promise<View> => {
  const got = await s.next();
  if (typeof got === 'string') throw new Error(`expected a view, got ${got}`);
  return got;
};

describe('GET /hands/{id}/stream', () => {
  let shared: SharedHand;
  let a: TestApp;
  let b: TestApp;
  let players: Player[];
  let spectator: Player;
  let handId: string;
  let base: string;
  const open: OpenStream[] = [];
  const stream = async (token: string | null, after?: string | number, hand = handId) => {
    const s = await openStream(base, hand, token, after);
    open.push(s);
    return s;
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

  it('refuses before the first byte with the usual problems', async () => {
    for (const [s, status, code] of [
      [await stream(null), 401, 'TOKEN_MISSING'],
      [await stream('no-such-token'), 401, 'TOKEN_INVALID'],
      [await stream(players[0]!.token, undefined, randomUUID()), 404, 'HAND_NOT_FOUND'],
      [await stream(players[0]!.token, 'x'), 400, 'VALIDATION_FAILED'],
      [await stream(players[0]!.token, '-1'), 400, 'VALIDATION_FAILED'],
    ] as const) {
      expect([s.status, s.problem?.code]).toEqual([status, code]);
      expect(s.contentType).toMatch(/^application\/problem\+json/);
    }
    expect(b.app.get(HandStreams).open).toBe(0);
  });

  it("starts with the caller's view exactly as GET /hands/{id} gives it: seat, spectator, auditor", async () => {
    for (const token of [players[0]!.token, players[3]!.token, spectator!.token, AUDIT_TOKEN]) {
      const s = await stream(token);
      expect(s.status).toBe(200);
      expect(s.contentType).toMatch(/^application\/x-ndjson/);
      expect(await line(s)).toEqual(await getView(a, handId, token));
      s.close();
    }
  });

  it('sends every reader a line when a seat acts through another instance, and nothing more', async () => {
    const tokens = [...players.map((p) => p.token), spectator!.token, AUDIT_TOKEN];
    const streams = await Promise.all(tokens.map((token) => stream(token)));
    const first = await Promise.all(streams.map(line));
    const seq = await act(a, handId, players, first.slice(0, 4));
    for (const [i, s] of streams.entries()) {
      const v = await line(s);
      expect(v.seq).toBe(seq);
      expect(v).toEqual(await getView(a, handId, tokens[i]!));
    }
    expect(await streams[0]!.next(300)).toBe('quiet');
    for (const s of streams) s.close();
  });

  it("sends the actor its answer's view, and every other seat its own, when the action comes through the streams' instance", async () => {
    const tokens = players.map((p) => p.token);
    const streams = await Promise.all(tokens.map((token) => stream(token)));
    const first = await Promise.all(streams.map(line));
    const actor = first[0]!.toAct[0]!;
    const { seat: _, ...action } = first[actor]!.legalActions!.find((a) => a.bid !== 'pass') ?? first[actor]!.legalActions![0]!;
    const res = await b.http.post(`/hands/${handId}/actions`).set(bearer(tokens[actor]!)).send({ expectedSeq: first[actor]!.seq, action });
    expect([res.status, res.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    const lines = await Promise.all(streams.map(line));
    expect(lines[actor]).toEqual(res.body);
    for (const [seat, v] of lines.entries()) expect(v).toEqual(await getView(a, handId, tokens[seat]!));
    for (const s of streams) s.close();
  });

  it('resumes after a seq: nothing until a newer view, a newer view at once', async () => {
    const now = await getView(a, handId, players[1]!.token);
    const opened = Date.now();
    const held = await stream(players[1]!.token, now.seq);
    expect(Date.now() - opened).toBeLessThan(5_000); // the headers come at once, not with the first line
    const behind = await stream(players[1]!.token, now.seq - 1);
    expect(await line(behind)).toEqual(now);
    expect(await held.next(300)).toBe('quiet');
    const views = await Promise.all(players.map((p) => getView(a, handId, p.token)));
    const seq = await act(a, handId, players, views);
    expect((await line(held)).seq).toBe(seq);
    expect((await line(behind)).seq).toBe(seq);
    held.close();
    behind.close();
  });

  it('never shows a seat what it may not know, line by line to the end of the hand, and then ends', async () => {
    const seats = await Promise.all(players.map((p) => stream(p.token)));
    const watcher = await stream(spectator!.token);
    const auditor = await stream(AUDIT_TOKEN);
    let views = await Promise.all(seats.map(line));
    let spectatorView = await line(watcher);
    let auditorView = await line(auditor);
    for (let n = 0; !auditorView.result && n < 200; n++) {
      const seq = await act(a, handId, players, views);
      views = await Promise.all(seats.map(line));
      spectatorView = await line(watcher);
      auditorView = await line(auditor);
      for (const v of [...views, spectatorView, auditorView]) expect(v.seq).toBe(seq);
      for (const v of views) assertNothingHidden(v, auditorView, spectatorView);
      assertNothingHidden(spectatorView, auditorView, null, { ...spectatorView, seat: -1 } as View);
    }
    expect(auditorView.result).toBeTruthy();
    for (const v of [...views, spectatorView, auditorView]) {
      expect(v.status).toBe('over');
      expect(typeof v.nextHandId).toBe('string');
    }
    for (const s of [...seats, watcher, auditor]) expect(await s.next()).toBe('end');
    // Reconnecting to a finished hand: its last view, whatever `after` says, and the end.
    const late = await stream(players[2]!.token, 100_000);
    expect((await line(late)).status).toBe('over');
    expect(await late.next()).toBe('end');
    expect(b.app.get(HandStreams).open).toBe(0);
  });
});

describe('an instance holds only STREAMS_MAX streams', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;
  let base: string;

  beforeAll(async () => {
    t = await startApp({ STREAMS_MAX: '1' });
    players = await newPlayers(t, 4, 'Streamer');
    ({ handId } = await openTable(t, 'dobbm', {}, players));
    base = await listening(t);
  });
  afterAll(() => t.close());

  it('answers 503 STREAMS_FULL with Retry-After beyond it, and takes a stream again once one ended', async () => {
    const first = await openStream(base, handId, players[0]!.token);
    expect((await first.next()) as View).toMatchObject({ seq: 0 });
    const res = await fetch(`${base}/hands/${handId}/stream`, { headers: bearer(players[1]!.token) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { code: string }).code).toBe('STREAMS_FULL');
    first.close();
    expect(await readersGone(t)).toBe(0);
    const again = await openStream(base, handId, players[1]!.token);
    expect(again.status).toBe(200);
    again.close();
  });
});

describe('shutdown ends every stream', () => {
  it('ends open streams at once when the drain begins (main.ts), so the server closes', async () => {
    const t = await startApp();
    const players = await newPlayers(t, 4, 'Leaver');
    const { handId } = await openTable(t, 'dobbm', {}, players);
    const base = await listening(t);
    const streams = await Promise.all(players.map((p) => openStream(base, handId, p.token)));
    for (const s of streams) expect(((await s.next()) as View).seq).toBe(0);
    const started = Date.now();
    const closed = await beginDrain(t);
    for (const s of streams) expect(await s.next(2_000)).toBe('end');
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
    await t.close();
  });
});

describe('a move no instance was told of', () => {
  it('reaches the streams when their hub looks again, within KEEPALIVE_MS: a writer may die between its commit and its notification', async () => {
    const t = await startApp();
    try {
      const players = await newPlayers(t, 4, 'Orphan');
      const { handId } = await openTable(t, 'dobbm', {}, players);
      const s = await openStream(await listening(t), handId, players[0]!.token);
      expect(((await s.next()) as View).seq).toBe(0);
      // As a writer that committed and died: the row changes, and nobody publishes it.
      await t.sql.query("UPDATE hands SET status = 'void' WHERE id = $1", [handId]);
      expect(await s.next(2_000)).toBe('quiet');
      expect(await s.next(KEEPALIVE_MS)).toMatchObject({ seq: 0, status: 'void' });
      expect(await s.next(2_000)).toBe('end');
    } finally {
      await t.close();
    }
  }, 40_000);
});
