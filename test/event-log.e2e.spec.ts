import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, type Player, type View } from './support/bots.testkit.js';

/** docs/design.md#event-log: expected-seq checks, no gaps, idempotent retries. */
describe('the event log', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;

  const seqsOf = async (id: string) =>
    (await t.sql.query<{ seq: number }>('SELECT seq FROM events WHERE hand_id = $1 ORDER BY seq', [id])).rows.map((r) => r.seq);
  const actor = async (): Promise<{ view: View; player: Player }> => {
    const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
    const view = views.find((v) => v.toAct.includes(v.seat!))!;
    return { view, player: players[view.seat!]! };
  };
  const firstLegal = (v: View) => {
    const { seat: _s, ...action } = v.legalActions![0]!;
    return action;
  };

  beforeAll(async () => {
    t = await startApp();
    players = await newPlayers(t, 4);
    ({ handId } = await openTable(t, 'dobbm', {}, players));
  });
  afterAll(() => t.close());

  it('opens every hand with a deal event at seq 0 that commits to the deck without revealing it', async () => {
    const events = await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200);
    expect(events.body).toHaveLength(1);
    const deal = events.body[0];
    expect(deal).toEqual(expect.objectContaining({ seq: 0, type: 'deal', seat: null }));
    expect(deal.payload).toEqual(
      expect.objectContaining({ game: 'dobbm', dealer: expect.any(Number), deckCommitment: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    );
    expect(deal.payload.seating.map((s: { playerId: string }) => s.playerId)).toEqual(players.map((p) => p.id));
    expect(JSON.stringify(deal.payload)).not.toMatch(/"deck"|"seed"/);
    const record = await t.http.get(`/hands/${handId}/record`).set(bearer(players[0]!.token));
    expect(record.status).toBe(403); // the deck is revealed to players only once the hand is over
  });

  it('of 20 concurrent actions with the same expected seq exactly one wins, the rest are 409, and the log has no gap', async () => {
    const { view, player } = await actor();
    const body = { expectedSeq: view.seq, action: firstLegal(view) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.http.post(`/hands/${handId}/actions`).set(bearer(player.token)).send(body)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.code).toBe('STALE_SEQ');
    const seqs = await seqsOf(handId);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(seqs[seqs.length - 1]).toBe(view.seq + 1);
  });

  it('a retry with the same Idempotency-Key gets the first answer and appends nothing', async () => {
    const { view, player } = await actor();
    const body = { expectedSeq: view.seq, action: firstLegal(view) };
    const send = () =>
      t.http.post(`/hands/${handId}/actions`).set(bearer(player.token)).set('Idempotency-Key', `retry-${view.seq}`).send(body);
    const first = await send();
    expect(first.status).toBe(200);
    const seqs = await seqsOf(handId);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await seqsOf(handId)).toEqual(seqs);
    // concurrent retries too
    const { view: v2, player: p2 } = await actor();
    const body2 = { expectedSeq: v2.seq, action: firstLegal(v2) };
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.http.post(`/hands/${handId}/actions`).set(bearer(p2.token)).set('Idempotency-Key', 'burst').send(body2),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(burst.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await seqsOf(handId)).toHaveLength(seqs.length + 1);
  });

  it('accepts the expected seq as If-Match and tags views with an ETag', async () => {
    const { view, player } = await actor();
    const res = await t.http.get(`/hands/${handId}`).set(bearer(player.token)).expect(200);
    expect(res.headers.etag).toMatch(new RegExp(`^"${view.seq}\\.[\\w-]+"$`));
    const stale = await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(player.token))
      .set('If-Match', `"${view.seq + 5}"`)
      .send({ action: firstLegal(view) });
    expect(stale.status).toBe(409);
    // The view's own ETag names its seq too.
    const ok = await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(player.token))
      .set('If-Match', res.headers.etag as string)
      .send({ action: firstLegal(view) });
    expect(ok.status).toBe(200);
    expect(ok.body.seq).toBe(view.seq + 1);
  });

  it('every event chains to the one before by hash', async () => {
    const { rows } = await t.sql.query<{ prev_hash: string; hash: string }>(
      'SELECT prev_hash, hash FROM events WHERE hand_id = $1 ORDER BY seq',
      [handId],
    );
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
  });

  it('players see the log without hashes or command ids; the auditor sees them', async () => {
    const mine = await t.http.get(`/hands/${handId}/events`).set(bearer(players[0]!.token)).expect(200);
    for (const e of mine.body) expect(Object.keys(e).sort()).toEqual(['createdAt', 'payload', 'seat', 'seq', 'type']);
    const all = await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200);
    expect(all.body[1]).toEqual(
      expect.objectContaining({ hash: expect.any(String), prevHash: expect.any(String), commandId: expect.any(String) }),
    );
  });
});
