import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, type Player } from './support/bots.testkit.js';
import { openSocket, pushedView } from './support/socket.testkit.js';
import { listening } from './support/stream.testkit.js';

/**
 * Presence through HTTP and a real PostgreSQL, with two instances on one database: a seat whose
 * player holds the table's socket on instance A is present in the views and the table resource
 * that instance B answers; when the socket closes, the seat goes absent, and the other seats'
 * sockets are sent the view again at the same seq; a request alone makes a seat present for
 * PRESENCE_SECONDS.
 */
const PRESENCE = { PRESENCE_SECONDS: '2', DEFAULT_TURN_CLOCK: 'off' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seatedTable(t: TestApp, players: Player[]): Promise<{ tableId: string; handId: string }> {
  const table = await t.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm' }).expect(201);
  let handId = '';
  for (const [seat, p] of players.entries()) {
    const res = await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
    if (res.body.currentHandId) handId = res.body.currentHandId;
  }
  return { tableId: table.body.id as string, handId };
}

/** The seats `present` says, asked of instance `t` by the auditor-free path: a seated player's view would mark that player. */
async function tablePresence(t: TestApp, tableId: string, token: string): Promise<boolean[]> {
  const res = await t.http.get(`/tables/${tableId}`).set(bearer(token)).expect(200);
  return (res.body.seats as { present: boolean }[]).map((s) => s.present);
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(100);
  }
}

describe('presence: who is connected at a table, on any instance', () => {
  let a: TestApp;
  let b: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    db = await ownDatabase('presence');
    a = await startApp({ DATABASE_URL: db.url, ...PRESENCE });
    b = await startApp({ DATABASE_URL: db.url, ...PRESENCE });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('a socket on one instance makes its seat present on the other; closing it pushes the view again without it', async () => {
    const players = await newPlayers(a, 4, 'Here');
    const { tableId, handId } = await seatedTable(a, players);
    // Nobody has looked at the table yet: nobody is present (the seats were taken by requests about the table, not the hand).
    expect(await tablePresence(b, tableId, players[3]!.token)).toEqual([false, false, false, false]);

    const resi = await openSocket(await listening(a), handId, players[0]!.token, { path: `/tables/${tableId}/socket` });
    const sepp = await openSocket(await listening(b), handId, players[1]!.token, { path: `/tables/${tableId}/socket` });
    expect([resi.status, sepp.status]).toEqual([101, 101]);

    // Sepp, on B, learns that Resi (seat 0, on A) is there, pushed at the same seq.
    const both = await pushedView(sepp, (v) => [0, 1].every((s) => (v.present as number[]).includes(s)), 5_000);
    expect(both).not.toBeNull();
    expect(both!.seq).toBe(0);
    expect(
      await until(
        () => tablePresence(b, tableId, players[3]!.token),
        (p) => p[0] && p[1],
        5_000,
      ),
    ).toEqual([true, true, false, false]);

    // Resi closes her page: Sepp's socket is sent the view again, without her, still at seq 0.
    resi.close();
    const without = await pushedView(sepp, (v) => !(v.present as number[]).includes(0), 6_000);
    expect(without).not.toBeNull();
    expect(without!.seq).toBe(0);
    expect(without!.present).toEqual([1]);
    sepp.close();
  });

  it("a request about the hand makes its seat present for PRESENCE_SECONDS, on any instance's views", async () => {
    const players = await newPlayers(a, 4, 'Poll');
    const { tableId, handId } = await seatedTable(a, players);
    await getView(b, handId, players[2]!.token);
    const seen = await until(
      () => getView(a, handId, players[3]!.token),
      (v) => (v.present as number[]).includes(2),
      5_000,
    );
    expect(seen.present).toEqual([2, 3]);
    // Nobody asks any more: both lapse, and the table says so.
    expect(
      await until(
        () => tablePresence(a, tableId, players[0]!.token),
        (p) => !p.some(Boolean),
        8_000,
      ),
    ).toEqual([false, false, false, false]);
  });
});
