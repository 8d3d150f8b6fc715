import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, startApp, type TestApp } from './support/app.testkit.js';
import { STATE_EVERY } from '../src/hands/hand-row.js';
import { dobbmOnTwoInstances, getView, type Player, type SharedHand, type View } from './support/bots.testkit.js';

/**
 * docs/design.md#scaling: instances keep hands in memory only as an optimisation. Two app
 * instances on one database: what one writes, the other must show and build on at once.
 */
describe('two instances on one database', () => {
  let shared: SharedHand;
  let a: TestApp;
  let b: TestApp;
  let players: Player[];
  let handId: string;

  const viewVia = (t: TestApp, seat: number): Promise<View> => getView(t, handId, players[seat]!.token);
  const actVia = async (t: TestApp, view: View) => {
    // a bid rather than a pass, so the hand is not thrown in before the test is done
    const { seat, ...action } = view.legalActions!.find((a) => a.bid !== 'pass') ?? view.legalActions![0]!;
    const res = await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(players[seat as number]!.token))
      .send({ expectedSeq: view.seq, action });
    expect(res.status).toBe(200);
    return res.body as View;
  };
  const actorVia = async (t: TestApp): Promise<View> => {
    const views = await Promise.all(players.map((_, s) => viewVia(t, s)));
    const actor = views.find((v) => v.toAct.includes(v.seat!));
    if (!actor)
      throw new Error(
        `no seat to act: ${JSON.stringify(views.map((v) => ({ seat: v.seat, toAct: v.toAct, seq: v.seq, phase: v.phase })))}`,
      );
    return actor;
  };

  beforeAll(async () => {
    shared = await dobbmOnTwoInstances(startApp);
    ({ a, b, players, handId } = shared);
  });
  afterAll(() => shared.close());

  it('a view read through one instance shows the action just taken through the other', async () => {
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const before = await actorVia(reader); // the reader has this hand in memory now
      const after = await actVia(writer, await viewVia(writer, before.seat!));
      expect(after.seq).toBe(before.seq + 1);
      const seen = await viewVia(reader, before.seat!);
      expect(seen.seq).toBe(after.seq);
      expect(seen.phase).toBe(after.phase);
      expect(seen.toAct).toEqual(after.toAct);
    }
  });

  it('an action through the instance that did not write last is appended after the other’s, with no gap', async () => {
    const first = await actorVia(a);
    await actVia(a, first);
    const next = await actorVia(b);
    const done = await actVia(b, next);
    const seqs = (await a.sql.query<{ seq: number }>('SELECT seq FROM events WHERE hand_id = $1 ORDER BY seq', [handId])).rows.map(
      (r) => r.seq,
    );
    expect(seqs).toEqual(Array.from({ length: done.seq + 1 }, (_, i) => i));
  });

  // The hand row holds the engine's state only every few events (hand-store.ts STATE_EVERY):
  // an instance that did not write the last events rebuilds the state from the events after it.
  it('played to its end through one instance, the hand reads the same through the other at every seq, for every seat', async () => {
    const row = async () =>
      (await a.sql.query<{ seq: number; state_seq: number }>('SELECT seq, state_seq FROM hands WHERE id = $1', [handId])).rows[0]!;
    const lags = new Set<number>();
    for (let actor = await actorVia(a); ;) {
      const after = await actVia(a, actor);
      const { seq, state_seq } = await row();
      expect(seq).toBe(after.seq);
      lags.add(seq - state_seq);
      const viaA = await Promise.all(players.map((_, s) => viewVia(a, s)));
      const viaB = await Promise.all(players.map((_, s) => viewVia(b, s)));
      expect(viaB).toEqual(viaA);
      if (after.status !== 'active') break;
      actor = viaA.find((v) => v.toAct.includes(v.seat!))!;
    }
    // The reads above rebuilt states from as many events as the row may lag, and the last state is stored.
    expect(Math.max(...lags)).toBe(STATE_EVERY - 1);
    const end = await row();
    expect(end.state_seq).toBe(end.seq);
  });
});
