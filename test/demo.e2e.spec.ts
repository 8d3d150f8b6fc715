import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApp, type TestApp } from './support/app.testkit.js';

/**
 * `npm run demo` against a running app: every game's session is played to its end —
 * an ordinary hand, then the host ends the session and the closing hands follow — and every
 * ledger sums to zero. The script exits 1 when a table fails (as it did when session end
 * replaced the next hand and the demo kept following the old one).
 */
describe('npm run demo', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startApp();
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('plays a short session of each game through the HTTP API and prints zero-sum ledgers', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/demo.ts', '--url', url, '--hands', '1', '--seed', '7'],
      {
        env: { ...process.env, FORCE_COLOR: '0' },
        timeout: 120_000,
      },
    ).catch((err: { code?: number; stdout?: string; stderr?: string }) => ({ ...err, failed: true }));
    const out = `${run.stdout ?? ''}${'stderr' in run ? (run.stderr ?? '') : ''}`;
    expect({ failed: 'failed' in run, tail: out.slice(-600) }).toEqual({
      failed: false,
      tail: expect.stringContaining('All sessions ended and every ledger sums to zero.'),
    });
    expect(out.match(/zero-sum ✓/g)).toHaveLength(4);
    expect(out).toMatch(/hand {2}2 \(Mußrunde\)/); // the session end was followed by the closing deals
  }, 150_000);
});
