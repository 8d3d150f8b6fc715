import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.testkit.js';
import { bearer } from './support/app.testkit.js';
import { newPlayers } from './support/bots.testkit.js';

/**
 * GET /players/{id}: a player's name (a bot's strength apart), public as at the tables; never a
 * token; an unknown id is a 404 problem. The histories name the players of each hand the same way.
 */
describe('GET /players/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t?.close());

  it('names the player, and nothing more', async () => {
    const [p] = await newPlayers(t, 1, 'Named');
    const res = await t.http.get(`/players/${p!.id}`).expect(200);
    expect(res.body).toEqual({ id: p!.id, name: 'Named 0', bot: null });
  });

  it("names a bot with its strength apart, so that a page can say the strength in its reader's words", async () => {
    const [host] = await newPlayers(t, 1, 'Host');
    const table = (await t.http.post('/tables').set(bearer(host!.token)).send({ game: 'dobbm' }).expect(201)).body as { id: string };
    const seated = (
      await t.http.post(`/tables/${table.id}/bots`).set(bearer(host!.token)).send({ seat: 1, strength: 'strong' }).expect(201)
    ).body as { playerId: string; name: string };
    const res = await t.http.get(`/players/${seated.playerId}`).expect(200);
    expect(res.body).toEqual({ id: seated.playerId, name: seated.name, bot: 'strong' });
  });

  it("a history's hands name each seat's player and say when their table was opened", async () => {
    const people = await newPlayers(t, 3, 'Seated');
    const host = people[0]!;
    const table = (await t.http.post('/tables').set(bearer(host.token)).send({ game: 'dobbm' }).expect(201)).body as { id: string };
    for (const [seat, p] of people.entries())
      await t.http.post(`/tables/${table.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
    const bot = (await t.http.post(`/tables/${table.id}/bots`).set(bearer(host.token)).send({ seat: 3, strength: 'random' }).expect(201))
      .body as { playerId: string; name: string };
    const opened = (await t.http.get(`/tables/${table.id}`).expect(200)).body as { createdAt: string };
    const seats = [...people.map((p) => ({ id: p.id, name: p.name, bot: null })), { id: bot.playerId, name: bot.name, bot: 'random' }];
    for (const path of [`/tables/${table.id}/hands`, `/players/${people[1]!.id}/hands`, `/players/${bot.playerId}/hands`]) {
      const [hand] = (await t.http.get(path).expect(200)).body.items as { tableId: string; tableOpenedAt: string; players: unknown[] }[];
      expect({ path, tableId: hand?.tableId, tableOpenedAt: hand?.tableOpenedAt, players: hand?.players }).toEqual({
        path,
        tableId: table.id,
        tableOpenedAt: opened.createdAt,
        players: seats,
      });
    }
  });

  it('answers an unknown or malformed id with PLAYER_NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; select 1"]) {
      const res = await t.http.get(`/players/${encodeURIComponent(id)}`);
      expect({ id, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ id, status: 404, code: 'PLAYER_NOT_FOUND' });
    }
  });
});
