import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SimConfig } from '../src/collusion/sim/simulate.js';
import { AUDIT_TOKEN, bearer, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { auditUntilDone, handAudit, importSimulatedLog, type ImportedLog, type PairRow } from './support/audit.testkit.js';

/**
 * The collusion audit covers Droggn as well as Dobbm (the games with Schwacher and Retour):
 * a simulated Droggn log (six players at two tables of three, one colluding pair acting on
 * every chance) goes in through `POST /hand-records` with seating, and the hand audit and the
 * ranked pairs come out. Droggn's evidence is weaker than Dobbm's (docs/audit-droggn.md#detection-power: no
 * flag at this size), so the planted pair must rank first, not be flagged. Own database: the
 * audit reads every hand.
 */
describe('collusion audit of Droggn hands', () => {
  const config: SimConfig = { game: 'droggn', players: 6, hands: 600, colludingPairs: 1, rate: 1, seed: 3 };
  const auditor = bearer(AUDIT_TOKEN);
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

  it('Doppelkopf has no Schwacher and Retour: asking to audit it is a 400', async () => {
    const res = await t.http.get('/audit/collusion').query({ game: 'doppelkopf' }).set(auditor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
