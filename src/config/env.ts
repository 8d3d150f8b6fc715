/**
 * The process configuration (CONTRACT.md "Process"), validated once at start-up. Each problem
 * names the variable and what to put there, so a bad deployment fails with a fix in hand.
 */
export interface Settings {
  port: number;
  databaseUrl: string | undefined;
  auditToken: string | undefined;
  /** 0 turns rate limiting off. */
  rateLimitPerMinute: number;
  logLevel: string;
  benchEndpoints: boolean;
  /** connections of the one pg pool (Prisma and the event store share it) */
  databasePoolSize: number;
  /** hands kept in memory by the action path (hands/hand-cache.ts) */
  handCacheSize: number;
  /** sampled deals per caller in the collusion audit's evidence (docs/audit.md) */
  auditSamples: number;
  /** worker threads that compute the collusion job's evidence; 0 computes on the main thread */
  auditWorkers: number;
  /** long polls (`Prefer: wait`) held open at once by this instance; beyond it a read answers at once */
  longPollMaxWaiters: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

export function validateEnv(env: Record<string, unknown>): Settings {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v === '' ? undefined : String(v);
  };
  const int = (name: string, dflt: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
      problems.push(`${name}="${raw}" is not valid: use a whole number from ${min} to ${max} (default ${dflt})`);
      return dflt;
    }
    return n;
  };
  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/db; unset it to use the embedded PostgreSQL');
  }
  const auditToken = str('AUDIT_TOKEN');
  if (auditToken !== undefined && auditToken.length < 16) {
    problems.push('AUDIT_TOKEN is too short: use at least 16 characters (e.g. `openssl rand -hex 32`), or unset it to disable auditor operations');
  }
  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL="${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const settings: Settings = {
    port: int('PORT', 3000, 0, 65535),
    databaseUrl,
    auditToken,
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 6000, 0, 100_000_000),
    logLevel,
    benchEndpoints: str('BENCH_ENDPOINTS') === '1',
    databasePoolSize: int('DATABASE_POOL_SIZE', 20, 1, 1000),
    handCacheSize: int('HAND_CACHE_SIZE', 20_000, 0, 10_000_000),
    auditSamples: int('AUDIT_SAMPLES', 16, 1, 1000),
    auditWorkers: int('AUDIT_WORKERS', 1, 0, 64),
    longPollMaxWaiters: int('LONG_POLL_MAX_WAITERS', 10_000, 0, 1_000_000),
  };
  if (problems.length) throw new ConfigError(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return settings;
}
