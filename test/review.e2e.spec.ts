import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.testkit.js';
import { newPlayers, playHandQuickly, playWithSeatAway, rng, seatedTable, type Player } from './support/bots.testkit.js';

/**
 * `GET /hands/{id}/review` (docs/review.md): refused while the hand is in play; computed by the
 * in-process worker of the audit's jobs (running with progress, then stored); readable by the
 * hand's players and the auditor only, each seat with its player and accuracy; what a seat's
 * substitute played is marked and left out of its player's accuracy.
 */
type Decision = {
  seq: number;
  action: { type: string };
  best: { type: string };
  loss: number;
  label: string | null;
  forced: boolean;
  bySubstitute: boolean;
};
type Review = {
  estimator: string;
  seats: { seat: number; player: { id: string; name: string } | null; accuracy: number | null; decisions: Decision[] }[];
};

describe('a hand’s review', () => {
  let t: TestApp;
  let players: Player[];
  let handId: string;

  beforeAll(async () => {
    t = await startApp({ AUDIT_WORKERS: '1' });
    players = await newPlayers(t, 5, 'Reviewed');
    ({ handId } = await seatedTable(t, players.slice(0, 4), { game: 'dobbm', rules: { players: 4 } }));
  });
  afterAll(async () => t?.close());

  const reviewOf = async (id: string, token: string): Promise<Review> => {
    let res = await t.http.get(`/hands/${id}/review`).set(bearer(token));
    for (const until = Date.now() + 120_000; res.status === 202 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 250));
      res = await t.http.get(`/hands/${id}/review`).set(bearer(token));
    }
    expect(res.status).toBe(200);
    return res.body as Review;
  };

  it('is refused while the hand is in play: 409 HAND_NOT_FINISHED', async () => {
    const res = await t.http.get(`/hands/${handId}/review`).set(bearer(players[0]!.token)).expect(409);
    expect(res.body.code).toBe('HAND_NOT_FINISHED');
  });

  it('once over: running with progress, then every decision of every seat, to its players and the auditor only', async () => {
    await playHandQuickly(t, handId, players.slice(0, 4), rng(3));
    const first = await t.http.get(`/hands/${handId}/review`).set(bearer(players[1]!.token));
    if (first.status === 202) {
      expect(first.body.status).toBe('running');
      expect(first.body.progress).toBeGreaterThanOrEqual(0);
      expect(first.body.progress).toBeLessThanOrEqual(1);
    }
    let res = first;
    for (const until = Date.now() + 120_000; res.status === 202 && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 250));
      res = await t.http.get(`/hands/${handId}/review`).set(bearer(players[1]!.token));
    }
    expect(res.status).toBe(200);
    const review = res.body as Review;
    expect(review.estimator).toMatch(/^review-dobbm-v\d+/);
    const events = (await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body as {
      seq: number;
      seat: number | null;
    }[];
    const acted = events.filter((e) => e.seq > 0);
    const listed = review.seats.flatMap((s) => s.decisions.map((d) => ({ seq: d.seq, seat: s.seat })));
    expect(listed.sort((a, b) => a.seq - b.seq)).toEqual(acted.map((e) => ({ seq: e.seq, seat: e.seat })));
    for (const s of review.seats) {
      expect(s.player).toEqual({ id: players[s.seat]!.id, name: players[s.seat]!.name });
      for (const d of s.decisions) {
        expect(d.loss).toBeGreaterThanOrEqual(0);
        if (d.forced) expect(d).toMatchObject({ loss: 0, label: null });
      }
    }
    expect((await t.http.get(`/hands/${handId}/review`).set(bearer(AUDIT_TOKEN)).expect(200)).body).toEqual(review);
    const stranger = await t.http.get(`/hands/${handId}/review`).set(bearer(players[4]!.token)).expect(403);
    expect(stranger.body.code).toBe('NOT_SEATED');
    await t.http.get(`/hands/${handId}/review`).expect(401);
    const missing = await t.http.get('/hands/00000000-0000-4000-8000-000000000000/review').set(bearer(AUDIT_TOKEN)).expect(404);
    expect(missing.body.code).toBe('HAND_NOT_FOUND');
  });

  it('marks the decisions a seat’s substitute made and leaves them out of its player’s accuracy', async () => {
    const people = await newPlayers(t, 4, 'Covered');
    const { handId: id } = await seatedTable(t, people, { game: 'dobbm', rules: { players: 4 }, clock: 'relaxed' });
    const away = await playWithSeatAway(t, id, people);
    const events = (await t.http.get(`/hands/${id}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body as {
      seq: number;
      seat: number | null;
      by?: string;
    }[];
    const covered = events.filter((e) => e.by === 'substitute').map((e) => e.seq);
    expect(covered.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.seat === away && e.seq > 0).map((e) => e.seq)).toEqual(covered);

    const review = await reviewOf(id, people[away]!.token);
    for (const s of review.seats)
      for (const d of s.decisions)
        expect({ seq: d.seq, bySubstitute: d.bySubstitute }).toEqual({ seq: d.seq, bySubstitute: covered.includes(d.seq) });
    // Every decision of the away seat was its substitute's: nothing of its player's to count.
    expect(review.seats.find((s) => s.seat === away)!.accuracy).toBeNull();
    for (const s of review.seats.filter((x) => x.seat !== away && x.decisions.some((d) => !d.forced))) expect(s.accuracy).not.toBeNull();
  }, 150_000);
});
