import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, ownDatabase, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, type Player } from './support/bots.testkit.js';

/**
 * The host hands the seats of players who are away on, between hands, through HTTP on a
 * database of this file's own (its substitutes must not act on other files' hands): one to a
 * person who takes the offered seat, one to a bot. The hand under way is played out by the away
 * players' substitutes; from the next hand the new players hold the seats, not away; the ledger
 * books each hand to the player it was dealt to.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Table = { currentHandId: string; seats: { seat: number; playerId: string; offered: boolean; bot: string | null }[] };

describe('handing an away seat on', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    db = await ownDatabase('handover');
    t = await startApp({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const table = async (id: string): Promise<Table> => (await t.http.get(`/tables/${id}`).expect(200)).body as Table;
  const away = (handId: string, p: Player) => t.http.post(`/hands/${handId}/away`).set(bearer(p.token)).expect(200);

  it('passes an offered seat to a person and another to a bot, from the next hand on', async () => {
    const [resi, sepp, vroni, toni, kathi] = await newPlayers(t, 5, 'Hand');
    const created = await t.http.post('/tables').set(bearer(resi!.token)).send({ game: 'dobbm', clock: 'off' }).expect(201);
    const tableId = created.body.id as string;
    let handId = '';
    for (const [seat, p] of [resi!, sepp!, vroni!, toni!].entries()) {
      const res = await t.http.post(`/tables/${tableId}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
      if (res.body.currentHandId) handId = res.body.currentHandId as string;
    }

    // Toni's seat cannot be handed on while he is there, nor taken before the host offers it.
    const early = await t.http.post(`/tables/${tableId}/seats/3/offer`).set(bearer(resi!.token));
    expect([early.status, early.body.code]).toEqual([409, 'SEAT_NOT_AWAY']);
    await away(handId, toni!);
    await away(handId, vroni!);
    const unoffered = await t.http.post(`/tables/${tableId}/seats`).set(bearer(kathi!.token)).send({ seat: 3 });
    expect([unoffered.status, unoffered.body.code]).toEqual([409, 'SEAT_NOT_OFFERED']);
    const notHost = await t.http.post(`/tables/${tableId}/seats/3/offer`).set(bearer(sepp!.token));
    expect([notHost.status, notHost.body.code]).toEqual([403, 'NOT_HOST']);

    // The host offers Toni's seat; Kathi takes it. Vroni's goes to a bot.
    const offered = await t.http.post(`/tables/${tableId}/seats/3/offer`).set(bearer(resi!.token)).expect(200);
    expect(offered.body.seats[3]).toMatchObject({ playerId: toni!.id, offered: true });
    await t.http.post(`/tables/${tableId}/seats`).set(bearer(kathi!.token)).send({ seat: 3 }).expect(201, { seat: 3 });
    const bot = await t.http.post(`/tables/${tableId}/bots`).set(bearer(resi!.token)).send({ seat: 2, strength: 'random' }).expect(201);
    expect(await table(tableId)).toMatchObject({
      currentHandId: handId,
      seats: [
        { playerId: resi!.id },
        { playerId: sepp!.id },
        { playerId: bot.body.playerId, bot: 'random' },
        { playerId: kathi!.id, offered: false },
      ],
    });
    // The hand under way keeps its seats: Toni's view is still his seat's.
    expect((await t.http.get(`/hands/${handId}`).set(bearer(toni!.token)).expect(200)).body.seat).toBe(3);
    // Kathi is seated at the table, not at this hand: "next" from her holds nothing up and changes nothing.
    const kathiReady = await t.http.post(`/tables/${tableId}/ready`).set(bearer(kathi!.token)).expect(200);
    expect(kathiReady.body).toEqual({ handId, heldUntil: null, ready: [] });

    // Resi and Sepp step away too: the substitutes play the hand out, and the next one is dealt.
    await away(handId, resi!);
    await away(handId, sepp!);
    let next = handId;
    // Substitutes play at full speed here; on a loaded machine a hand can still take a while.
    for (const end = Date.now() + 45_000; Date.now() < end && next === handId;) {
      await sleep(100);
      next = (await table(tableId)).currentHandId;
    }
    expect(next).not.toBe(handId);
    const kathis = (await t.http.get(`/hands/${next}`).set(bearer(kathi!.token)).expect(200)).body as { seat: number; away: number[] };
    expect(kathis.seat).toBe(3);
    // Resi and Sepp are still away; the seats that passed on are not.
    expect([...kathis.away].sort()).toEqual([0, 1]);
    expect((await t.http.get(`/hands/${next}`).set(bearer(toni!.token)).expect(200)).body.seat).toBeUndefined();

    // The first hand is booked to the players dealt it: Toni's score is his, and Kathi starts at zero.
    const record = await t.http.get(`/hands/${handId}/record`).set(bearer(AUDIT_TOKEN)).expect(200);
    const scores = record.body.result.scores as number[];
    const ledger = (await t.http.get(`/tables/${tableId}/ledger`).expect(200)).body as {
      balances: { seat: number; playerId: string; amount: number }[];
    };
    const seat3 = ledger.balances.filter((b) => b.seat === 3);
    expect(seat3).toEqual([
      expect.objectContaining({ playerId: kathi!.id, amount: 0 }),
      expect.objectContaining({ playerId: toni!.id, amount: scores[3] }),
    ]);
    expect(ledger.balances.reduce((sum, b) => sum + b.amount, 0)).toBe(0);
  }, 90_000);
});
