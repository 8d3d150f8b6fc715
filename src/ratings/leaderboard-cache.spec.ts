import { LeaderboardCache } from './leaderboard-cache.js';

/** A database that answers the leaderboard's statement with a counter, or fails when told to. */
function counting() {
  const db = {
    reads: 0,
    fail: false,
    query: async () => {
      db.reads++;
      await new Promise((r) => setTimeout(r, 5));
      if (db.fail) throw new Error('connection lost');
      return { rows: [{ id: `p${db.reads}`, name: 'Resi', bot: null, rating: 1600, hands: 30 }] };
    },
  };
  return db;
}

describe('LeaderboardCache', () => {
  it('answers requests within the fresh time, and those arriving while it reads, from one read', async () => {
    let now = 0;
    const db = counting();
    const cache = new LeaderboardCache(1000, () => now);
    const first = await Promise.all([1, 2, 3].map(() => cache.read(db as never, 'doppelkopf', 100)));
    now = 999;
    const later = await cache.read(db as never, 'doppelkopf', 100);
    expect(db.reads).toBe(1);
    expect(new Set([...first, later].map((rows) => rows[0]!.id))).toEqual(new Set(['p1']));
  });

  it('reads again once the fresh time is over, and per game', async () => {
    let now = 0;
    const db = counting();
    const cache = new LeaderboardCache(1000, () => now);
    await cache.read(db as never, 'doppelkopf', 100);
    await cache.read(db as never, 'dobbm', 100);
    now = 1000;
    const again = await cache.read(db as never, 'doppelkopf', 100);
    expect(db.reads).toBe(3);
    expect(again[0]!.id).toBe('p3');
  });

  it('does not keep a failed read', async () => {
    const db = counting();
    const cache = new LeaderboardCache(1000, () => 0);
    db.fail = true;
    await expect(cache.read(db as never, 'doppelkopf', 100)).rejects.toThrow('connection lost');
    db.fail = false;
    await expect(cache.read(db as never, 'doppelkopf', 100)).resolves.toHaveLength(1);
    expect(db.reads).toBe(2);
  });
});
