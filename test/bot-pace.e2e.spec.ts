import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, type Player } from './support/bots.testkit.js';

/** Bots keep a person's pace at a table where a person sits (BOT_PACE_MS), and full speed among themselves. */
describe("the bots' pace", () => {
  const PACE = 400;
  let t: TestApp;
  let host: Player;
  let person: Player;
  /** Each event's seat and time (ms), in seq order, after the deal. */
  const moves = async (handId: string) =>
    (
      await t.sql.query<{ seat: number; at: Date }>(
        'SELECT seat, created_at AS at FROM events WHERE hand_id = $1 AND seq > 0 ORDER BY seq',
        [handId],
      )
    ).rows.map((r) => ({ seat: r.seat, at: r.at.getTime() }));
  const table = async (bots: number[], people: [Player, number][]) => {
    const id = (await t.http.post('/tables').set(bearer(host.token)).send({ game: 'dobbm' }).expect(201)).body.id as string;
    let handId = '';
    for (const [p, seat] of people)
      handId = (await t.http.post(`/tables/${id}/seats`).set(bearer(p.token)).send({ seat }).expect(201)).body.currentHandId ?? handId;
    for (const seat of bots)
      handId = (await t.http.post(`/tables/${id}/bots`).set(bearer(host.token)).send({ seat }).expect(201)).body.currentHandId ?? handId;
    return handId;
  };
  const until = async (done: () => Promise<boolean>, ms: number) => {
    for (const end = Date.now() + ms; !(await done()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
  };

  beforeAll(async () => {
    t = await startApp({ BOT_PACE_MS: String(PACE) });
    [host, person] = (await newPlayers(t, 2, 'Pacer')) as [Player, Player];
  });
  afterAll(() => t.close());

  it('a bot moves no sooner than BOT_PACE_MS after the move before it when a person sits at the table', async () => {
    const handId = await table([1, 2, 3], [[person, 0]]);
    // The person answers whenever it is their turn, until eight moves are made.
    await until(async () => {
      const view = await getView(t, handId, person.token);
      if (view.toAct.includes(0) && view.legalActions?.length) {
        const { seat: _, ...action } = view.legalActions[0]!;
        await t.http.post(`/hands/${handId}/actions`).set(bearer(person.token)).send({ expectedSeq: view.seq, action });
      }
      return (await moves(handId)).length >= 8 || view.status !== 'active';
    }, 20_000);
    const log = await moves(handId);
    expect(log.filter((m) => m.seat !== 0).length).toBeGreaterThanOrEqual(3);
    for (const [i, m] of log.entries()) {
      // A few ms of slack: the pace is kept from when the bot's instance saw the move, the times are each write's own.
      if (i > 0 && m.seat !== 0) expect(m.at - log[i - 1]!.at).toBeGreaterThanOrEqual(PACE - 25);
    }
  });

  it('bots among themselves play at full speed', async () => {
    const handId = await table([0, 1, 2, 3], []);
    await until(async () => (await moves(handId)).length >= 8, 10_000);
    const log = await moves(handId);
    const gaps = log.slice(1).map((m, i) => m.at - log[i]!.at);
    expect(gaps.some((gap) => gap < PACE / 2)).toBe(true);
  });
});
