import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Settings } from '../src/config/env.js';
import { DatabaseService } from '../src/database/database.service.js';
import { scratchDatabases } from './support/databases.testkit.js';

/**
 * The pool pipelines: a transaction's statements asked for together go out together, and BEGIN
 * goes out with the first of them (database.service.ts). One connection (pool size 1), so every
 * transaction here reuses the connection the one before it left.
 */
describe('DatabaseService.transaction on a pipelining connection', () => {
  // Dropped after the inner block's afterAll has closed the pool.
  const { db: url } = scratchDatabases({ db: 'kartentisch_pipeline' });
  describe('a pool of one connection, reused by every transaction', () => {
    let db: DatabaseService;
    const keys = async (): Promise<number[]> => (await db.pool.query<{ k: number }>('SELECT k FROM t ORDER BY k')).rows.map((r) => r.k);

    beforeAll(async () => {
      db = new DatabaseService({ databaseUrl: url, databasePoolSize: 1 } as Settings);
      await db.pool.query('CREATE TABLE t (k int PRIMARY KEY)');
    });
    afterAll(() => db.onModuleDestroy());

    it('gives each of many statements sent together its own answer', async () => {
      const n = await db.transaction((tx) => {
        expect(tx.pipeline).toBe(true);
        return Promise.all(
          Array.from({ length: 50 }, (_, i) => tx.query<{ n: number }>('SELECT $1::int * 2 AS n', [i]).then((r) => r.rows[0]!.n)),
        );
      });
      expect(n).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    });

    it('rolls back every statement sent beside one that fails, and the connection serves the next transaction', async () => {
      await expect(
        db.transaction((tx) =>
          Promise.all([tx.query('INSERT INTO t VALUES (1)'), tx.query('INSERT INTO t VALUES (1)'), tx.query('INSERT INTO t VALUES (2)')]),
        ),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await keys()).toEqual([]);

      await db.transaction((tx) => Promise.all([tx.query('INSERT INTO t VALUES (3)'), tx.query('INSERT INTO t VALUES (4)')]));
      expect(await keys()).toEqual([3, 4]);
    });

    it('writes nothing when BEGIN fails (a connection left in a failed transaction), and the connection recovers', async () => {
      const poisoned = await db.pool.connect();
      await poisoned.query('BEGIN');
      await expect(poisoned.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
      poisoned.release(); // returned in an aborted transaction, as a careless caller might

      await expect(db.transaction((tx) => tx.query('INSERT INTO t VALUES (5)'))).rejects.toMatchObject({ code: '25P02' });
      expect(await keys()).toEqual([3, 4]);
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (6)'));
      expect(await keys()).toEqual([3, 4, 6]);
    });
  });
});
