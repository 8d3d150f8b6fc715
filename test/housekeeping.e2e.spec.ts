import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TableHousekeeping } from '../src/tables/housekeeping.js';
import { bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One person and three bots at a Dobbm table without a clock: the table and its first hand. */
async function personAndBots(t: TestApp, person: Player): Promise<{ tableId: string; handId: string }> {
  const tableId = (await t.http.post('/tables').set(bearer(person.token)).send({ game: 'dobbm', clock: 'off' }).expect(201)).body
    .id as string;
  await t.http.post(`/tables/${tableId}/seats`).set(bearer(person.token)).send({ seat: 0 }).expect(201);
  let handId = '';
  for (const seat of [1, 2, 3]) {
    const res = await t.http.post(`/tables/${tableId}/bots`).set(bearer(person.token)).send({ seat, strength: 'random' }).expect(201);
    if (res.body.currentHandId) handId = res.body.currentHandId as string;
  }
  return { tableId, handId };
}

/** Tables nobody plays at do not pile up: a waiting table with no person seated for half an hour is ended. */
describe('housekeeping', () => {
  let t: TestApp;
  let host: Player;
  let guest: Player;
  const open = async () => (await t.http.post('/tables').set(bearer(host.token)).send({ game: 'dobbm' }).expect(201)).body.id as string;
  const age = (id: string, minutes: number) =>
    t.sql.query(`UPDATE tables SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);
  const table = async (id: string) => (await t.http.get(`/tables/${id}`).expect(200)).body as { status: string; endReason: string | null };

  beforeAll(async () => {
    t = await startApp();
    [host, guest] = (await newPlayers(t, 2, 'Keeper')) as [Player, Player];
  });
  afterAll(() => t.close());

  it('ends a waiting table at which no person sat for 30 minutes, and leaves the others', async () => {
    const [empty, withBot, withPerson, young] = [await open(), await open(), await open(), await open()];
    await t.http.post(`/tables/${withBot}/bots`).set(bearer(host.token)).send({ seat: 0 }).expect(201);
    await t.http.post(`/tables/${withPerson}/seats`).set(bearer(guest.token)).send({ seat: 0 }).expect(201);
    for (const id of [empty, withBot, withPerson]) await age(id, 31);
    await age(young, 29);
    // Other files' tables share the database: only these four are looked at.
    const ours = (ids: string[]) => ids.filter((id) => [empty, withBot, withPerson, young].includes(id)).sort();
    expect(ours(await t.app.get(TableHousekeeping).sweep())).toEqual([empty, withBot].sort());
    expect(await table(empty)).toMatchObject({ status: 'ended', endReason: 'abandoned' });
    expect(await table(withPerson)).toMatchObject({ status: 'waiting', endReason: null });
    expect(await table(young)).toMatchObject({ status: 'waiting', endReason: null });
    // The lobby (waiting and playing tables) no longer lists it; a second sweep ends nothing more.
    const lobby = (await t.http.get('/tables').query({ limit: 100 }).expect(200)).body.items.map((x: { id: string }) => x.id);
    expect(lobby).not.toContain(empty);
    expect(ours(await t.app.get(TableHousekeeping).sweep())).toEqual([]);
  });

  it('ends a table in play whose people are all away and have not acted for 30 minutes, dropping the hand under way', async () => {
    const people = await newPlayers(t, 8, 'Gone');
    const tables: { tableId: string; players: Player[] }[] = [];
    for (const players of [people.slice(0, 4), people.slice(4)]) {
      const tableId = (await t.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm' }).expect(201)).body.id as string;
      for (const [seat, p] of players.entries())
        await t.http.post(`/tables/${tableId}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
      tables.push({ tableId, players });
    }
    const [gone, oneLeft] = tables as [(typeof tables)[0], (typeof tables)[0]];
    const hand = async (tableId: string) => (await t.http.get(`/tables/${tableId}`).expect(200)).body.currentHandId as string;
    // One person acts, then everyone steps away (at the second table all but one).
    for (const { tableId, players } of tables) {
      const handId = await hand(tableId);
      const view = (await t.http.get(`/hands/${handId}`).set(bearer(players[0]!.token)).expect(200)).body as {
        toAct: number[];
        seq: number;
      };
      const actor = players[view.toAct[0]!]!;
      const mine = (await t.http.get(`/hands/${handId}`).set(bearer(actor.token)).expect(200)).body as { legalActions: object[] };
      await t.http
        .post(`/hands/${handId}/actions`)
        .set(bearer(actor.token))
        .send({ expectedSeq: view.seq, action: mine.legalActions[0] })
        .expect(200);
      for (const p of tableId === oneLeft.tableId ? players.slice(1) : players) {
        await t.http.post(`/hands/${await hand(tableId)}/away`).set(bearer(p.token));
      }
    }
    // Their substitutes play on; the people stepped away half an hour ago.
    const ids = [gone.tableId, oneLeft.tableId];
    await t.sql.query(
      `UPDATE hands SET away_since = ARRAY(SELECT a - interval '31 minutes' FROM unnest(away_since) AS a)
        WHERE table_id = ANY($1::uuid[]) AND status = 'active'`,
      [ids],
    );
    const ended = (await t.app.get(TableHousekeeping).sweep()).filter((id) => ids.includes(id));
    expect(ended).toEqual([gone.tableId]);
    expect(await table(gone.tableId)).toMatchObject({ status: 'ended', endReason: 'away' });
    expect(await table(oneLeft.tableId)).toMatchObject({ status: 'playing', endReason: null });
    const dropped = (
      await t.http
        .get(`/hands/${await hand(gone.tableId)}`)
        .set(bearer(gone.players[0]!.token))
        .expect(200)
    ).body;
    expect(dropped.status).toBe('void');
  });

  it('does not end a table a minute after its people step away: time away counts, not the time since they last acted', async () => {
    const [person] = await newPlayers(t, 1, 'Stepped');
    const { tableId, handId } = await personAndBots(t, person!);
    // The person never acted; stepping away is not half an hour away.
    await t.http.post(`/hands/${handId}/away`).set(bearer(person!.token)).expect(200);
    await t.sql.query(`UPDATE events SET created_at = created_at - interval '31 minutes' WHERE table_id = $1`, [tableId]);
    expect(await t.app.get(TableHousekeeping).sweep()).not.toContain(tableId);
    expect(await table(tableId)).toMatchObject({ status: 'playing', endReason: null });
  });
});

/**
 * The time away measured by the clock, with ABANDONED_TABLE_MINUTES made small (0.1: six
 * seconds) on a database of its own: its sweeps run on their own and would end other files' tables.
 */
describe('housekeeping counts time away', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;
  const minutes = 0.1;

  beforeAll(async () => {
    db = await ownDatabase('away_minutes');
    t = await startApp({ DATABASE_URL: db.url, ABANDONED_TABLE_MINUTES: String(minutes) });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('a table whose people are all away lives ABANDONED_TABLE_MINUTES (± one sweep), not less', async () => {
    const [person] = await newPlayers(t, 1, 'Gone');
    const { tableId, handId } = await personAndBots(t, person!);
    await t.http.post(`/hands/${handId}/away`).set(bearer(person!.token)).expect(200);
    const leftAt = Date.now();
    const status = async () => (await t.http.get(`/tables/${tableId}`).expect(200)).body as { status: string; endReason: string | null };
    let endedAt = 0;
    while (Date.now() - leftAt < minutes * 60_000 * 3) {
      const now = await status();
      if (now.status === 'ended') {
        expect(now.endReason).toBe('away');
        endedAt = Date.now();
        break;
      }
      await sleep(200);
    }
    const lived = endedAt - leftAt;
    process.stdout.write(`table with its person away lived ${lived} ms (ABANDONED_TABLE_MINUTES ${minutes})\n`);
    const sweepMs = TableHousekeeping.sweepMs(minutes);
    expect(endedAt).toBeGreaterThan(0);
    expect(lived).toBeGreaterThanOrEqual(minutes * 60_000 - 300);
    expect(lived).toBeLessThanOrEqual(minutes * 60_000 + sweepMs + 1_000);
  }, 30_000);
});
