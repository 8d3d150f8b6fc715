import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SimConfig } from '../src/collusion/sim/simulate.js';
import { CollusionService } from '../src/collusion/collusion.service.js';
import { startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { auditUntilDone, importSimulatedLog } from './support/audit.testkit.js';

/**
 * A finished hand's evidence is computed once and stored: another instance (or the same one
 * after a restart) reads it and computes nothing, and gets the same ranked pairs.
 */
/** Hands whose evidence an instance's in-process worker computed. */
const computed = (t: TestApp): number => t.app.get(CollusionService).work!.computed.doubling;

describe('stored collusion evidence', () => {
  const config: SimConfig = { players: 6, hands: 60, colludingPairs: 1, rate: 1, seed: 5 };
  let a: TestApp;
  let b: TestApp | undefined;
  let url: string;

  beforeAll(async () => {
    a = await startAppOnOwnDatabase('evidence', { AUDIT_SAMPLES: '4' });
    url = (a.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    await importSimulatedLog(a, config, 'Stored');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a.close();
  });

  it('computes each hand once; a second instance reads them all and ranks the same pairs', async () => {
    const first = await auditUntilDone(a);
    const evaluated = first.total - (first.unevaluated ?? []).length;
    expect(evaluated).toBeGreaterThan(20);
    expect(computed(a)).toBe(evaluated);
    const { rows } = await a.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM hand_evidence');
    expect(rows[0]!.n).toBe(evaluated);

    b = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: '4' });
    const second = await auditUntilDone(b);
    expect(computed(b) + computed(a)).toBe(evaluated);
    expect(second.pairs).toEqual(first.pairs);
  }, 120_000);

  it('computes anew for another estimator (other samples per caller), and stores that too', async () => {
    await b?.close();
    b = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: '2' });
    const before = computed(a);
    const job = await auditUntilDone(b);
    // Either instance's worker may take the new estimator's hands (a job names its samples): together, each once.
    expect(computed(b) + computed(a) - before).toBe(job.total - (job.unevaluated ?? []).length);
    const { rows } = await a.sql.query<{ n: number }>('SELECT count(DISTINCT estimator)::int AS n FROM hand_evidence');
    expect(rows[0]!.n).toBe(2);
  }, 120_000);
});
