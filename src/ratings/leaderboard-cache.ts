import { leaderboard, type LeaderboardRow } from './rating-store.js';

type Queryable = Parameters<typeof leaderboard>[0];

/**
 * The leaderboards as last read, one per game, kept for `freshMs`: a leaderboard is read by
 * everyone and changes by a few points at a time, so requests within that time share one query —
 * and requests that arrive while it runs wait for that query instead of queuing their own in front
 * of the tables' work. A rating booked a moment ago shows at the latest `freshMs` later.
 */
export class LeaderboardCache {
  private readonly boards = new Map<string, { at: number; rows: Promise<LeaderboardRow[]> }>();

  constructor(
    private readonly freshMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  read(q: Queryable, game: string, limit: number): Promise<LeaderboardRow[]> {
    const key = `${game}:${limit}`;
    const held = this.boards.get(key);
    if (held && this.now() - held.at < this.freshMs) return held.rows;
    const rows = leaderboard(q, game, limit);
    this.boards.set(key, { at: this.now(), rows });
    // A failed read is not kept: the next request asks again.
    rows.catch(() => this.boards.get(key)?.rows === rows && this.boards.delete(key));
    return rows;
  }
}
