import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';
import { games } from '../src/engine/index.js';

/**
 * What the lobby reads and does: GET /tables with filters and pages, GET /games
 * from the engines' option schemas, leaving a seat before the first deal.
 */
describe('the lobby: GET /tables, GET /games, DELETE /tables/{id}/seats/me', () => {
  let t: TestApp;
  let players: Player[];

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4, 'Lobby');
  });
  afterAll(() => t.close());

  const create = async (game: string, rules: Record<string, unknown> = {}, host = players[0]!) =>
    (await t.http.post('/tables').set(bearer(host.token)).send({ game, rules }).expect(201)).body as { id: string; createdAt: string };

  it('lists open and running tables newest first, filtered by game and status, page by page', async () => {
    // Droggn with four players: its own game filter, so the other files' tables stay out.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create('droggn', { players: 4, stake: 11 })).id);
    const full = await create('droggn', { players: 3 });
    for (const p of players.slice(0, 3)) await t.http.post(`/tables/${full.id}/seats`).set(bearer(p.token)).send({}).expect(201);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await t.http
          .get('/tables')
          .query({ game: 'droggn', status: 'waiting', limit: 2, ...(cursor ? { cursor } : {}) })
          .expect(200)
      ).body as {
        items: { id: string; seats: { playerId: string | null }[]; freeSeats: number }[];
        nextCursor: string | null;
      };
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        expect(item).toMatchObject({ game: 'droggn', status: 'waiting', seatCount: item.seats.length });
        expect(item.freeSeats).toBe(item.seats.filter((s) => s.playerId === null).length);
      }
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length); // no table twice across pages
    expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const listed = (await t.http.get('/tables').query({ game: 'droggn', limit: 100 }).expect(200)).body.items as {
      id: string;
      createdAt: string;
    }[];
    const key = (i: { id: string; createdAt: string }) => `${i.createdAt} ${i.id}`;
    expect(listed.map(key)).toEqual(listed.map(key).sort().reverse()); // newest first, ties by id
    expect(seen).not.toContain(full.id);

    const playing = await t.http.get('/tables').query({ game: 'droggn', status: 'playing', limit: 100 }).expect(200);
    const started = playing.body.items.find((i: { id: string }) => i.id === full.id);
    expect(started).toMatchObject({ status: 'playing', freeSeats: 0, seatCount: 3 });
    expect(started.currentHandId).toEqual(expect.any(String));
    expect(started.seats[0]).toEqual({
      seat: 0,
      playerId: players[0]!.id,
      name: players[0]!.name,
      bot: null,
      present: false,
      offered: false,
      fromHand: null,
      previousPlayerId: null,
    });

    const both = await t.http.get('/tables').query({ game: 'droggn', limit: 100 }).expect(200);
    const bothIds = both.body.items.map((i: { id: string }) => i.id);
    expect(bothIds).toEqual(expect.arrayContaining([...ids, full.id]));
  });

  it('pages of any size, followed by their cursors, list every table once, in the order of one big page', async () => {
    const all = async (query: Record<string, unknown>): Promise<string[]> => {
      const out: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await t.http
            .get('/tables')
            .query({ ...query, ...(cursor ? { cursor } : {}) })
            .expect(200)
        ).body as { items: { id: string }[]; nextCursor: string | null };
        out.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    const whole = await all({ game: 'droggn', limit: 100 });
    expect(whole.length).toBeGreaterThanOrEqual(6);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.constantFrom(undefined, 'waiting', 'playing'), async (limit, status) => {
        const expected = status ? await all({ game: 'droggn', status, limit: 100 }) : whole;
        expect(await all({ game: 'droggn', limit, ...(status ? { status } : {}) })).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });

  it('refuses an unknown game or status, a bad limit and a forged cursor with 400', async () => {
    for (const query of [
      { game: 'skat' },
      { status: 'open' },
      { limit: 0 },
      { limit: 101 },
      { limit: 'x' },
      { cursor: 'bm90LWEtY3Vyc29y' },
      { cursor: '!!' },
    ]) {
      const res = await t.http.get('/tables').query(query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('GET /games describes every rule option of every engine schema, with defaults the engine accepts', async () => {
    const res = await t.http.get('/games').expect(200);
    expect(res.body.map((g: { id: string }) => g.id)).toEqual(['dobbm', 'droggn', 'doppelkopf']);
    for (const g of res.body as { id: keyof typeof games; options: Record<string, unknown>[] }[]) {
      const schema = games[g.id].optionSchema;
      expect(g.options.map((o) => o.name)).toEqual(Object.keys(schema));
      const defaults = Object.fromEntries(g.options.map((o) => [o.name, o.default]));
      expect(games[g.id].parseOptions(defaults)).toEqual({ ok: true, options: defaults });
      for (const o of g.options) {
        expect(typeof o.description === 'string' && (o.description as string).length > 10).toBe(true);
        if (o.type === 'enum') expect(o.values).toContain(o.default);
        if (o.dependsOn) expect(Object.keys(schema)).toContain((o.dependsOn as { option: string }).option);
      }
    }
    const dobbm = res.body[0].options as Record<string, unknown>[];
    expect(dobbm.find((o) => o.name === 'doubling.maxDoublings')).toMatchObject({
      type: 'integer',
      default: null,
      nullable: true,
      minimum: 0,
    });
    expect(dobbm.find((o) => o.name === 'mussrunde.whoMayCall')).toMatchObject({
      type: 'enum',
      values: ['host', 'anyPlayer'],
      dependsOn: { option: 'mussrunde.enabled', value: true },
    });
  });

  it('a seated player leaves before the first deal (204) and the seat is free again; after the deal it is 409 SEATS_FIXED', async () => {
    const table = await create('dobbm');
    const [a, b, c, d] = players as [Player, Player, Player, Player];
    await t.http.post(`/tables/${table.id}/seats`).set(bearer(b.token)).send({ seat: 1 }).expect(201);
    await t.http.delete(`/tables/${table.id}/seats/me`).set(bearer(b.token)).expect(204);
    expect((await t.http.get(`/tables/${table.id}`).expect(200)).body.seats[1]).toEqual({
      seat: 1,
      playerId: null,
      name: null,
      bot: null,
      present: false,
      offered: false,
      fromHand: null,
      previousPlayerId: null,
    });
    const again = await t.http.delete(`/tables/${table.id}/seats/me`).set(bearer(b.token));
    expect([again.status, again.body.code]).toEqual([403, 'NOT_SEATED']);
    expect((await t.http.delete(`/tables/${table.id}/seats/me`)).status).toBe(401);
    expect((await t.http.delete('/tables/00000000-0000-4000-8000-000000000000/seats/me').set(bearer(b.token))).body.code).toBe(
      'TABLE_NOT_FOUND',
    );

    for (const p of [a, b, c, d]) await t.http.post(`/tables/${table.id}/seats`).set(bearer(p.token)).send({}).expect(201);
    const late = await t.http.delete(`/tables/${table.id}/seats/me`).set(bearer(c.token));
    expect([late.status, late.body.code]).toEqual([409, 'SEATS_FIXED']);
    expect((await t.http.get(`/tables/${table.id}`).expect(200)).body).toMatchObject({ status: 'playing', freeSeats: 0 });
  });
});
