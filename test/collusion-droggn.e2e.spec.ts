import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SimConfig } from '../src/collusion/sim/simulate.js';
import { startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { auditUntilDone, handAudit, importSimulatedLog, type ImportedLog, type PairRow } from './support/audit.testkit.js';

/**
 * The collusion audit covers Droggn and Doppelkopf as well as Dobbm:
 * a simulated Droggn log (six players at two tables of three, one colluding pair acting on
 * every chance) goes in through `POST /hand-records` with seating, and the hand audit and the
 * ranked pairs come out. Droggn's evidence is weaker than Dobbm's (docs/audit-droggn.md#detection-power: no
 * flag at this size), so the planted pair must rank first, not be flagged. Then a simulated
 * Doppelkopf log in tournament lists (docs/audit-doppelkopf.md) goes the same way. Own database:
 * the audit reads every hand.
 */
describe('collusion audit of Droggn and Doppelkopf hands', () => {
  const config: SimConfig = { game: 'droggn', players: 6, hands: 600, colludingPairs: 1, rate: 1, seed: 3 };
  let t: TestApp;
  let log: ImportedLog;

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('collusion_droggn', { AUDIT_SAMPLES: '4' });
    log = await importSimulatedLog(t, config, 'Droggn');
  }, 180_000);
  afterAll(() => t?.close());

  it('GET /hands/{id}/audit gives the evidence of every doubling call of a Droggn hand', async () => {
    const doubled = log.hands.find((r) => r.actions.some((a) => a.type === 'double' && a.call !== 'gut'));
    expect(doubled).toBeDefined();
    const body = (await handAudit(t, doubled!.handId).expect(200)).body;
    const calls = body.evidence.calls as Record<string, unknown>[];
    const expected = doubled!.actions
      .map((a, i) => [i, a.seat, a.call, a.type])
      .filter((a) => a[3] === 'double')
      .map((a) => a.slice(0, 3));
    expect(calls.map((c) => [c.actionIndex, c.seat, c.call])).toEqual(expected);
    for (const c of calls) {
      expect(c).toEqual(
        expect.objectContaining({ doubles: c.call !== 'gut', samples: 4, unresolved: 0, multiplierBefore: expect.any(Number) }),
      );
      expect(c.winProbabilityCaller).toBeGreaterThanOrEqual(0);
      expect(c.winProbabilityCaller).toBeLessThanOrEqual(1);
    }
    expect(body.evidence.defenders).toHaveLength(2);
    expect(body.evidence.defenders).not.toContain(body.evidence.declarer);
    // The declarer's own estimate, which Droggn's pair statistics score the calls against.
    expect(body.evidence.declarerWinProbability).toBeGreaterThanOrEqual(0);
    expect(body.evidence.declarerWinProbability).toBeLessThanOrEqual(1);
  });

  it('GET /audit/collusion?game=droggn ranks the planted pair first, flags no honest pair, and Dobbm sees none of the hands', async () => {
    const run = (game: string) => auditUntilDone(t, { game });
    const job = await run('droggn');
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM hands WHERE game = 'droggn' AND status = 'finished'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(job.total).toBe(rows[0].n);
    const pairs = job.pairs!;
    const isPlanted = (r: PairRow) => log.planted.includes(r.declarer) && log.planted.includes(r.defender);
    expect(pairs.length).toBeGreaterThan(10);
    expect(isPlanted(pairs[0]!)).toBe(true);
    expect(pairs.filter((r) => !isPlanted(r) && r.tier !== null)).toEqual([]);
    expect((await run('dobbm')).total).toBe(0);
  }, 120_000);

  it('Doppelkopf: GET /hands/{id}/audit lists every chance a defender had against a solo, and GET /audit/collusion?game=doppelkopf audits every finished hand', async () => {
    const doko = await importSimulatedLog(
      t,
      { game: 'doppelkopf', players: 8, hands: 72, colludingPairs: 1, rate: 1, seed: 3, handsPerSeating: 24 },
      'Doko',
    );
    // Each list of 24 hands has four compulsory solos.
    const solo = doko.hands.find((h) => h.actions.some((a) => a.type === 'contract' && String(a.contract).startsWith('solo-')))!;
    const body = (await handAudit(t, solo.handId).expect(200)).body;
    const { declarer, defenders, calls } = body.evidence as { declarer: number; defenders: number[]; calls: Record<string, unknown>[] };
    expect(defenders).toHaveLength(3);
    expect(defenders).not.toContain(declarer);
    // One chance per defender at least: each announcement he made, or the turn he let pass.
    expect(new Set(calls.map((c) => c.seat))).toEqual(new Set(defenders));
    for (const c of calls) {
      expect(c).toEqual(expect.objectContaining({ role: 'defender', samples: 4, doubles: c.call !== 'none' }));
      expect(['kontra', 'no90', 'no60', 'no30', 'schwarz', 'none']).toContain(c.call);
    }
    const job = await auditUntilDone(t, { game: 'doppelkopf' });
    expect(job.total).toBe(72);
    expect(job.done).toBe(72);
    expect(job.unevaluated).toEqual([]);
    // Doppelkopf's pairs are tested by the announcements against a strong lone player
    // (docs/audit-doppelkopf.md#statistics); so short a log may hold none, and then no pair is listed.
    for (const r of job.pairs!) expect(r.method).toBe('exact');
  }, 120_000);
});
