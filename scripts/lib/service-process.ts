import { freePort } from '../../src/database/embedded.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KartentischClient } from './api-client.js';

/**
 * Starting and stopping the built service (`node dist/src/main.js`, what `npm start` runs)
 * for the demo and the benchmark, and the cleanup that must happen however a script ends.
 */

/** The folder holding package.json (from scripts/lib under tsx, or dist/scripts/lib when built). */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
const ENTRY = path.join(PROJECT_ROOT, 'dist', 'src', 'main.js');

/**
 * The service from its TypeScript sources, compiled as the tests compile them (with the decorator
 * metadata NestJS needs): `startService`'s entry and node flags for a run that skips the build.
 */
export const FROM_SOURCES = {
  entry: path.join(PROJECT_ROOT, 'src', 'main.ts'),
  nodeArgs: ['--import', './test/support/swc-register.mjs'],
};

/** `npm run build`, quietly; its output is shown only when it fails. */
export function buildService(): void {
  const out = spawnSync('npm', ['run', '--silent', 'build'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  if (out.status !== 0) {
    const tail = `${out.stdout ?? ''}${out.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`npm run build failed (exit ${out.status}):\n${tail}`);
  }
  if (!existsSync(ENTRY)) throw new Error(`npm run build did not produce ${ENTRY}`);
}

export { freePort };

export interface RunningService {
  url: string;
  pid: number;
  logFile: string;
  /** Resident memory of the server process in KiB (/proc/<pid>/status VmRSS), null if gone. */
  memory(): { rssKiB: number; peakKiB: number } | null;
  /** The exit code (or signal name) once the process has ended, else undefined. */
  exitStatus(): number | string | undefined;
  /** SIGKILL, as a crash would: no drain, no cleanup; resolves once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (DATABASE_URL, RATE_LIMIT_PER_MINUTE …); PORT is chosen here. */
  env?: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Another build's main.js, to compare two builds on one machine (default: dist/src/main.js). */
  entry?: string;
  logFile: string;
  /** The embedded PostgreSQL's first start initialises its data folder: allow for it. */
  readyTimeoutMs?: number;
  /** A fixed port (a restart after a crash keeps its clients' address); default a free one. */
  port?: number;
  /** Append to the log file instead of starting it afresh (one log across restarts). */
  appendLog?: boolean;
  /**
   * In a session of its own (setsid), as a deployed service runs: with the kernel's autogroup
   * scheduling, the processes of one session share one fair share of the CPU, so a service in
   * its caller's session competes with the caller's own work (a benchmark's clients).
   */
  ownSession?: boolean;
}

/** Spawns the built service on a free 127.0.0.1 port and waits until /health answers 200. */
export async function startService(opts: StartOptions): Promise<RunningService> {
  const entry = opts.entry ?? ENTRY;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(opts.logFile, opts.appendLog ? 'a' : 'w');
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...opts.env, PORT: String(port) },
    stdio: ['ignore', log, log],
    detached: opts.ownSession ?? false,
  });
  closeSync(log);
  let exited: number | string | null | undefined;
  const exit = new Promise<void>((resolve) => child.once('exit', (code, signal) => ((exited = code ?? signal), resolve())));
  const stop = async () => {
    if (exited !== undefined) return;
    // SIGTERM lets main.ts stop its embedded PostgreSQL; SIGKILL only if it hangs.
    child.kill('SIGTERM');
    // main.ts drains for up to 10 s before it closes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exit;
    clearTimeout(timer);
  };
  const service: RunningService = {
    url,
    pid: child.pid!,
    logFile: opts.logFile,
    memory: () => processMemory(child.pid!),
    exitStatus: () => exited ?? undefined,
    kill: async () => {
      if (exited === undefined) child.kill('SIGKILL');
      await exit;
    },
    stop,
  };
  const client = new KartentischClient(url);
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  try {
    while (!(await client.health())) {
      if (exited !== undefined) throw new Error(`the service exited (code ${exited}) before it was ready; its log:\n${tail(opts.logFile)}`);
      if (Date.now() > deadline)
        throw new Error(`the service did not answer /health within ${opts.readyTimeoutMs ?? 60_000} ms; its log:\n${tail(opts.logFile)}`);
      await sleep(200);
    }
  } catch (err) {
    await stop();
    throw err;
  } finally {
    client.close();
  }
  return service;
}

export function processMemory(pid: number): { rssKiB: number; peakKiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKiB: kib('VmRSS'), peakKiB: kib('VmHWM') };
  } catch {
    return null;
  }
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'src'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project folder above ${from}`);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Cleanup steps (stop the server, drop the bench database) run in reverse order on a normal
 * end, on an error and on Ctrl-C, each at most once.
 */
export class Cleanup {
  private steps: { name: string; run: () => Promise<void> | void }[] = [];
  /** Shared by every caller: a signal and main()'s `finally` must both wait for the same run. */
  private running: Promise<void> | null = null;

  constructor() {
    const onSignal = (signal: NodeJS.Signals) => {
      console.error(`\n${signal}: cleaning up…`);
      void this.run().finally(() => process.exit(130));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (err) {
          console.error(`cleanup "${step.name}" failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    })();
    return this.running;
  }
}
