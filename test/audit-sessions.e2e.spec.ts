import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { games, playOut, shuffle } from '../src/engine/index.js';
import { AUDIT_TOKEN, bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { auditUntilDone, handAudit } from './support/audit.testkit.js';
import { getView, newPlayers, openTable, playHand, rng, type Player } from './support/bots.testkit.js';

/**
 * Hands that a session shapes — a Mußrunde deal (its setup carries a context), a
 * five-player Stockerl throw-in, Droggn's closing hands, a Doppelkopf compulsory solo — are
 * audited like any other. The audit once replayed records without their context, so one
 * Mußrunde hand made `GET /hands/{id}/audit` answer 500 and the whole collusion job fail.
 * Own database: the collusion job reads every hand of it.
 */
describe('the audit of hands a session shapes', () => {
  const auditor = bearer(AUDIT_TOKEN);
  let t: TestApp;
  const mussrunde: string[] = [];
  let dobbmTable = '';
  let dobbmHands: string[] = [];
  let stockerl = '';
  let droggnTable = '';
  const droggnHands: string[] = [];
  let compulsorySolo = '';

  /** Plays a table's hands until the session ends, calling the end between the first two deals. */
  async function sessionWithEnd(
    game: string,
    rules: Record<string, unknown>,
    players: Player[],
    seed: number,
    choose?: Parameters<typeof playHand>[3]['choose'],
  ) {
    const { tableId, handId } = await openTable(t, game, rules, players);
    const random = rng(seed);
    const { nextHandId } = await playHand(t, handId, players, { random, choose });
    const ended = await t.http.post(`/tables/${tableId}/session-end`).set(bearer(players[0]!.token)).expect(200);
    expect(nextHandId).not.toBeNull();
    const hands = [handId];
    let next: string | null = ended.body.currentHandId;
    while (next && hands.length < 40) {
      hands.push(next);
      next = (await playHand(t, next, players, { random, choose })).nextHandId;
    }
    expect(next).toBeNull();
    return { tableId, hands };
  }

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('auditsessions', { AUDIT_SAMPLES: '2' });

    const four = await newPlayers(t, 4, 'Muß');
    ({ tableId: dobbmTable, hands: dobbmHands } = await sessionWithEnd('dobbm', { players: 4 }, four, 11));
    for (const id of dobbmHands) if ((await getView(t, id, AUDIT_TOKEN)).mussrunde === true) mussrunde.push(id);
    expect(mussrunde).toHaveLength(4);

    const five = await newPlayers(t, 5, 'Stockerl');
    const table = await openTable(t, 'dobbm', { players: 5 }, five);
    const passOnly = (options: { seat: number; action: Record<string, unknown> }[]) => options.find((o) => o.action.bid === 'pass')!;
    const thrown = await playHand(t, table.handId, five, { random: rng(5), choose: passOnly });
    expect((thrown.result.details as Record<string, unknown>).stockerl).toBeDefined();
    stockerl = table.handId;

    const three = await newPlayers(t, 3, 'Schluss');
    const keen = (options: { seat: number; action: Record<string, unknown> }[]) =>
      options.find((o) => o.action.type === 'bid' && o.action.bid !== 'pass') ?? options[0]!;
    const droggn = await sessionWithEnd('droggn', { players: 3 }, three, 303, keen);
    droggnTable = droggn.tableId;
    droggnHands.push(...droggn.hands);

    compulsorySolo = await importCompulsorySolo(await newPlayers(t, 4, 'Pflicht'));
  }, 180_000);
  afterAll(() => t?.close());

  /** A tournament deal whose context makes seat 2 play its compulsory solo (Vorführung, docs/rules/doppelkopf.md#sessions), imported as a record. */
  async function importCompulsorySolo(players: Player[]): Promise<string> {
    const game = games.doppelkopf;
    const rules = { mode: 'tournament' };
    const options = game.parseOptions(rules);
    if (!options.ok) throw new Error(options.rejection.message);
    const cards = shuffle('5eed'.repeat(16), game.deck(options.options));
    const context = { compulsoryDone: [0, 1, 3], vorfuehrung: 2 };
    const random = rng(7);
    const { actions } = playOut(
      game,
      { options: options.options, source: { deck: cards }, setup: { dealer: 0, context } },
      (state, seats) => {
        const legal = game.legalActions(state, seats[0]!);
        return legal[Math.floor(random() * legal.length)]!;
      },
    );
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ game: 'doppelkopf', rules, dealer: 0, deck: cards, context, actions, seating: players.map((p) => p.id) })
      .expect(201);
    expect((res.body.result as Record<string, unknown>).declarer).toBe(2);
    return res.body.handId as string;
  }

  it('every Mußrunde, Stockerl and closing hand has its evidence through GET /hands/{id}/audit', async () => {
    for (const id of [...dobbmHands, stockerl, ...droggnHands]) {
      const res = await handAudit(t, id);
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 200, code: undefined });
      expect(res.body.handId).toBe(id);
      expect(res.body.evidence.calls).toEqual(expect.any(Array));
    }
    // a Mußrunde deal has a declarer by force: the first seat left of the dealer (docs/rules/dobbm.md#mussrunde)
    for (const id of mussrunde) expect((await handAudit(t, id)).body.evidence.declarer).toEqual(expect.any(Number));
    // nobody declared the Stockerl deal: nothing to weigh
    expect((await handAudit(t, stockerl)).body.evidence).toEqual(expect.objectContaining({ declarer: null, calls: [] }));
  });

  it('the collusion job over those tables finishes and reports every finished hand', async () => {
    const finished = async (tableId: string) =>
      Number((await t.sql.query(`SELECT count(*) FROM hands WHERE table_id = $1 AND status = 'finished'`, [tableId])).rows[0].count);
    const dobbm = await auditUntilDone(t, { game: 'dobbm', table: dobbmTable });
    expect(dobbm.total).toBe(await finished(dobbmTable));
    expect(dobbm.total).toBeGreaterThanOrEqual(4);
    expect(dobbm.done).toBe(dobbm.total);
    expect(dobbm.unevaluated).toEqual([]);
    const droggn = await auditUntilDone(t, { game: 'droggn', table: droggnTable });
    expect(droggn.total).toBe(await finished(droggnTable));
    expect(droggn.total).toBeGreaterThanOrEqual(4);
    expect(droggn.unevaluated).toEqual([]);
    // every Dobbm hand of the database, the Stockerl table's included
    const all = await auditUntilDone(t, { game: 'dobbm' });
    expect(all.unevaluated).toEqual([]);
  });

  it('a Doppelkopf compulsory solo replays from its record (context included) and has its evidence: the soloist against three', async () => {
    expect((await getView(t, compulsorySolo, AUDIT_TOKEN)).compulsory).toBe(true);
    expect((await t.http.get(`/hands/${compulsorySolo}/verify`).set(auditor).expect(200)).body).toEqual(
      expect.objectContaining({ ok: true, problems: [] }),
    );
    const record = (await t.http.get(`/hands/${compulsorySolo}/record`).set(auditor).expect(200)).body;
    expect(record.context).toEqual({ compulsoryDone: [0, 1, 3], vorfuehrung: 2 });
    const { handId: _h, tableId: _t, seed: _s, result, seating: _seating, ...again } = record;
    const reimported = await t.http.post('/hand-records').set(auditor).send(again).expect(201);
    expect(reimported.body.result).toEqual(result);
    const audit = (await handAudit(t, compulsorySolo).expect(200)).body;
    expect(audit.evidence).toEqual(expect.objectContaining({ declarer: 2, defenders: [3, 0, 1] }));
  });

  it('a hand whose log no longer replays is a 422 with its reason, and the job reports it and goes on', async () => {
    const record = (await t.http.get(`/hands/${mussrunde[1]}/record`).set(auditor).expect(200)).body;
    // Seated by nobody: a copy of its own (the same seating would be the hand dealt here).
    const { handId: _h, tableId: _t, seed: _s, result: _r, seating: _seating, ...copy } = record;
    const { handId } = (await t.http.post('/hand-records').set(auditor).send(copy).expect(201)).body;
    // the second action repeats the first: the log was changed after it was written
    await t.sql.query(
      `UPDATE events SET payload = (SELECT payload FROM events WHERE hand_id = $1 AND seq = 1) WHERE hand_id = $1 AND seq = 2`,
      [handId],
    );
    const res = await t.http.get(`/hands/${handId}/audit`).set(auditor);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toEqual(
      expect.objectContaining({
        code: 'HAND_NOT_REPLAYABLE',
        actionIndex: 1,
        rejection: expect.objectContaining({ code: expect.any(String) }),
      }),
    );
    // not the job of the test above (a finished job is reused for a minute): minHands makes it another
    const job = await auditUntilDone(t, { game: 'dobbm', minHands: 1 });
    expect(job.unevaluated).toEqual([
      expect.objectContaining({ handId, code: 'HAND_NOT_REPLAYABLE', actionIndex: 1, detail: expect.any(String) }),
    ]);
    expect(job.done).toBe(job.total);
    expect(job.pairs!.length).toBeGreaterThan(0);
  });
});
