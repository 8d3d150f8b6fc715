import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

/**
 * The small `npm run chaos` of `npm test`: the service (from its sources) on a fresh database of
 * the run's PostgreSQL, one `kill -9` and restart, one termination of its backends with a
 * transaction open, bots with idempotent retries throughout, a socket flooded throughout, a clock table
 * whose people plant the substitute's keys and a database blip during its clock, and the seat attacks (`/back`
 * storms, handover races) repeated through the faults. Before connections handled
 * 'error', the termination ended the process ("backend terminations 0/1 survived").
 */
describe('npm run chaos (one kill round, one backend termination)', () => {
  it('loses, duplicates and skips nothing, survives the termination, and drains on SIGTERM', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/chaos.ts',
        // No build (a whole compile of the project on a busy machine): the sources, as jest compiles them.
        '--from-sources',
        '--rounds',
        '1',
        '--terminations',
        '1',
        '--duration',
        '6',
        '--interval',
        '1000',
        '--seed',
        '10',
        '--clock-blips',
        '1',
        // Short storms: stopping waits for the one under way.
        '--storm-seconds',
        '6',
      ],
      { env: { ...process.env, FORCE_COLOR: '0' }, timeout: 150_000 },
    ).catch((err: { code?: number; stdout?: string; stderr?: string }) => ({ ...err, failed: true }));
    const out = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    expect({ failed: 'failed' in run, tail: out.slice(-1500) }).toEqual({ failed: false, tail: expect.stringContaining('chaos OK') });
    expect(out).toContain('kill -9 1/1 restarted');
    expect(out).toContain('backend terminations 1/1 survived without a process exit');
    expect(out).toContain('lost 0, duplicated 0, gaps 0, unacknowledged 0');
    expect(out).toContain('SIGTERM under load: exit 0');
    // A clock table whose people plant the substitute's keys: its seats are played, and a blip during its clock is moved on from.
    expect(out).toMatch(/clock \(2 s, substitute keys planted \d+\): [1-9]\d* seats played by their substitutes/);
    expect(out).toContain('stuck no; clock blips 1/1 moved on');
    // The seat attacks through the faults: every storm's seats played, no 5xx, no seat handed on twice or offered past a return.
    expect(out).toMatch(/\/back storms \(3 s clock\): [1-9]\d* storms, \d+ calls, [1-9]\d* decisions by substitutes/);
    expect(out).toMatch(/handover races: [1-9]\d* rounds, 0 5xx, 0 seats handed on twice, 0 offers outliving a return, 0 seats not where/);
    expect(out).toContain('0 gave up');
    // A flooder kept at a socket of its own through the faults, closed again and again by its limits.
    expect(out).toMatch(/socket flood: [\d,]+ frames on \d+ sockets \(closes \{[^}]*"1008":\d+/);
  }, 180_000);
});
