import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the API benchmark reads besides its own clocks: CPU time of processes from /proc
 * (Linux only; elsewhere the figures come out NaN or null) and latency percentiles.
 */

export function percentiles(samples: number[]): { p50: number; p99: number; max: number } {
  if (samples.length === 0) return { p50: NaN, p99: NaN, max: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  return cpuTimes(pid).total;
}

/**
 * The same, with its user part (a service's own JavaScript runs in user time, its I/O mostly in
 * system time) and the part of its threads besides the main one: in Node, V8's optimising
 * compiler and the GC's parallel and concurrent work (and libuv's pool, idle in this service).
 */
export function cpuTimes(pid: number): { total: number; user: number; helpers: number } {
  try {
    const { user, system } = statTimes(`/proc/${pid}/stat`);
    const main = statTimes(`/proc/${pid}/task/${pid}/stat`);
    return { total: user + system, user, helpers: user + system - main.user - main.system };
  } catch {
    return { total: NaN, user: NaN, helpers: NaN };
  }
}

/** utime and stime of a /proc stat file, in seconds (clock ticks of 1/100 s). */
function statTimes(file: string): { user: number; system: number } {
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** CPU seconds so far of each PostgreSQL backend connected to `database`, by pid. */
export function backendCpu(database: string): Map<number, number> | null {
  const out = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let cmd: string;
      try {
        cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      // A backend's title: "postgres: <user> <database> <client> <state>".
      if (cmd.startsWith('postgres: ') && cmd.includes(` ${database} `)) out.set(Number(entry), cpuSeconds(Number(entry)));
    }
    return out;
  } catch {
    return null;
  }
}

export function cpuSince(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, cpu] of after) if (Number.isFinite(cpu)) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/** The whole machine's CPU seconds so far (/proc/stat): busy (everything but idle and I/O wait) and all, summed over cores. */
export function machineCpu(): { busy: number; all: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const all = fields.reduce((a, b) => a + b, 0) / 100;
    const idle = (fields[3]! + fields[4]!) / 100;
    return { busy: all - idle, all };
  } catch {
    return null;
  }
}
