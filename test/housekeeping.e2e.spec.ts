import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TableHousekeeping } from '../src/tables/housekeeping.js';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';

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
    // Their substitutes play on; the people's own last moves were half an hour ago.
    const ids = [gone.tableId, oneLeft.tableId];
    await t.sql.query(`UPDATE events SET created_at = created_at - interval '31 minutes' WHERE table_id = ANY($1::uuid[]) AND by IS NULL`, [
      ids,
    ]);
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
});
