import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, seatedTable } from './support/bots.testkit.js';

/**
 * Turn clocks and substitutes, through HTTP on a database of this file's own (its clocks must
 * not run out under other files' apps): a seat that does not act in time is played by its
 * substitute, marked `by: substitute` in the log and the record; two instances racing the
 * same expiry make one event; a restart during a clock still lets it expire; a seat away is
 * played at once and its person takes it back.
 */
type Event = { seq: number; seat: number | null; by?: string; createdAt: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function events(t: TestApp, handId: string): Promise<Event[]> {
  const res = await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200);
  return res.body as Event[];
}

/** Polls until the hand's log has at least `n` events after the deal (or the time is up). */
async function untilEvents(t: TestApp, handId: string, n: number, withinMs: number): Promise<Event[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const log = await events(t, handId);
    if (log.length > n || Date.now() > until) return log;
    await sleep(100);
  }
}

describe('turn clocks and substitutes', () => {
  let a: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    db = await ownDatabase('clocks');
    a = await startApp({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await a?.close();
    await db?.drop();
  });

  it('names the clock presets in GET /games and on the table; a table without a clock has no deadline', async () => {
    const games = await a.http.get('/games').expect(200);
    const dobbm = (games.body as { id: string; turnClocks: { name: string; seconds: number | null }[] }[]).find((g) => g.id === 'dobbm')!;
    expect(dobbm.turnClocks).toEqual([
      { name: 'relaxed', seconds: 120 },
      { name: 'normal', seconds: 40 },
      { name: 'off', seconds: null },
    ]);
    const players = await newPlayers(a, 4, 'Off');
    const { tableId, handId } = await seatedTable(a, players, { clock: 'off' });
    const table = await a.http.get(`/tables/${tableId}`).set(bearer(players[0]!.token)).expect(200);
    expect(table.body.turnSeconds).toBeNull();
    const view = await getView(a, handId, players[0]!.token);
    expect([view.turnSeconds, view.deadline, view.away]).toEqual([null, null, []]);
    const both = await a.http.post('/tables').set(bearer(players[0]!.token)).send({ game: 'dobbm', clock: 'normal', turnSeconds: 5 });
    expect([both.status, both.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('plays the decision of a seat that never acts once its clock has run out, marked by: substitute everywhere', async () => {
    const players = await newPlayers(a, 4, 'Slow');
    const { tableId, handId } = await seatedTable(a, players, { turnSeconds: 1 });
    expect((await a.http.get(`/tables/${tableId}`).set(bearer(players[0]!.token))).body.turnSeconds).toBe(1);
    const first = await getView(a, handId, players[0]!.token);
    const seat = first.toAct[0]!;
    const deadline = Date.parse(first.deadline as string);
    expect(deadline).toBeGreaterThan(Date.now() - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 1000);

    const log = await untilEvents(a, handId, 1, 5000);
    expect(log[1]).toMatchObject({ seq: 1, seat, by: 'substitute' });
    // Not before the deadline the view showed.
    expect(Date.parse(log[1]!.createdAt)).toBeGreaterThanOrEqual(deadline);
    // The seat's own player sees it in the log too; the seat is not away after one expiry.
    const own = await a.http.get(`/hands/${handId}/events`).set(bearer(players[seat]!.token)).expect(200);
    expect((own.body as Event[])[1]!.by).toBe('substitute');
    expect((await getView(a, handId, players[seat]!.token)).away).toEqual([]);
  });

  it('a seat that runs out of time twice in a row is away; its substitute then plays at once until the person is back', async () => {
    const players = await newPlayers(a, 4, 'Gone');
    const { tableId, handId: firstHand } = await seatedTable(a, players, { turnSeconds: 1 });
    // Everyone but one seat plays at once; that seat never does (its misses count across hands).
    const absent = (await getView(a, firstHand, players[0]!.token)).toAct[0]!;
    let handId = firstHand;
    let view = await getView(a, handId, players[0]!.token);
    for (let guard = 0; guard < 400 && !(view.away as number[]).includes(absent); guard++) {
      const acting = view.toAct.find((s) => s !== absent);
      if (view.status !== 'active') {
        handId = (await a.http.get(`/tables/${tableId}`).set(bearer(players[0]!.token))).body.currentHandId as string;
      } else if (acting !== undefined) {
        const mine = await getView(a, handId, players[acting]!.token);
        const action = mine.legalActions?.[0];
        if (action)
          await a.http.post(`/hands/${handId}/actions`).set(bearer(players[acting]!.token)).send({ expectedSeq: mine.seq, action });
      } else {
        await sleep(150);
      }
      view = await getView(a, handId, players[0]!.token);
    }
    expect(view.away).toEqual([absent]);
    const log = await events(a, handId);
    expect(log.filter((e) => e.seat === absent).every((e) => e.by === 'substitute')).toBe(true);
    expect(log.filter((e) => e.seat !== absent && e.seq > 0).some((e) => e.by === 'substitute')).toBe(false);

    // "I'm back": the seat is no longer away, and its person acts again in person.
    const back = await a.http.post(`/hands/${handId}/back`).set(bearer(players[absent]!.token)).expect(200);
    expect(back.body.away).toEqual([]);
    // The returning person acts again, in person, at the next decision of the seat.
    let acted: Event | undefined;
    for (let guard = 0; guard < 400 && !acted; guard++) {
      view = await getView(a, handId, players[0]!.token);
      if (view.status !== 'active') {
        handId = (await a.http.get(`/tables/${tableId}`).set(bearer(players[0]!.token))).body.currentHandId as string;
        continue;
      }
      const seat = view.toAct.includes(absent) ? absent : view.toAct[0]!;
      const mine = await getView(a, handId, players[seat]!.token);
      const action = mine.legalActions?.[0];
      if (!action) continue;
      const res = await a.http.post(`/hands/${handId}/actions`).set(bearer(players[seat]!.token)).send({ expectedSeq: mine.seq, action });
      if (seat === absent && res.status === 200) acted = (await events(a, handId)).find((e) => e.seq === mine.seq + 1);
    }
    expect(acted).toMatchObject({ seat: absent });
    expect(acted!.by).toBeUndefined();
    const stranger = (await newPlayers(a, 1, 'Kibitz'))[0]!;
    const refused = await a.http.post(`/hands/${handId}/back`).set(bearer(stranger.token));
    expect([refused.status, refused.body.code]).toEqual([403, 'NOT_SEATED']);
  });

  it('POST /hands/{id}/away hands the seat to its substitute at once, POST …/back takes it back; the record names its actions', async () => {
    const players = await newPlayers(a, 4, 'Away');
    const { handId } = await seatedTable(a, players, { clock: 'relaxed' });
    const first = await getView(a, handId, players[0]!.token);
    const seat = first.toAct[0]!;
    const left = await a.http.post(`/hands/${handId}/away`).set(bearer(players[seat]!.token)).expect(200);
    expect(left.body.away).toEqual([seat]);
    // A relaxed clock is two minutes: an event within seconds is the substitute covering the away seat.
    const log = await untilEvents(a, handId, 1, 5000);
    expect(log[1]).toMatchObject({ seq: 1, seat, by: 'substitute' });
    await a.http.post(`/hands/${handId}/back`).set(bearer(players[seat]!.token)).expect(200);
    const view = await getView(a, handId, players[seat]!.token);
    expect(view.away).toEqual([]);
    // The record (the auditor's before the end) names the substitute's actions by their index.
    const record = await a.http.get(`/hands/${handId}/record`).set(bearer(AUDIT_TOKEN)).expect(200);
    expect(record.body.substitutes).toEqual([0]);
  });

  it('two instances racing the same expiries make one event for each', async () => {
    const b = await startApp({ DATABASE_URL: db.url });
    try {
      const players = await newPlayers(a, 4, 'Race');
      const { handId } = await seatedTable(a, players, { turnSeconds: 1 });
      // Four seats each run out once in the first round of bids: four deadlines a second apart
      // (waited for generously: a loaded machine delays the substitutes, not the count).
      const log = await untilEvents(a, handId, 3, 20_000);
      const subs = log.slice(1, 4);
      expect(subs.map((e) => e.by)).toEqual(['substitute', 'substitute', 'substitute']);
      expect(new Set(subs.map((e) => e.seat)).size).toBe(3);
      // Had both instances acted on one expiry, the second event would follow the first at once;
      // each comes a full clock after the one before.
      for (let i = 1; i < subs.length; i++) {
        expect(Date.parse(subs[i]!.createdAt) - Date.parse(subs[i - 1]!.createdAt)).toBeGreaterThanOrEqual(900);
      }
    } finally {
      await b.close();
    }
  });

  it('a clock that runs out while no instance is up expires after a restart', async () => {
    const players = await newPlayers(a, 4, 'Restart');
    const { handId } = await seatedTable(a, players, { turnSeconds: 2 });
    await a.close();
    await sleep(2500); // the deadline passes with no instance up
    a = await startApp({ DATABASE_URL: db.url });
    const log = await untilEvents(a, handId, 1, 5000);
    expect(log[1]).toMatchObject({ seq: 1, by: 'substitute' });
    expect(log).toHaveLength(2);
  });
});
