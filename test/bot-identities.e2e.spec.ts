import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';

/**
 * Seating a bot and taking it out again is what a host does while filling a table; each bot
 * used to be a new `players` row, so a host could grow the table of players without bound,
 * past the players-per-address limit. A bot of one strength in one seat of one table is one
 * identity, however often it is seated.
 */
describe('bot identities', () => {
  let t: TestApp;
  let host: Player;
  const botRows = async () => Number((await t.sql.query('SELECT count(*) FROM players WHERE bot IS NOT NULL')).rows[0].count);

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('bot_ids');
    [host] = await newPlayers(t, 1, 'Host');
  });
  afterAll(() => t.close());

  it('seating and removing a bot 20 times in one seat keeps one players row, the same bot each time', async () => {
    const table = (await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201)).body;
    const before = await botRows();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const seated = await t.http.post(`/tables/${table.id}/bots`).set(bearer(host!.token)).send({ seat: 1 }).expect(201);
      ids.add(seated.body.playerId as string);
      expect(seated.body).toMatchObject({ seat: 1, name: 'Bot 2 (heuristic)', bot: 'heuristic' });
      await t.http.delete(`/tables/${table.id}/bots/1`).set(bearer(host!.token)).expect(204);
    }
    expect([ids.size, (await botRows()) - before]).toEqual([1, 1]);
  });

  it('20 cycles over every seat and strength make at most one row per seat and strength; other tables have bots of their own', async () => {
    const table = (await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201)).body;
    const strengths = ['heuristic', 'random', 'strong'] as const;
    const before = await botRows();
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const seat = i % 3;
      const strength = strengths[Math.floor(i / 3) % 3]!;
      const seated = await t.http.post(`/tables/${table.id}/bots`).set(bearer(host!.token)).send({ seat, strength }).expect(201);
      seen.push(seated.body.playerId as string);
      await t.http.delete(`/tables/${table.id}/bots/${seat}`).set(bearer(host!.token)).expect(204);
    }
    expect(await botRows()).toBeLessThanOrEqual(before + 3 * 3);
    expect(new Set(seen).size).toBe((await botRows()) - before);
    // Two bots at one table are two players; the same seat at another table is another bot.
    const a = await t.http.post(`/tables/${table.id}/bots`).set(bearer(host!.token)).send({ seat: 0 }).expect(201);
    const b = await t.http.post(`/tables/${table.id}/bots`).set(bearer(host!.token)).send({ seat: 1 }).expect(201);
    const other = (await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201)).body;
    const c = await t.http.post(`/tables/${other.id}/bots`).set(bearer(host!.token)).send({ seat: 0 }).expect(201);
    expect(new Set([a.body.playerId, b.body.playerId, c.body.playerId]).size).toBe(3);
  });
});
