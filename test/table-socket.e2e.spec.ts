import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HandStreams } from '../src/hands/hand-stream.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, type Player, type View } from './support/bots.testkit.js';
import { assertNothingHidden } from './support/oracle.testkit.js';
import { eventCount, frame, move, openSocket, viewOf, type OpenSocket } from './support/socket.testkit.js';
import { listening, readersGone } from './support/stream.testkit.js';

/**
 * `GET /tables/{id}/socket`: one socket per seat for the whole session. Set up through one
 * instance, followed and played through the other.
 */
describe('GET /tables/{id}/socket', () => {
  let a: TestApp;
  let b: TestApp;
  let players: Player[];
  let spectator: Player;
  let tableId: string;
  let handId: string;
  let base: string;
  const open: OpenSocket[] = [];
  const socket = async (token: string | null, path = `/tables/${tableId}/socket`) => {
    const s = await openSocket(base, '', token, { path });
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([startApp(), startApp()]);
    players = await newPlayers(a, 4, 'Table');
    [spectator] = await newPlayers(a, 1, 'Watcher');
    ({ tableId, handId } = await openTable(a, 'dobbm', {}, players));
    base = await listening(b);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses the upgrade with the usual problem+json', async () => {
    const waiting = await a.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm', rules: {} }).expect(201);
    for (const [s, status, code] of [
      [await socket(null), 401, 'TOKEN_MISSING'],
      [await socket(players[0]!.token, `/tables/${randomUUID()}/socket`), 404, 'TABLE_NOT_FOUND'],
      [await socket(players[0]!.token, '/tables/not-a-table/socket'), 404, 'TABLE_NOT_FOUND'],
      [await socket(players[0]!.token, `/tables/${waiting.body.id}/socket`), 409, 'TABLE_NOT_PLAYING'],
    ] as const) {
      expect([s.status, s.problem?.code]).toEqual([status, code]);
    }
    const plain = await b.http.get(`/tables/${tableId}/socket`).set(bearer(players[0]!.token));
    expect([plain.status, plain.body.code]).toEqual([426, 'UPGRADE_REQUIRED']);
    expect(b.app.get(HandStreams).open).toBe(0);
  });

  it('answers an action without its hand, or on the hand socket with another hand, with a problem; appends nothing', async () => {
    const seat = (await getView(a, handId, players[0]!.token)).toAct[0]!;
    const s = await socket(players[seat]!.token);
    const view = await viewOf(s);
    expect(view).toEqual(await getView(a, handId, players[seat]!.token));
    const before = await eventCount(a, handId);
    const { seat: _, ...action } = view.legalActions![0]!;
    s.send({ ref: 1, expectedSeq: view.seq, action });
    expect(await frame(s)).toMatchObject({ ref: 1, problem: { status: 400, code: 'VALIDATION_FAILED' } });
    const handSocket = await openSocket(base, handId, players[seat]!.token);
    open.push(handSocket);
    await viewOf(handSocket);
    handSocket.send({ ref: 2, handId: randomUUID(), expectedSeq: view.seq, action });
    expect(await frame(handSocket)).toMatchObject({ ref: 2, problem: { status: 400, code: 'VALIDATION_FAILED' } });
    expect(await eventCount(a, handId)).toBe(before);
    for (const x of [s, handSocket]) x.close();
    expect(await readersGone(b)).toBe(0);
  });

  it('greetings: the phrase of a seat reaches every socket of the table on both instances, spectators too; no free text, limited', async () => {
    const baseA = await listening(a);
    const greeter = await socket(players[1]!.token);
    const other = open[open.push(await openSocket(baseA, '', players[2]!.token, { path: `/tables/${tableId}/socket` })) - 1]!;
    const watcher = open[open.push(await openSocket(baseA, '', spectator!.token, { path: `/tables/${tableId}/socket` })) - 1]!;
    await Promise.all([greeter, other, watcher].map(viewOf));
    greeter.send({ ref: 'g1', greeting: 'wellPlayed' });
    const heard = async (s: OpenSocket) => {
      for (let f = await frame(s); ; f = await frame(s)) if ('greeting' in f || 'greeted' in f) return f;
    };
    // The greeter's answer and the table's copy come in either order: the copy may overtake the answer.
    const mine = [await heard(greeter), await heard(greeter)];
    expect(mine).toEqual(expect.arrayContaining([{ ref: 'g1', greeted: 'wellPlayed' }, { greeting: { seat: 1, phrase: 'wellPlayed' } }]));
    for (const s of [other, watcher]) expect(await heard(s)).toEqual({ greeting: { seat: 1, phrase: 'wellPlayed' } });
    greeter.send({ ref: 'g2', greeting: 'hello' });
    expect(await frame(greeter)).toMatchObject({ ref: 'g2', problem: { status: 429, code: 'RATE_LIMITED' } });
    greeter.send({ ref: 'g3', greeting: 'you cheat' });
    expect(await frame(greeter)).toMatchObject({ ref: 'g3', problem: { code: 'VALIDATION_FAILED' } });
    watcher.send({ ref: 'g4', greeting: 'hello' });
    expect(await frame(watcher)).toMatchObject({ ref: 'g4', problem: { code: 'NOT_SEATED' } });
    for (const s of [greeter, other, watcher]) s.close();
    expect(await readersGone(b)).toBe(0);
  });

  it('plays a hand to its end and goes on with the next on the same sockets, showing no seat what it may not know', async () => {
    const sockets = await Promise.all(players.map((p) => socket(p.token)));
    const watcher = await socket(spectator!.token);
    const auditor = await socket(AUDIT_TOKEN);
    let current = await Promise.all(sockets.map(viewOf));
    let spectatorView = await viewOf(watcher);
    let auditorView = await viewOf(auditor);
    for (const v of [...current, spectatorView]) expect([v.id, v.seq]).toEqual([auditorView.id, auditorView.seq]);
    for (let n = 0; auditorView.status === 'active' && n < 200; n++) {
      const { seat, seq, action } = move(current);
      sockets[seat]!.send({ ref: n, handId, expectedSeq: seq, action });
      current = await Promise.all(
        sockets.map(async (s, i) => {
          const f = await frame(s);
          return i === seat ? (f as { answer: View }).answer : (f as { view: View }).view;
        }),
      );
      spectatorView = await viewOf(watcher);
      auditorView = await viewOf(auditor);
      for (const v of [...current, spectatorView, auditorView]) expect([v.id, v.seq]).toEqual([handId, seq + 1]);
      for (const v of current) assertNothingHidden(v, auditorView, spectatorView);
    }
    expect(auditorView.result).toBeTruthy();
    const next = auditorView.nextHandId as string;
    expect(typeof next).toBe('string');
    // The next hand's first views follow on the same sockets, each as GET /hands/{id} gives it.
    const firsts = await Promise.all([...sockets, watcher, auditor].map(viewOf));
    const tokens = [...players.map((p) => p.token), spectator!.token, AUDIT_TOKEN];
    for (const [i, v] of firsts.entries()) expect(v).toEqual(await getView(a, next, tokens[i]!));
    // An action for the hand that ended is refused as its POST would be, and lands nowhere.
    const late = { expectedSeq: auditorView.seq, action: { type: 'play', card: 'A7' } };
    const events = await eventCount(a, next);
    sockets[0]!.send({ ref: 'late', handId, ...late });
    const post = await b.http.post(`/hands/${handId}/actions`).set(bearer(players[0]!.token)).send(late);
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(await frame(sockets[0]!)).toMatchObject({ ref: 'late', problem: { status: post.status, code: post.body.code } });
    expect(await eventCount(a, next)).toBe(events);
    // The next hand is played on them too.
    const { seat, seq, action } = move(firsts.slice(0, 4));
    sockets[seat]!.send({ ref: 'next', handId: next, expectedSeq: seq, action });
    const after = await Promise.all(sockets.map(frame));
    expect(after[seat]).toMatchObject({ ref: 'next', answer: { id: next, seq: seq + 1 } });
    for (const [i, f] of after.entries()) if (i !== seat) expect(f).toMatchObject({ view: { id: next, seq: seq + 1 } });
    expect(b.app.get(HandStreams).open).toBe(6);
    for (const s of [...sockets, watcher, auditor]) s.close();
    expect(await readersGone(b)).toBe(0);
  });

  it('closes with 1000 once the session is over', async () => {
    const host = await newPlayers(a, 4, 'Ending');
    const table = await openTable(a, 'doppelkopf', {}, host);
    const sockets = await Promise.all(host.map(async (p) => socket(p.token, `/tables/${table.tableId}/socket`)));
    for (const s of sockets) expect((await viewOf(s)).id).toBe(table.handId);
    // Nobody has acted: the host's end drops the hand (void) and the session ends.
    await a.http.post(`/tables/${table.tableId}/session-end`).set(bearer(host[0]!.token)).expect(200);
    for (const s of sockets) {
      expect(await viewOf(s)).toMatchObject({ id: table.handId, status: 'void' });
      expect(await s.next()).toBe('closed');
      expect(s.closeCode).toBe(1000);
    }
    expect(await readersGone(b)).toBe(0);
  });
});
