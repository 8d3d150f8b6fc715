import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { presentAt, vouch } from '../src/hands/presence-store.js';

/**
 * A presence beat is one INSERT … ON CONFLICT DO UPDATE for everything an instance vouches for.
 * PostgreSQL refuses such a statement when two of its rows share a key ("cannot affect row a
 * second time"), and the whole beat is lost. A batch can carry one player at one table twice:
 * a request about the hand (the web page reads its view) and a socket opened before the next
 * beat put the same player in both of the instance's lists, and a table id spelled in capitals
 * is another string but the same uuid.
 */
describe('presence beats with a player named twice', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });
  afterAll(() => pool.end());

  it('vouch takes a batch that names one player at one table twice, and the player is present', async () => {
    const tableId = randomUUID();
    const playerId = randomUUID();
    const other = randomUUID();
    const batch = [
      { tableId, playerId },
      { tableId, playerId: other },
      { tableId, playerId },
    ];
    await expect(vouch(pool, `beats-${randomUUID()}`, batch, 30)).resolves.toBeUndefined();
    expect((await presentAt(pool, [tableId])).get(tableId)?.sort()).toEqual([playerId, other].sort());
  });

  it('vouch takes one uuid in two spellings as one row', async () => {
    const tableId = randomUUID();
    const playerId = randomUUID();
    const instance = `beats-${randomUUID()}`;
    const batch = [
      { tableId, playerId },
      { tableId: tableId.toUpperCase(), playerId: playerId.toUpperCase() },
    ];
    await expect(vouch(pool, instance, batch, 30)).resolves.toBeUndefined();
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM seat_presence WHERE instance = $1', [instance]);
    expect(rows[0].n).toBe(1);
  });
});
