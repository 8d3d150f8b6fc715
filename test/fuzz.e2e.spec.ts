import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fuzz, summary, type FuzzReport } from '../scripts/lib/fuzz.js';
import { AUDIT_TOKEN, startAppOnOwnDatabase, type TestApp } from './support/app.js';

/**
 * The small version of `npm run fuzz` (scripts/fuzz.ts): 2,000 requests from the OpenAPI
 * document against the real app and PostgreSQL, on a database of its own.
 */
describe('fuzz (2,000 requests from the OpenAPI document)', () => {
  let t: TestApp;
  let report: FuzzReport;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await startAppOnOwnDatabase('fuzz');
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    databaseUrl = (t.sql as unknown as { options: { connectionString: string } }).options.connectionString;
    report = await fuzz({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      databaseUrl,
      auditToken: AUDIT_TOKEN,
      requests: 2000,
      seed: 20261124,
      timeLimitMs: 120_000,
      concurrency: 4,
      rss: () => process.memoryUsage().rss,
    });
    console.log(summary(report));
  }, 180_000);
  afterAll(() => t.close());

  it('answers no 5xx and a problem+json code on every 4xx', () => {
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThanOrEqual(2000);
  });

  it('changes no event log except by legal accepted actions, and logs only contract shapes', () => {
    expect(report.acceptedActions).toBeGreaterThan(50);
    expect({
      changed: report.eventsChanged,
      unexplained: report.eventsUnexplained,
      unknown: report.unknownFieldsInLogs,
      examples: report.unknownFieldExamples,
    }).toEqual({ changed: 0, unexplained: 0, unknown: 0, examples: [] });
    expect(report.handsFailingVerify).toBe(0);
  });

  it('keeps memory bounded', () => {
    expect(report.rssEndMiB).toBeLessThan(2 * report.rssStartMiB);
  });
});
