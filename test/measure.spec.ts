import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpuTimes } from '../scripts/lib/measure.js';

/** bench:api's CPU split: a process's time on threads besides its main one is told apart (Linux /proc). */
describe('cpuTimes', () => {
  it('counts a worker thread busy for 0.5 s of CPU as helper time, the idle main thread not', async () => {
    // The main thread waits; a worker thread spins until its own CPU time (/proc/thread-self, so
    // however loaded the machine) reaches 0.5 s, then the process says so and idles.
    const spin = `const fs = require('node:fs');
      const cpu = () => { const f = fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
      while (cpu() < 0.5);`;
    const script = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker(${JSON.stringify(spin)}, { eval: true });
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
