import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { newPlayers, passWhereOneMay, playHand, rng, seatedTable } from './support/bots.testkit.js';

/**
 * The review sweep (docs/review.md#jobs) with a short interval: a hand that ends with a person at
 * the table is reviewed without anyone asking; a hand of bots only is not. On a database of its
 * own: the sweep would take up every other file's finished hands.
 */
describe('the review sweep', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('reviewsweep', { REVIEW_SWEEP_SECONDS: '1', AUDIT_WORKERS: '1' });
  });
  let botTable: string | undefined;
  // The bots' table would play on while the app closes.
  afterAll(async () => {
    if (botTable) await t.sql.query(`UPDATE tables SET status = 'ended' WHERE id = $1`, [botTable]);
    await t?.close();
  });

  const reviewRows = async (handIds: string[]) =>
    (
      await t.sql.query<{ hand_id: string; status: string }>(`SELECT hand_id, status FROM hand_reviews WHERE hand_id = ANY($1::uuid[])`, [
        handIds,
      ])
    ).rows;

  it('reviews a finished hand with a person at the table unasked, and leaves a hand of bots only alone', async () => {
    const [host, ...people] = await newPlayers(t, 5, 'Swept');
    // A table of four random bots: its first hand ends long before the person's.
    const bots = (
      await t.http
        .post('/tables')
        .set(bearer(host!.token))
        .send({ game: 'dobbm', rules: { players: 4 } })
        .expect(201)
    ).body as {
      id: string;
    };
    botTable = bots.id;
    for (let i = 0; i < 4; i++)
      await t.http.post(`/tables/${bots.id}/bots`).set(bearer(host!.token)).send({ strength: 'random' }).expect(201);
    const botHandsEnded = async () =>
      ((await t.http.get(`/tables/${bots.id}/hands`).query({ limit: 100 }).expect(200)).body.items as { id: string; status: string }[])
        .filter((h) => h.status === 'finished' || h.status === 'thrownIn')
        .map((h) => h.id);
    let botHands: string[] = [];
    for (const until = Date.now() + 30_000; botHands.length === 0 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      botHands = await botHandsEnded();
    }
    expect(botHands.length).toBeGreaterThan(0);

    const { handId } = await seatedTable(t, people, { game: 'dobbm', rules: { players: 4 } });
    // Everyone passes: the deal is thrown in, a hand of four decisions that reviews in moments.
    await playHand(t, handId, people, { random: rng(5), choose: passWhereOneMay });
    // Nobody asks for the review: the sweep queues it.
    let status: string | undefined;
    for (const until = Date.now() + 90_000; status !== 'done' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await reviewRows([handId]))[0]?.status;
    }
    expect(status).toBe('done');
    // Two more sweeps: the bots' hands, ended before the person's, were passed over in every one.
    await new Promise((r) => setTimeout(r, 2_500));
    botHands = await botHandsEnded();
    expect(await reviewRows(botHands)).toEqual([]);
  }, 120_000);
});
