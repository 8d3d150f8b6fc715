import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers } from './support/bots.testkit.js';

/** GET /players/{id}: a player's name, public as at the tables; never a token; an unknown id is a 404 problem. */
describe('GET /players/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t?.close());

  it('names the player, and nothing more', async () => {
    const [p] = await newPlayers(t, 1, 'Named');
    const res = await t.http.get(`/players/${p!.id}`).expect(200);
    expect(res.body).toEqual({ id: p!.id, name: 'Named 0' });
  });

  it('answers an unknown or malformed id with PLAYER_NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; select 1"]) {
      const res = await t.http.get(`/players/${encodeURIComponent(id)}`);
      expect({ id, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ id, status: 404, code: 'PLAYER_NOT_FOUND' });
    }
  });
});
