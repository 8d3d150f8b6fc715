import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, type Player } from './support/bots.testkit.js';

/**
 * A database blip is a fault, not a refusal: a substitute or a bot whose move fails because the
 * service's connections were terminated tries again, and the hand moves on. The move is caught in
 * flight: the test holds the hand row's lock, so the move's append waits on it, then terminates
 * every connection of the service (pg_terminate_backend) and lets go. On a database of this file's
 * own, so that the terminations hit no other file's app.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the hand may take to move on after the blip (the aim: within 30 s). */
const WITHIN_MS = 30_000;

describe('a database blip during a clock', () => {
  let a: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    db = await ownDatabase('clock_faults');
    // A slow pace for the bots: the window in which the test takes the hand row's lock, wide
    // enough for a busy machine (the suite's three jest processes and a browser).
    a = await startApp({ DATABASE_URL: db.url, BOT_PACE_MS: '4000' });
  });
  afterAll(async () => {
    await a?.close();
    await db?.drop();
  });

  /**
   * Takes the hand row's lock, waits until one of the service's statements waits for it (the
   * move under way), terminates all of the service's connections and lets go; answers when it let go.
   */
  async function blipDuringMove(handId: string): Promise<number> {
    const locker = new pg.Client({ connectionString: db.url });
    locker.on('error', () => undefined);
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM hands WHERE id = $1 FOR UPDATE', [handId]);
      let waiting = 0;
      for (const end = Date.now() + 10_000; waiting === 0 && Date.now() < end; await sleep(50)) {
        const { rows } = await locker.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        waiting = rows[0].n as number;
      }
      expect(waiting).toBeGreaterThan(0);
      const { rows } = await locker.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(rows[0].n).toBeGreaterThan(0);
      await locker.query('ROLLBACK');
      return Date.now();
    } finally {
      await locker.end();
    }
  }

  /** Polls the hand's seq (through HTTP) until it passes `seq`; answers when, or null. */
  async function movedPast(handId: string, player: Player, seq: number): Promise<number | null> {
    for (const end = Date.now() + WITHIN_MS; Date.now() < end; await sleep(200)) {
      const res = await a.http.get(`/hands/${handId}`).set(bearer(player.token));
      if (res.status === 200 && (res.body.seq as number) > seq) return Date.now();
    }
    return null;
  }

  it('a substitute whose move meets terminated connections tries again: the hand moves on', async () => {
    const players = await newPlayers(a, 4, 'Blip');
    const table = await a.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm', turnSeconds: 2 }).expect(201);
    let handId = '';
    for (const [seat, p] of players.entries())
      handId =
        (await a.http.post(`/tables/${table.body.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201)).body.currentHandId ?? handId;
    // Nobody acts: the substitute's move comes once the clock runs out, and waits on the lock.
    const released = await blipDuringMove(handId);
    const moved = await movedPast(handId, players[0]!, 0);
    console.log(`substitute: the hand moved on ${moved === null ? 'never' : `${((moved - released) / 1000).toFixed(1)} s`} after the blip`);
    expect(moved).not.toBeNull();
    const log = (await a.sql.query<{ by: string | null }>('SELECT by FROM events WHERE hand_id = $1 AND seq = 1', [handId])).rows;
    expect(log).toEqual([{ by: 'substitute' }]);
  }, 60_000);

  it('a bot whose move meets terminated connections tries again: the hand moves on', async () => {
    const [person] = (await newPlayers(a, 1, 'Beside bots')) as [Player];
    const id = (await a.http.post('/tables').set(bearer(person.token)).send({ game: 'dobbm', clock: 'off' }).expect(201)).body.id as string;
    await a.http.post(`/tables/${id}/seats`).set(bearer(person.token)).send({ seat: 0 }).expect(201);
    let handId = '';
    for (const seat of [1, 2, 3])
      handId = (await a.http.post(`/tables/${id}/bots`).set(bearer(person.token)).send({ seat }).expect(201)).body.currentHandId ?? handId;
    // The person answers until a bot is to act next; that bot waits out its pace, then appends.
    let view = await getView(a, handId, person.token);
    for (let guard = 0; guard < 100 && view.toAct.includes(0) === false; guard++) {
      await sleep(100);
      view = await getView(a, handId, person.token);
    }
    const { seat: _seat, ...action } = view.legalActions![0]!;
    const acted = await a.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(person.token))
      .send({ expectedSeq: view.seq, action })
      .expect(200);
    const seq = acted.body.seq as number;
    expect(acted.body.toAct).not.toContain(0);
    const released = await blipDuringMove(handId);
    const moved = await movedPast(handId, person, seq);
    console.log(`bot: the hand moved on ${moved === null ? 'never' : `${((moved - released) / 1000).toFixed(1)} s`} after the blip`);
    expect(moved).not.toBeNull();
  }, 60_000);
});
