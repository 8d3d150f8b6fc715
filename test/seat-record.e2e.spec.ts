import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, type Player, type View, seatedTable } from './support/bots.testkit.js';
import { openSocket, pushedView } from './support/socket.testkit.js';
import { listening, openLobby, openStream } from './support/stream.testkit.js';

/**
 * A seat's away, offer and clock are one record, through HTTP on a database of this file's own
 * (its clocks and substitutes must not act on other files' hands): `/back` from a seat that is
 * not away changes nothing, so it cannot hold a clock off; only the holder who is away in the
 * current hand can have the seat handed on; coming back withdraws an offer; a hand re-dealt to
 * a new holder is a fresh shuffle in which the newcomer is present; a change of away and
 * deadline reaches open sockets and streams without a move.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Event = { seq: number; seat: number | null; by?: string; createdAt: string; payload: Record<string, unknown> };
type Table = { currentHandId: string; seats: { seat: number; playerId: string; offered: boolean }[] };

const events = async (t: TestApp, handId: string): Promise<Event[]> =>
  (await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body as Event[];

describe('one record per seat: away, offer and clock', () => {
  let t: TestApp;
  let slow: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    db = await ownDatabase('seat_record');
    t = await startApp({ DATABASE_URL: db.url });
    // Substitutes at a slow pace: a seat that goes away is not played at once, so no move follows.
    slow = await startApp({ DATABASE_URL: db.url, BOT_PACE_MS: '30000' });
  });
  afterAll(async () => {
    await slow?.close();
    await t?.close();
    await db?.drop();
  });

  const table = async (id: string): Promise<Table> => (await t.http.get(`/tables/${id}`).expect(200)).body as Table;
  const away = (handId: string, p: Player) => t.http.post(`/hands/${handId}/away`).set(bearer(p.token)).expect(200);
  const back = (handId: string, p: Player) => t.http.post(`/hands/${handId}/back`).set(bearer(p.token)).expect(200);

  // A clock held off by the storm below would let the substitute play no sooner than its last
  // request plus the clock, after the storm has ended; so the substitute plays within the storm.
  // The storm is long enough that a loaded machine's delay past the clock does not reach its end.
  const STORM_MS = 8_000;

  it('/back from a seat that is not away moves no deadline: the substitute plays before the storm of /back ends', async () => {
    const players = await newPlayers(t, 4, 'Storm');
    const { handId } = await seatedTable(t, players, { turnSeconds: 3 });
    const first = await getView(t, handId, players[0]!.token);
    const idle = players[first.toAct[0]!]!;
    const deadline = first.deadline as string;
    // The seat to act never acts and says "I'm back" every 0.7 s, for longer than the clock.
    const storm = Date.now() + STORM_MS;
    while (Date.now() < storm) {
      const res = await t.http.post(`/hands/${handId}/back`).set(bearer(idle.token)).expect(200);
      if (res.body.seq === 0) expect(res.body.deadline).toBe(deadline);
      await sleep(700);
    }
    const log = await events(t, handId);
    expect(log.length).toBeGreaterThan(1);
    const played = Date.parse(log[1]!.createdAt) - Date.parse(log[0]!.createdAt);
    expect(log[1]!.by).toBe('substitute');
    expect(played).toBeLessThan(STORM_MS);
  }, 20_000);

  it('going away and coming back again and again gains no time: the substitute plays before the flicker ends', async () => {
    const players = await newPlayers(slow, 4, 'Flicker');
    const { handId } = await seatedTable(slow, players, { turnSeconds: 3 });
    const idle = players[(await getView(slow, handId, players[0]!.token)).toAct[0]!]!;
    // Away, the seat would be played at a bot's pace (30 s here); back at once, it must not get a fresh clock.
    const until = Date.now() + STORM_MS;
    while (Date.now() < until) {
      await slow.http.post(`/hands/${handId}/away`).set(bearer(idle.token)).expect(200);
      await slow.http.post(`/hands/${handId}/back`).set(bearer(idle.token)).expect(200);
      await sleep(300);
    }
    const log = await events(t, handId);
    expect(log.length).toBeGreaterThan(1);
    expect(Date.parse(log[1]!.createdAt) - Date.parse(log[0]!.createdAt)).toBeLessThan(STORM_MS);
  }, 20_000);

  it('hands a seat on only from the holder who is away in the current hand; the host cannot evict its new holder', async () => {
    const [host, p1, p2, a, b, c] = await newPlayers(t, 6, 'Evict');
    const { tableId, handId } = await seatedTable(t, [host!, p1!, p2!, a!], { clock: 'off' });
    await away(handId, a!);
    await t.http.post(`/tables/${tableId}/seats/3/offer`).set(bearer(host!.token)).expect(200);
    expect(await getView(t, handId, host!.token)).toMatchObject({ offered: [3] });
    await t.http.post(`/tables/${tableId}/seats`).set(bearer(b!.token)).send({ seat: 3 }).expect(201);
    // Taken, the seat is no longer offered; its player stays away for the rest of the hand.
    expect(await getView(t, handId, host!.token)).toMatchObject({ offered: [], away: [3] });
    // B holds the seat from the next hand and was never away: it cannot be offered, taken or given to a bot.
    const offerAgain = await t.http.post(`/tables/${tableId}/seats/3/offer`).set(bearer(host!.token));
    expect([offerAgain.status, offerAgain.body.code]).toEqual([409, 'SEAT_NOT_AWAY']);
    const taken = await t.http.post(`/tables/${tableId}/seats`).set(bearer(c!.token)).send({ seat: 3 });
    expect([taken.status, taken.body.code]).toEqual([409, 'SEAT_NOT_AWAY']);
    const bot = await t.http.post(`/tables/${tableId}/bots`).set(bearer(host!.token)).send({ seat: 3, strength: 'random' });
    expect([bot.status, bot.body.code]).toEqual([409, 'SEAT_NOT_AWAY']);
    expect((await table(tableId)).seats[3]).toMatchObject({ playerId: b!.id, offered: false });
  });

  it('coming back withdraws the offer: away again, the seat is not offered until the host offers it again', async () => {
    const [host, p1, p2, p3, d] = await newPlayers(t, 5, 'Return');
    const { tableId, handId } = await seatedTable(t, [host!, p1!, p2!, p3!], { clock: 'off' });
    const first = await getView(t, handId, host!.token);
    // A seat that is not to act, so its substitute does not play at once.
    const seat = [1, 2, 3].find((s) => !first.toAct.includes(s))!;
    const holder = [host!, p1!, p2!, p3!][seat]!;
    await away(handId, holder);
    await t.http.post(`/tables/${tableId}/seats/${seat}/offer`).set(bearer(host!.token)).expect(200);
    await back(handId, holder);
    expect((await table(tableId)).seats[seat]).toMatchObject({ playerId: holder.id, offered: false });
    await away(handId, holder);
    const taken = await t.http.post(`/tables/${tableId}/seats`).set(bearer(d!.token)).send({ seat });
    expect([taken.status, taken.body.code]).toEqual([409, 'SEAT_NOT_OFFERED']);
    expect((await table(tableId)).seats[seat]).toMatchObject({ playerId: holder.id });
  });

  it('an action of the away player withdraws the offer of the seat', async () => {
    // Substitutes at a slow pace: the away seat to act is left for its player to act.
    const players = await newPlayers(slow, 4, 'Acts');
    const { tableId, handId } = await seatedTable(slow, players, { clock: 'off' });
    const seat = (await getView(slow, handId, players[0]!.token)).toAct[0]!;
    const player = players[seat]!;
    await slow.http.post(`/hands/${handId}/away`).set(bearer(player.token)).expect(200);
    await slow.http.post(`/tables/${tableId}/seats/${seat}/offer`).set(bearer(players[0]!.token)).expect(200);
    const offered = async () => ((await slow.http.get(`/tables/${tableId}`).expect(200)).body as Table).seats[seat]!.offered;
    expect(await offered()).toBe(true);
    const mine = await getView(slow, handId, player.token);
    await slow.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(player.token))
      .send({ expectedSeq: mine.seq, action: mine.legalActions![0] })
      .expect(200);
    expect(await offered()).toBe(false);
    expect((await getView(slow, handId, player.token)).away).toEqual([]);
    expect((await getView(slow, handId, players[0]!.token)).offered).toEqual([]);
  });

  it('a hand re-dealt after a handover is a fresh shuffle, committed anew, and its new holder is present', async () => {
    const [host, p1, p2, a, b] = await newPlayers(t, 5, 'Redeal');
    const { tableId, handId } = await seatedTable(t, [host!, p1!, p2!, a!], { clock: 'off' });
    const first = await getView(t, handId, host!.token);
    // A's seat: one that is not to act, so the hand stays at seq 0 while A is away.
    const seat = [1, 2, 3].find((s) => !first.toAct.includes(s))!;
    const departed = [host!, p1!, p2!, a!][seat]!;
    const seen = (await getView(t, handId, departed.token)).hand as string[];
    await away(handId, departed);
    await t.http.post(`/tables/${tableId}/seats/${seat}/offer`).set(bearer(host!.token)).expect(200);
    await t.http.post(`/tables/${tableId}/seats`).set(bearer(b!.token)).send({ seat }).expect(201);
    // The host ends the session between deals: the untouched hand is dropped and the Mußrunde dealt.
    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(host!.token)).expect(200);
    const next = ended.body.currentHandId as string;
    expect(next).not.toBe(handId);
    const mine = await getView(t, next, b!.token);
    expect(mine.seat).toBe(seat);
    expect([...(mine.hand as string[])].sort()).not.toEqual([...seen].sort());
    expect(mine.away).toEqual([]);
    const [dropped, dealt] = [(await events(t, handId))[0]!, (await events(t, next))[0]!];
    expect(dealt.payload.deckCommitment).not.toEqual(dropped.payload.deckCommitment);
    expect((await t.http.get(`/hands/${next}/verify`).set(bearer(AUDIT_TOKEN)).expect(200)).body.ok).toBe(true);
    expect((await table(tableId)).currentHandId).toBe(next);
  });

  it('/away and /back reach open sockets and streams at once, without a move', async () => {
    const players = await newPlayers(slow, 4, 'Told');
    const { handId } = await seatedTable(slow, players, { turnSeconds: 600 });
    const first = await getView(slow, handId, players[0]!.token);
    const actor = first.toAct[0]!;
    const watcher = (actor + 1) % 4;
    const base = await listening(slow);
    const socket = await openSocket(base, handId, players[watcher]!.token);
    const stream = await openStream(base, handId, players[watcher]!.token);
    expect(await pushedView(socket, (v) => v.seq === 0, 5_000)).not.toBeNull();
    expect(((await stream.next(5_000)) as View).seq).toBe(0);

    const leftAt = Date.now();
    await slow.http.post(`/hands/${handId}/away`).set(bearer(players[actor]!.token)).expect(200);
    const told = await pushedView(socket, (v) => (v.away as number[]).includes(actor), 3_000);
    expect(told).toMatchObject({ seq: 0, away: [actor] });
    // The seat to act is away: its substitute's deadline (a bot's pace), not the clock's.
    expect(Date.parse(told!.deadline as string)).toBeLessThan(leftAt + 60_000);
    const streamed = (await stream.next(3_000)) as View;
    expect(streamed).toMatchObject({ seq: 0, away: [actor], deadline: told!.deadline });

    await slow.http.post(`/hands/${handId}/back`).set(bearer(players[actor]!.token)).expect(200);
    const returned = await pushedView(socket, (v) => (v.away as number[]).length === 0, 3_000);
    expect(returned).toMatchObject({ seq: 0, away: [] });
    expect(Date.parse(returned!.deadline as string)).toBeGreaterThan(leftAt + 500_000);
    expect((await stream.next(3_000)) as View).toMatchObject({ seq: 0, away: [], deadline: returned!.deadline });
    socket.close();
    stream.close();
  });

  it('an offer reaches the table socket, the hand socket and stream and the lobby feed at once, and its withdrawal too', async () => {
    const players = await newPlayers(slow, 4, 'Offer');
    const { tableId, handId } = await seatedTable(slow, players, { turnSeconds: 600 });
    const first = await getView(slow, handId, players[0]!.token);
    // A seat that is not to act goes away: nothing moves while its offer comes and goes.
    const seat = [1, 2, 3].find((s) => !first.toAct.includes(s))!;
    const watcher = [1, 2, 3].find((s) => s !== seat)!;
    await slow.http.post(`/hands/${handId}/away`).set(bearer(players[seat]!.token)).expect(200);
    const base = await listening(slow);
    const tableSocket = await openSocket(base, '', players[watcher]!.token, { path: `/tables/${tableId}/socket` });
    const handSocket = await openSocket(base, handId, players[0]!.token);
    const stream = await openStream(base, handId, players[watcher]!.token);
    const lobby = await openLobby(base);
    for (const s of [tableSocket, handSocket]) expect(await pushedView(s, (v) => v.seq === 0, 5_000)).toMatchObject({ offered: [] });
    expect((await stream.next(5_000)) as View).toMatchObject({ seq: 0, offered: [] });
    const version = await lobby.next(5_000);

    const offeredAt = Date.now();
    await slow.http.post(`/tables/${tableId}/seats/${seat}/offer`).set(bearer(players[0]!.token)).expect(200);
    for (const s of [tableSocket, handSocket]) {
      expect(await pushedView(s, (v) => (v.offered as number[]).includes(seat), 3_000)).toMatchObject({ seq: 0, offered: [seat] });
    }
    expect((await stream.next(3_000)) as View).toMatchObject({ seq: 0, offered: [seat] });
    expect(Date.now() - offeredAt).toBeLessThan(1_500);
    expect(await getView(slow, handId, players[watcher]!.token)).toMatchObject({ seq: 0, offered: [seat] });
    const lobbyOffered = await lobby.next(3_000);
    expect(lobbyOffered).not.toEqual(version);

    const backAt = Date.now();
    await slow.http.post(`/hands/${handId}/back`).set(bearer(players[seat]!.token)).expect(200);
    for (const s of [tableSocket, handSocket]) {
      expect(await pushedView(s, (v) => (v.offered as number[]).length === 0, 3_000)).toMatchObject({ seq: 0, offered: [], away: [] });
    }
    expect((await stream.next(3_000)) as View).toMatchObject({ seq: 0, offered: [] });
    expect(Date.now() - backAt).toBeLessThan(1_500);
    expect(await lobby.next(3_000)).not.toEqual(lobbyOffered);
    for (const s of [tableSocket, handSocket, stream, lobby]) s.close();
  }, 30_000);
});
