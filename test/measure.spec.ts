import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpuTimes } from '../scripts/lib/measure.js';

/** bench:api's CPU split: a process's time on threads besides its main one is told apart (Linux /proc). */
describe('cpuTimes', () => {
  it('counts a worker thread busy for 0.5 s as helper time, the idle main thread not', async () => {
    // The main thread waits; a worker thread spins for 500 ms, then the process says so and idles.
    const script = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker('const end = Date.now() + 500; while (Date.now() < end);', { eval: true });
      w.on('exit', () => { console.log('spun'); setTimeout(() => {}, 10000); });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(child.stdout, 'data');
      const t = cpuTimes(child.pid!);
      expect(t.helpers).toBeGreaterThanOrEqual(0.4);
      expect(t.total - t.helpers).toBeLessThan(t.helpers / 2);
      expect(t.user).toBeLessThanOrEqual(t.total);
    } finally {
      child.kill();
    }
  });

  it('answers NaN for a process that is gone', () => {
    expect(cpuTimes(2 ** 22 + 7).total).toBeNaN();
  });
});
