import { spawn, type ChildProcess } from 'node:child_process';

/** A process of the audit (a worker, or the service) started by a test, with what it printed. */
export interface AuditProcess {
  child: ChildProcess;
  output: string;
}

/**
 * Starts a process with `env` over this one's; resolves once it prints `ready`, rejects if it
 * exits first. Its audit threads keep the test's priority: niced, the suite's parallel lanes would
 * starve them past the tests' short job expiries.
 */
export function startAuditProcess(args: string[], env: Record<string, string>, ready: string): Promise<AuditProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, AUDIT_PRIORITY: 'normal', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: AuditProcess = { child, output: '' };
  child.stdout!.on('data', (d: Buffer) => (w.output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (w.output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (!w.output.includes(ready)) return;
      clearInterval(timer);
      resolve(w);
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`${args.at(-1)} exited (${code}): ${w.output}`));
    });
  });
}
