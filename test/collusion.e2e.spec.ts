import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SimConfig } from '../src/collusion/sim/simulate.js';
import { AUDIT_TOKEN, bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { auditUntilDone, handAudit, importSimulatedLog, type PairRow } from './support/audit.testkit.js';
import type { Player } from './support/bots.testkit.js';

/**
 * /health while the collusion job runs (the job must not block other requests).
 * Measured under jest on a loaded 2-core machine (one core kept busy, 300 hands, 4 samples):
 * evidence in the worker: p95 8–15 ms, max mostly 15–40 ms, once 225 and once 405 ms (a lone
 * stall); evidence on the main thread (AUDIT_WORKERS=0): p95 ≈ 470 ms, max ≈ 1.6 s, dozens of
 * probes ≥ 200 ms. In the full suite, three lanes and their browsers beside it, the worker case
 * reached p95 90–160 ms with 5–13 probes of 200 ms or more: the machine's own scheduling, not the
 * job. So the limits sit between the two cases, with the p95 as the test that tells them apart:
 * p95 under 250 ms, and at most 20 probes of 200 ms or more.
 */
const HEALTH_P95_LIMIT_MS = 250;
const HEALTH_SLOW_MS = 200;
const HEALTH_SLOW_ALLOWED = 20;

/**
 * The audit end to end, in small: a simulated Dobbm log with one planted pair goes in through
 * `POST /hand-records` (with seating), and `GET /audit/collusion` ranks that pair first.
 * The audit reads every finished Dobbm hand of its database, so this file runs on a database of
 * its own: the hands other e2e files play at the same time would otherwise join the pairs.
 */
describe('collusion audit through the service', () => {
  // 8 players at two tables; the pair acts on every chance (rate 1). The solver runs ~7× slower
  // under jest than under node (the evidence worker runs under tsx, faster), so 4 samples per
  // caller (AUDIT_SAMPLES) keep the job short (~4 s with the worker, ~25 s without);
  // in trials with other sample seeds the planted pair was first at p ≤ 5e-6 each time.
  const config: SimConfig = { players: 8, hands: 300, colludingPairs: 1, rate: 1, seed: 3 };
  const auditor = bearer(AUDIT_TOKEN);
  let t: TestApp;
  let planted: [string, string];
  let players: Player[];
  const handIds: string[] = [];
  let handWithDouble = '';
  let handWithDoubleActions: Record<string, unknown>[] = [];
  const audit = (query: Record<string, string | number> = {}) => auditUntilDone(t, query);

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('collusion', { AUDIT_SAMPLES: '4' });
    const log = await importSimulatedLog(t, config, 'Sim');
    ({ players, planted } = log);
    handIds.push(...log.hands.map((h) => h.handId));
    const doubled = log.hands.find((h) => h.actions.some((x) => x.type === 'double' && x.call !== 'gut'));
    handWithDouble = doubled?.handId ?? '';
    handWithDoubleActions = doubled?.actions ?? [];
  }, 120_000);
  afterAll(() => t?.close());

  it('ranks the planted pair first and flags it; no honest pair is flagged', async () => {
    const first = await t.http.get('/audit/collusion').set(auditor);
    expect(first.status).toBe(202);
    expect(first.body).toEqual(expect.objectContaining({ jobId: expect.any(String), status: 'running', done: expect.any(Number) }));
    // The job does not block other requests. Its evidence is computed in a worker
    // thread (AUDIT_WORKERS); /health is probed the whole time the job runs.
    let running = true;
    const probes: number[] = [];
    const probing = (async () => {
      while (running) {
        const t0 = performance.now();
        await t.http.get('/health').expect(200);
        probes.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const job = await audit().finally(() => (running = false));
    await probing;
    const sorted = [...probes].sort((x, y) => x - y);
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
    const slow = probes.map((ms, i) => [i, Math.round(ms)]).filter(([, ms]) => ms! >= HEALTH_SLOW_MS);
    console.log(
      `/health during the job: ${probes.length} probes, p50 ${sorted[sorted.length >> 1]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; ≥ ${HEALTH_SLOW_MS} ms (probe, ms): ${JSON.stringify(slow)}`,
    );
    expect(probes.length).toBeGreaterThan(20);
    expect(p95).toBeLessThan(HEALTH_P95_LIMIT_MS);
    expect(slow.length).toBeLessThanOrEqual(HEALTH_SLOW_ALLOWED);
    expect(job.jobId).toBe(first.body.jobId); // the same filters join the running job
    // thrown-in hands are not audited; the rest of the 300 are
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM hands WHERE status = 'finished'`);
    expect(job.total).toBe(rows[0].n);
    expect(job.done).toBe(job.total);
    const pairs = job.pairs!;
    const isPlanted = (r: PairRow) => planted.includes(r.declarer) && planted.includes(r.defender);
    expect(isPlanted(pairs[0]!)).toBe(true);
    expect(pairs[0]!.tier).not.toBeNull();
    expect(pairs[0]!.p).toBeLessThan(1e-4);
    // the other direction of the pair is next (flagged or not: it has fewer chances to show)
    expect(isPlanted(pairs[1]!)).toBe(true);
    expect(pairs.filter((r) => !isPlanted(r) && r.tier !== null)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(20);
    // ranked by p
    expect(pairs.map((r) => r.p)).toEqual([...pairs.map((r) => r.p)].sort((x, y) => x - y));
  }, 120_000);

  it('filters: player, minHands, table and time range', async () => {
    const [x] = planted;
    const byPlayer = (await audit({ player: x })).pairs!;
    expect(byPlayer.length).toBeGreaterThan(0);
    expect(byPlayer.every((r) => r.declarer === x || r.defender === x)).toBe(true);
    expect(planted).toContain(byPlayer[0]!.declarer);
    expect(planted).toContain(byPlayer[0]!.defender);

    const all = (await audit()).pairs!;
    const min = 30;
    const some = (await audit({ minHands: min })).pairs!;
    expect(some.every((r) => r.handsAsPair >= min)).toBe(true);
    expect(some.length).toBeLessThan(all.length);
    expect(some.length).toBeGreaterThan(0);

    // imported hands belong to no table
    const table = await audit({ table: randomUUID() });
    expect(table.total).toBe(0);
    expect(table.pairs).toEqual([]);
    const future = await audit({ from: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.total).toBe(0);
  }, 120_000);

  it('bad query values are 400 problem+json', async () => {
    for (const query of [
      { minHands: 0 },
      { minHands: 'many' },
      { table: 'nonsense' },
      { from: 'yesterday' },
      { game: 'skat' },
      { colour: 'red' },
    ]) {
      const res = await t.http.get('/audit/collusion').query(query).set(auditor);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const unknownJob = await t.http.get(`/audit/collusion/jobs/${randomUUID()}`).set(auditor);
    expect(unknownJob.status).toBe(404);
    expect(unknownJob.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it("only the auditor may run the audit or read a hand's evidence", async () => {
    for (const path of ['/audit/collusion', `/hands/${handIds[0]}/audit`]) {
      const none = await t.http.get(path);
      expect(none.status).toBe(401);
      expect(none.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(none.body.code).toBe('TOKEN_MISSING');
      const player = await t.http.get(path).set(bearer(players[0]!.token));
      expect(player.status).toBe(403);
      expect(player.body.code).toBe('AUDITOR_ONLY');
    }
  });

  it('GET /hands/{id}/audit gives the evidence of every doubling call of the hand', async () => {
    expect(handWithDouble).not.toBe('');
    const body = (await handAudit(t, handWithDouble).expect(200)).body;
    expect(body.handId).toBe(handWithDouble);
    const doublingActions = handWithDoubleActions
      .map((a, i) => ({ i, type: a.type, seat: a.seat, call: a.call }))
      .filter((a) => a.type === 'double');
    const calls = body.evidence.calls as Record<string, unknown>[];
    // every call of the record is there, in order, with the fields docs/audit.md promises
    expect(calls.map((c) => [c.actionIndex, c.seat, c.call])).toEqual(doublingActions.map((a) => [a.i, a.seat, a.call]));
    for (const c of calls) {
      expect(c).toEqual(
        expect.objectContaining({
          role: expect.stringMatching(/^(declarer|defender)$/),
          doubles: c.call !== 'gut',
          step: expect.stringMatching(/^(schwacher|declarer|retour)$/),
          multiplierBefore: expect.any(Number),
          samples: 4,
          unresolved: expect.any(Number),
          expectedCostToCaller: expect.any(Number),
          valueToDeclarer: expect.any(Number),
        }),
      );
      expect(c.winProbabilityCaller).toBeGreaterThanOrEqual(0);
      expect(c.winProbabilityCaller).toBeLessThanOrEqual(1);
      expect([0, 0.5, 1]).toContain(c.winTrue);
      if (c.call === 'gut') expect(c.valueToDeclarer).toBe(0);
    }
    expect(body.evidence.declarer).toEqual(expect.any(Number));

    expect((await t.http.get(`/hands/${randomUUID()}/audit`).set(auditor)).status).toBe(404);
    expect((await t.http.get('/hands/nonsense/audit').set(auditor)).status).toBe(404);
  });
});
