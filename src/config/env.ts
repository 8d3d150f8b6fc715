import { isIP } from 'node:net';
import { TURN_CLOCK_NAMES, type TurnClock } from '../tables/turn-clock.js';

/**
 * The process configuration (docs/contract.md#process), validated once at start-up. Each problem
 * names the variable and what to put there, so a bad deployment fails with a fix in hand.
 */
export interface Settings {
  port: number;
  databaseUrl: string | undefined;
  auditToken: string | undefined;
  /** per player; 0 turns rate limiting off (both buckets) */
  rateLimitPerMinute: number;
  /** per client address, every request counted; 0 turns this bucket off */
  rateLimitPerAddressPerMinute: number;
  /** Express's `trust proxy`: whose X-Forwarded-For names the client address */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** `pretty` lines for a person at a terminal, JSON lines for machines */
  logFormat: 'json' | 'pretty';
  benchEndpoints: boolean;
  /** connections of the one pg pool (Prisma and the event store share it) */
  databasePoolSize: number;
  /** hands kept in memory by the action path (hands/hand-cache.ts) */
  handCacheSize: number;
  /** sampled deals per caller in the collusion audit's evidence (docs/audit.md) */
  auditSamples: number;
  /** worker threads that compute the collusion job's evidence; 0 computes on the main thread */
  auditWorkers: number;
  /** `in-process`: this process also runs the audit's jobs (evidence, audits); `off`: an API-only instance (docs/scaling.md) */
  auditJobs: 'in-process' | 'off';
  /** seconds between sweeps that queue finished hands' evidence ahead of any audit, at low priority; 0: no sweep */
  auditSweepSeconds: number;
  /** seconds after which a job whose worker died (kill -9, a lost machine) is handed to another worker */
  auditJobExpireSeconds: number;
  /** worker processes that decide the strong bots' moves, at the lowest priority (docs/bots.md); 0 decides on the main thread */
  botWorkers: number;
  /** `lowest`: the bots' workers search in the time nobody else wants (docs/bots.md); `normal`: at the service's own priority, for a host of its own where the search should not yield to other work */
  botPriority: 'lowest' | 'normal';
  /** at a table where a person sits, a bot moves no sooner than this after the move before (0: at once) */
  botPaceMs: number;
  /** at a table where a person sits, the pause after a hand's end before bots and clocks go on in the next one */
  resultPauseMs: number;
  /** a player counts as present this long after their last request about their hand (longer than a long poll), and an instance's word on open connections lapses this long after it stopped; 0: presence off */
  presenceSeconds: number;
  /** the turn clock a table gets when its creator names none (src/tables/turn-clock.ts) */
  defaultTurnClock: TurnClock;
  /** long polls (`Prefer: wait`) held open at once by this instance; beyond it a read answers at once */
  longPollMaxWaiters: number;
  /** streams and sockets open at once per player and per client address (0: no cap) */
  streamsPerPlayer: number;
  streamsPerAddress: number;
  /** TCP connections open at once per peer address that is not a trusted proxy (0: no cap) */
  connectionsPerAddress: number;
  /** the whole request (headers and body) must arrive within this, else 408 and the connection closes */
  requestTimeoutMs: number;
  /** an idle kept-alive connection closes after this */
  keepAliveTimeoutMs: number;
  /** players created per client address per hour (0: no limit) */
  playersPerAddressPerHour: number;
  /** tables a player may host at once that are not ended, and of them bot-only ones (0: no cap) */
  openTablesPerPlayer: number;
  botTablesPerPlayer: number;
  /** a waiting table with no person seated is ended after this many minutes (0: never) */
  abandonedTableMinutes: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

/** A process's settings (`npm start`, `npm run worker`): an invalid environment is printed and the process exits 1. */
export function settingsOrExit(env: Record<string, unknown>): Settings {
  try {
    return validateEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const MIN_AUDIT_TOKEN = 32;
/** Values copied from an example rather than generated. */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|example|secret|password|your[-_ ]?token|^(.)\1+$/i;

/**
 * TRUST_PROXY: `false` (the socket's address only), a number of proxy hops, or a list of
 * addresses/subnets (`loopback`, `linklocal`, `uniquelocal`, an IP, a CIDR). Default `false`:
 * a service reached straight, or through a tunnel or proxy that does not set X-Forwarded-For,
 * must not let a local client choose its address (and so its rate-limit bucket) by a header.
 * `true` (trust anyone's header) is refused for the same reason.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined) return false;
  const v = raw.trim();
  if (v === 'false') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const items = v.split(',').map((x) => x.trim());
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const ok = items.every((x) => named.includes(x) || isIP(x) !== 0 || (/^[\d.:a-f]+\/\d{1,3}$/i.test(x) && isIP(x.split('/')[0]!) !== 0));
  if (!ok || v === 'true') {
    problems.push(
      `TRUST_PROXY="${raw}" is not valid: use false, a number of proxy hops, or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR subnets (default false)`,
    );
    return false;
  }
  return items;
}

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
  // Minutes may be a fraction (0.1: six seconds), so that a test can watch a table's time run out.
  const minutes = (name: string, dflt: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw.trim()) || n > max) {
      problems.push(`${name}="${raw}" is not valid: use a number of minutes from 0 to ${max}, e.g. 30 or 0.5 (default ${dflt})`);
      return dflt;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[], dflt: T): T => {
    const raw = str(name);
    if (raw === undefined) return dflt;
    if (values.includes(raw as T)) return raw as T;
    problems.push(`${name}="${raw}" is not one of ${values.join(', ')} (default ${dflt})`);
    return dflt;
  };
  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/db; unset it to use the embedded PostgreSQL',
    );
  }
  const auditToken = str('AUDIT_TOKEN');
  if (auditToken !== undefined && auditToken.length < MIN_AUDIT_TOKEN) {
    problems.push(
      `AUDIT_TOKEN is too short: use at least ${MIN_AUDIT_TOKEN} random characters (e.g. \`openssl rand -hex 32\`), or unset it to disable auditor operations`,
    );
  } else if (auditToken !== undefined && PLACEHOLDER.test(auditToken)) {
    problems.push('AUDIT_TOKEN looks like a placeholder from an example; set a random one (e.g. `openssl rand -hex 32`)');
  }
  const production = str('NODE_ENV') === 'production';
  const benchEndpoints = str('BENCH_ENDPOINTS') === '1';
  if (benchEndpoints && production)
    problems.push('BENCH_ENDPOINTS=1 mounts an unauthenticated insert route and is refused with NODE_ENV=production; unset it');
  const trustProxy = parseTrustProxy(str('TRUST_PROXY'), problems);
  const rateLimitPerMinute = int('RATE_LIMIT_PER_MINUTE', 6000, 0, 100_000_000);
  const logLevel = str('LOG_LEVEL') ?? 'info';
  // A terminal gets readable lines; a pipe, a file or a log collector gets JSON.
  const logFormat = str('LOG_FORMAT') ?? (process.stdout.isTTY ? 'pretty' : 'json');
  if (logFormat !== 'json' && logFormat !== 'pretty') problems.push(`LOG_FORMAT="${logFormat}" is not one of json, pretty`);
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL="${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const settings: Settings = {
    port: int('PORT', 3000, 0, 65535),
    databaseUrl,
    auditToken,
    rateLimitPerMinute,
    rateLimitPerAddressPerMinute: int('RATE_LIMIT_PER_ADDRESS_PER_MINUTE', rateLimitPerMinute * 10, 0, 1_000_000_000),
    trustProxy,
    logLevel,
    logFormat: logFormat === 'pretty' ? 'pretty' : 'json',
    benchEndpoints,
    databasePoolSize: int('DATABASE_POOL_SIZE', 20, 1, 1000),
    handCacheSize: int('HAND_CACHE_SIZE', 20_000, 0, 10_000_000),
    auditSamples: int('AUDIT_SAMPLES', 16, 1, 1000),
    auditWorkers: int('AUDIT_WORKERS', 1, 0, 64),
    auditJobs: oneOf('AUDIT_JOBS', ['in-process', 'off'] as const, 'in-process'),
    auditSweepSeconds: int('AUDIT_SWEEP_SECONDS', 60, 0, 86_400),
    auditJobExpireSeconds: int('AUDIT_JOB_EXPIRE_SECONDS', 120, 3, 3_600),
    botWorkers: int('BOT_WORKERS', 1, 0, 64),
    botPriority: oneOf('BOT_PRIORITY', ['lowest', 'normal'] as const, 'lowest'),
    botPaceMs: int('BOT_PACE_MS', 900, 0, 60_000),
    resultPauseMs: int('RESULT_PAUSE_MS', 5000, 0, 600_000),
    presenceSeconds: int('PRESENCE_SECONDS', 30, 0, 3600),
    defaultTurnClock: oneOf('DEFAULT_TURN_CLOCK', TURN_CLOCK_NAMES, 'normal'),
    longPollMaxWaiters: int('LONG_POLL_MAX_WAITERS', 10_000, 0, 1_000_000),
    ...clientCaps(int, rateLimitPerMinute === 0),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000),
    abandonedTableMinutes: minutes('ABANDONED_TABLE_MINUTES', ABANDONED_TABLE_MINUTES, 100_000),
  };
  if (problems.length) throw new ConfigError(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return settings;
}

/** The half hour after which a waiting table with no person seated is ended, and no longer counts against its host. */
const ABANDONED_TABLE_MINUTES = 30;

/**
 * The caps on what one client may hold or create. RATE_LIMIT_PER_MINUTE=0 turns every
 * per-client limit off at once (tests and benchmarks drive thousands of players from one
 * address); each can also be set on its own, 0 meaning no cap.
 */
function clientCaps(int: (name: string, dflt: number, min: number, max: number) => number, off: boolean) {
  const cap = (name: string, dflt: number) => int(name, off ? 0 : dflt, 0, 1_000_000);
  return {
    streamsPerPlayer: cap('STREAMS_PER_PLAYER', 16),
    streamsPerAddress: cap('STREAMS_PER_ADDRESS', 256),
    connectionsPerAddress: cap('CONNECTIONS_PER_ADDRESS', 256),
    playersPerAddressPerHour: cap('PLAYERS_PER_ADDRESS_PER_HOUR', 60),
    openTablesPerPlayer: cap('OPEN_TABLES_PER_PLAYER', 8),
    botTablesPerPlayer: cap('BOT_TABLES_PER_PLAYER', 2),
  };
}
