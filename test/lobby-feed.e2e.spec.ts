import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ScratchDatabase } from '../scripts/lib/scratch-database.js';
import { bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';
import { listening, openLobby as openFeed } from './support/stream.testkit.js';

/**
 * The live lobby: a reader of one instance hears of a table opened and of a seat taken through
 * another instance on the same database, and hears nothing while nothing changes. The lobby's
 * version covers every table of the database: the two instances have one of their own, where the
 * tables other files leave behind cannot move it.
 */
describe('GET /lobby/feed', () => {
  let db: ScratchDatabase;
  let a: TestApp;
  let b: TestApp;
  let base: string;
  let players: Player[];
  beforeAll(async () => {
    db = await ownDatabase('kartentisch_lobby_feed');
    a = await startApp({ DATABASE_URL: db.url });
    b = await startApp({ DATABASE_URL: db.url, STREAMS_PER_ADDRESS: '2' });
    base = await listening(b);
    players = await newPlayers(a, 2, 'Lobby');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('sends the version now, then a new one for a table opened and a seat taken elsewhere, and nothing while nothing changes', async () => {
    const feed = await openFeed(base);
    expect(feed.res.status).toBe(200);
    expect(feed.res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const first = await feed.next();
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(await feed.next(1500)).toBe('quiet');

    const table = await a.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'droggn' }).expect(201);
    const opened = await feed.next();
    expect(opened).not.toBe('quiet');
    expect(opened).not.toBe(first);

    await a.http.post(`/tables/${table.body.id}/seats`).set(bearer(players[1]!.token)).send({ seat: 1 }).expect(201);
    const seated = await feed.next();
    expect([first, opened, 'quiet']).not.toContain(seated);

    await a.http.delete(`/tables/${table.body.id}/seats/me`).set(bearer(players[1]!.token)).expect(204);
    // The seat free again: the lobby is as it was once the table was opened, and says so.
    expect(await feed.next()).toBe(opened);
    feed.close();
  });

  it('is bounded per address (problem+json, nothing opened)', async () => {
    const feeds = [await openFeed(base), await openFeed(base)];
    const third = await openFeed(base);
    expect(third.res.status).toBe(429);
    expect(((await third.res.json()) as { code: string }).code).toBe('TOO_MANY_STREAMS');
    for (const f of feeds) f.close();
  });
});
