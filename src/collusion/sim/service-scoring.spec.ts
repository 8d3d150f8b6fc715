import { validateEnv } from '../../config/env.js';
import { AUDIT_GAMES, pairOptionsFor } from '../evidence-of.js';
import { simScoring } from './service-scoring.js';

describe("the simulator's default scoring is the service's", () => {
  it.each(AUDIT_GAMES)('%s: the statistic GET /audit/collusion uses, with the samples per caller of the AUDIT_SAMPLES default', (game) => {
    const scoring = simScoring(game);
    expect(scoring.pairs).toEqual(pairOptionsFor(game));
    expect(scoring.samples).toBe(validateEnv({}).auditSamples);
    // the evidence carries the declarer's estimate exactly when the statistic reads it
    expect(scoring.declarerEstimate).toBe(pairOptionsFor(game).outcome === 'declarerEstimate');
  });

  it("Droggn's service scoring reads the declarer's own estimate with the fitted baseline", () => {
    expect(simScoring('droggn')).toMatchObject({ pairs: { outcome: 'declarerEstimate', fitBaseline: true }, declarerEstimate: true });
  });

  it('a run may still score against the result, without the fit, with other samples', () => {
    expect(simScoring('droggn', { outcome: 'result', fitBaseline: false, samples: 8 })).toEqual({
      samples: 8,
      pairs: { outcome: 'result', fitBaseline: false },
      declarerEstimate: false,
    });
  });
});
