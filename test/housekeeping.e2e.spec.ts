import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TableHousekeeping } from '../src/tables/housekeeping.js';
import { bearer, startApp, type TestApp } from './support/app.js';
import { newPlayers, type Player } from './support/bots.js';

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
});
