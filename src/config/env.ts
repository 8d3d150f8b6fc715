import { isIP } from 'node:net';
import { TURN_CLOCK_NAMES } from './turn-clocks.js';

/**
 * The process configuration, validated once at start-up. Each problem names the variable and
 * what to put there, so a bad deployment fails with a fix in hand.
 *
 * One entry per variable in VARIABLES below: its name, its meaning, its default and values as a
 * person reads them, and how it is parsed. The settings type is derived from the entries, and
 * docs/settings.md is printed from them (`npm run settings`, checked by
 * test/settings-doc.spec.ts), so a new variable is documented where it is read. Entries are read
 * in order: one whose default depends on another comes after it.
 */
interface Variable<T> {
  /** the environment variable */
  name: string;
  /** what it does, with its unit: a cell of docs/settings.md */
  meaning: string;
  /** the default as docs/settings.md shows it */
  default: string;
  /** the values it takes, as docs/settings.md shows them */
  values: string;
  /** The value from the raw string (`undefined`: unset or empty); a bad one adds a problem and gives the default. */
  read(raw: string | undefined, earlier: Earlier, problems: string[]): T;
}

/** The settings read so far, for a default that depends on an earlier one. */
type Earlier = Readonly<Record<string, unknown>>;
/** A default that is fixed, or follows from earlier settings (with the words docs/settings.md shows). */
type Default<T> = T | { text: string; of: (earlier: Earlier) => T };

const defaultOf = <T>(d: Default<T>, earlier: Earlier): T => (typeof d === 'object' && d !== null && 'of' in d ? d.of(earlier) : d);
const defaultText = <T>(d: Default<T>): string => (typeof d === 'object' && d !== null && 'text' in d ? d.text : `\`${String(d)}\``);

/** A whole number from min to max. */
function int(name: string, dflt: Default<number>, min: number, max: number, meaning: string): Variable<number> {
  return {
    name,
    meaning,
    default: defaultText(dflt),
    values: `whole number, \`${min}\`–\`${max}\``,
    read(raw, earlier, problems) {
      const d = defaultOf(dflt, earlier);
      if (raw === undefined) return d;
      const n = Number(raw);
      if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
        problems.push(`${name}="${raw}" is not valid: use a whole number from ${min} to ${max} (default ${d})`);
        return d;
      }
      return n;
    },
  };
}

/** A number of minutes from 0 to max; a fraction (0.1: six seconds) lets a test watch a table's time run out. */
function minutes(name: string, dflt: number, max: number, meaning: string): Variable<number> {
  return {
    name,
    meaning,
    default: `\`${dflt}\``,
    values: `number of minutes, \`0\`–\`${max}\`, fractions allowed`,
    read(raw, _earlier, problems) {
      if (raw === undefined) return dflt;
      const n = Number(raw);
      if (!/^\d+(\.\d+)?$/.test(raw.trim()) || n > max) {
        problems.push(`${name}="${raw}" is not valid: use a number of minutes from 0 to ${max}, e.g. 30 or 0.5 (default ${dflt})`);
        return dflt;
      }
      return n;
    },
  };
}

/** One of a few words. */
function oneOf<T extends string>(name: string, values: readonly T[], dflt: Default<T>, meaning: string): Variable<T> {
  return {
    name,
    meaning,
    default: defaultText(dflt),
    values: values.map((v) => `\`${v}\``).join(', '),
    read(raw, earlier, problems) {
      const d = defaultOf(dflt, earlier);
      if (raw === undefined) return d;
      if (values.includes(raw as T)) return raw as T;
      problems.push(`${name}="${raw}" is not one of ${values.join(', ')} (default ${d})`);
      return d;
    },
  };
}

/**
 * A cap on what one client may hold or create. RATE_LIMIT_PER_MINUTE=0 turns every per-client
 * limit off at once (tests and benchmarks drive thousands of players from one address); each can
 * also be set on its own, 0 meaning no cap.
 */
const cap = (name: string, dflt: number, meaning: string): Variable<number> =>
  int(
    name,
    { text: `\`${dflt}\` (\`0\` with \`RATE_LIMIT_PER_MINUTE=0\`)`, of: (s) => (s.rateLimitPerMinute === 0 ? 0 : dflt) },
    0,
    1_000_000,
    `${meaning}; \`0\`: no cap`,
  );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_AUDIT_TOKEN = 32;
/** Values copied from an example rather than generated. */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|example|secret|password|your[-_ ]?token|^(.)\1+$/i;
/** The half hour after which a waiting table with no person seated is ended, and no longer counts against its host. */
const ABANDONED_TABLE_MINUTES = 30;

const VARIABLES = {
  port: int('PORT', 3000, 0, 65535, 'HTTP port'),
  databaseUrl: {
    name: 'DATABASE_URL',
    meaning: 'the PostgreSQL server and database the service uses',
    default: 'unset: an embedded PostgreSQL, its data in `.data/postgres`',
    values: '`postgres://…` or `postgresql://…` URL',
    read(raw, _earlier, problems) {
      if (raw !== undefined && !/^postgres(ql)?:\/\//.test(raw)) {
        problems.push(
          'DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/db; unset it to use the embedded PostgreSQL',
        );
      }
      return raw;
    },
  } satisfies Variable<string | undefined>,
  auditToken: {
    name: 'AUDIT_TOKEN',
    meaning: 'bearer token of the auditor (verify, hand records, the collusion audit); generate it (`openssl rand -hex 32`)',
    default: 'unset: auditor operations answer 401/403',
    values: `≥ ${MIN_AUDIT_TOKEN} characters; values that look like an example's placeholder are refused`,
    read(raw, _earlier, problems) {
      if (raw !== undefined && raw.length < MIN_AUDIT_TOKEN) {
        problems.push(
          `AUDIT_TOKEN is too short: use at least ${MIN_AUDIT_TOKEN} random characters (e.g. \`openssl rand -hex 32\`), or unset it to disable auditor operations`,
        );
      } else if (raw !== undefined && PLACEHOLDER.test(raw)) {
        problems.push('AUDIT_TOKEN looks like a placeholder from an example; set a random one (e.g. `openssl rand -hex 32`)');
      }
      return raw;
    },
  } satisfies Variable<string | undefined>,
  metricsToken: {
    name: 'METRICS_TOKEN',
    meaning:
      "bearer token of the Prometheus scraper: set, `GET /metrics` answers it (README, Metrics); it must differ from `AUDIT_TOKEN`, since whoever holds the scraper's configuration would otherwise hold the auditor's token",
    default: 'unset: no `/metrics` route (404)',
    values: `≥ ${MIN_AUDIT_TOKEN} characters, not a placeholder, not \`AUDIT_TOKEN\``,
    read(raw, earlier, problems) {
      if (raw !== undefined && (raw.length < MIN_AUDIT_TOKEN || PLACEHOLDER.test(raw))) {
        problems.push(
          `METRICS_TOKEN must be at least ${MIN_AUDIT_TOKEN} random characters, not a placeholder (e.g. \`openssl rand -hex 32\`); unset it to serve no /metrics`,
        );
      } else if (raw !== undefined && raw === earlier.auditToken) {
        problems.push(
          "METRICS_TOKEN must differ from AUDIT_TOKEN: whoever holds the scraper's configuration would hold the auditor's token",
        );
      }
      return raw;
    },
  } satisfies Variable<string | undefined>,
  rateLimitPerMinute: int(
    'RATE_LIMIT_PER_MINUTE',
    6000,
    0,
    100_000_000,
    "requests per minute per player (counted once the player's token is resolved) before `429 RATE_LIMITED`; `0` turns off this limit, the address's and every cap marked so below",
  ),
  rateLimitPerAddressPerMinute: int(
    'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
    { text: '10 × `RATE_LIMIT_PER_MINUTE`', of: (s) => (s.rateLimitPerMinute as number) * 10 },
    0,
    1_000_000_000,
    'requests per minute per client address before `429 RATE_LIMITED`: every request (bad JSON, 404, 413 and `/health` included), counted before anything else; `0`: off',
  ),
  ipv6PrefixLength: int(
    'IPV6_PREFIX_LENGTH',
    64,
    1,
    128,
    "the leading bits of an IPv6 client address that every per-address cap and limit counts as one client: the address rate limit, connections, players created, streams, sockets and lobby feeds. One host holds a whole /64 and picks its addresses in it freely, so by exact address it would have 2^64 of each; `56` or `48` counts a customer's or site's allocation as one, `128` each address. IPv4 clients count by address (an IPv4-mapped IPv6 address as its IPv4 address)",
  ),
  trustProxy: {
    name: 'TRUST_PROXY',
    meaning:
      "whose `X-Forwarded-For` names the client address (rate limits, caps per address). Set it only behind a proxy that sets the header: otherwise any client picks its own address, and so its rate-limit bucket; `true` (anyone's header) is refused for that reason",
    default: "`false`: the socket's address",
    values:
      '`false`, a number of proxy hops, or a comma-separated list of `loopback`, `linklocal`, `uniquelocal`, IP addresses and CIDR subnets',
    read: (raw, _earlier, problems) => parseTrustProxy(raw, problems),
  } satisfies Variable<boolean | number | string[]>,
  logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info', 'the least severe log line written (pino levels)'),
  logFormat: oneOf(
    'LOG_FORMAT',
    ['json', 'pretty'] as const,
    // A terminal gets readable lines; a pipe, a file or a log collector gets JSON.
    { text: '`pretty` when standard output is a terminal, else `json`', of: () => (process.stdout.isTTY ? 'pretty' : 'json') },
    'the log lines: `json`, one JSON object per line for machines; `pretty`, coloured lines for a person at a terminal',
  ),
  production: {
    name: 'NODE_ENV',
    meaning: '`production` refuses `BENCH_ENDPOINTS=1`; nothing else reads it',
    default: 'unset',
    values: 'any; only `production` means something',
    read: (raw) => raw === 'production',
  } satisfies Variable<boolean>,
  benchEndpoints: {
    name: 'BENCH_ENDPOINTS',
    meaning:
      "`1` mounts `POST /internal/bench/insert`, unauthenticated: the app's own insert that `bench:api --diagnose` times (its baseline is `bench/baseline`)",
    default: 'off',
    values: '`1`: on; anything else: off; refused with `NODE_ENV=production`',
    read(raw, earlier, problems) {
      const on = raw === '1';
      if (on && earlier.production)
        problems.push('BENCH_ENDPOINTS=1 mounts an unauthenticated insert route and is refused with NODE_ENV=production; unset it');
      return on;
    },
  } satisfies Variable<boolean>,
  databasePoolSize: int(
    'DATABASE_POOL_SIZE',
    20,
    1,
    1000,
    'connections of the one pg pool (Prisma and the event store share it), per process',
  ),
  handCacheSize: int(
    'HAND_CACHE_SIZE',
    20_000,
    0,
    10_000_000,
    "hands kept in memory by the action path (re-checked on every read and write), per instance; with the latest of them, their last action's answer for the streams, within 4 M characters in all; `0`: no cache",
  ),
  auditSamples: int(
    'AUDIT_SAMPLES',
    16,
    1,
    1000,
    "sampled deals (Droggn: playouts) per doubling call in the collusion audit's evidence ([audit.md](audit.md))",
  ),
  auditSharingWorlds: int(
    'AUDIT_SHARING_WORLDS',
    4,
    1,
    256,
    "worlds per valuation in the card-sharing audit's evidence ([audit-card-sharing.md](audit-card-sharing.md)): fewer are cheaper and noisier",
  ),
  auditPriority: oneOf(
    'AUDIT_PRIORITY',
    ['lowest', 'normal'] as const,
    'lowest',
    "`lowest`: the audit's and the hand reviews' worker threads take only CPU nothing else on the host wants, so the service's answers come first ([review.md](review.md#load)); `normal`: they compute at the process's priority, for a worker host of their own",
  ),
  auditWorkers: int(
    'AUDIT_WORKERS',
    1,
    0,
    64,
    "worker threads per process that compute the audit's evidence and the hand reviews (the job queue's heavy work); `0`: on the main thread",
  ),
  auditJobs: oneOf(
    'AUDIT_JOBS',
    ['in-process', 'off'] as const,
    'in-process',
    "`in-process`: this process also works the collusion audit's jobs (evidence, audits); `off`: an API-only instance ([scaling.md](scaling.md#the-audits-jobs))",
  ),
  auditSweepSeconds: int(
    'AUDIT_SWEEP_SECONDS',
    60,
    0,
    86_400,
    "seconds between sweeps that queue finished hands' evidence ahead of any audit, at low priority; `0`: no sweep",
  ),
  reviewSweepSeconds: int(
    'REVIEW_SWEEP_SECONDS',
    2,
    0,
    3_600,
    'seconds between sweeps that queue the reviews of hands that just ended with a person at the table; `0`: a hand is reviewed on its first request only',
  ),
  auditJobExpireSeconds: int(
    'AUDIT_JOB_EXPIRE_SECONDS',
    120,
    3,
    3_600,
    'seconds after which a job whose worker died (kill -9, a lost machine) is handed to another worker',
  ),
  botWorkers: int(
    'BOT_WORKERS',
    1,
    0,
    64,
    "worker processes per instance that decide the strong bots' moves, each in a session of its own ([bots.md](bots.md#pool)); `0`: on the main thread",
  ),
  botPriority: oneOf(
    'BOT_PRIORITY',
    ['lowest', 'normal'] as const,
    'lowest',
    "`lowest`: the bots' worker processes take only CPU nothing else on the host wants, so the service's answers come first, and on a busy host a bot falls back to the beginner's move at its deadline ([bots.md](bots.md#load)); `normal`: they search at the service's priority, for a host of the service's own",
  ),
  botPaceMs: int(
    'BOT_PACE_MS',
    900,
    0,
    60_000,
    'milliseconds: at a table where a person sits, a bot moves no sooner than this after the move before it, its thinking included; bots among themselves play at full speed; `0`: always at once',
  ),
  resultPauseMs: int(
    'RESULT_PAUSE_MS',
    5000,
    0,
    600_000,
    'milliseconds: after a hand\'s end the next hand waits this long before its first move, and its first turn clock starts this much later, so that each person reads the result — or less, once every person seated has said "next" (`POST /tables/{id}/ready`); `0`: no wait',
  ),
  presenceSeconds: int(
    'PRESENCE_SECONDS',
    30,
    0,
    3600,
    "seconds: a player is present at a table this long after their last request about its hand (longer than a long poll; an open socket or stream keeps them present), and an instance's word on its open connections lapses this long after it stopped; `0`: presence off ([presence](contract.md#presence))",
  ),
  defaultTurnClock: oneOf(
    'DEFAULT_TURN_CLOCK',
    TURN_CLOCK_NAMES,
    'normal',
    'the turn clock of a table whose creator names none: `relaxed` (120 s), `normal` (40 s) or `off` ([turn clocks](contract.md#turn-clock))',
  ),
  longPollMaxWaiters: int(
    'LONG_POLL_MAX_WAITERS',
    10_000,
    0,
    1_000_000,
    'long polls (`Prefer: wait=N`) one instance holds open at once; beyond it a read answers at once (`0`: no long polls)',
  ),
  streamsMax: int(
    'STREAMS_MAX',
    10_000,
    0,
    1_000_000,
    'streams and WebSockets of hands one instance holds open at once, and apart from them its lobby feeds; beyond it `503 STREAMS_FULL`',
  ),
  streamsPerPlayer: cap(
    'STREAMS_PER_PLAYER',
    16,
    'streams and WebSockets one player may hold open on an instance; one more is `429 TOO_MANY_STREAMS`',
  ),
  streamsPerAddress: cap(
    'STREAMS_PER_ADDRESS',
    256,
    'streams and WebSockets one client address may hold open on an instance; one more is `429 TOO_MANY_STREAMS`',
  ),
  connectionsPerAddress: cap(
    'CONNECTIONS_PER_ADDRESS',
    256,
    'TCP connections one peer address may hold open on an instance (a proxy named by `TRUST_PROXY` is exempt); one more is closed as it opens',
  ),
  playersPerAddressPerHour: cap(
    'PLAYERS_PER_ADDRESS_PER_HOUR',
    60,
    'players created per client address per hour, per instance; one more is `429 TOO_MANY_PLAYERS` with `Retry-After`',
  ),
  wrongLinkCodesPerAddressPerHour: cap(
    'WRONG_LINK_CODES_PER_ADDRESS_PER_HOUR',
    20,
    'unknown, used or expired link codes (`POST /players/link`) one client address may send per hour, per instance; past it every try is `429 TOO_MANY_WRONG_CODES` with `Retry-After`, the right code too',
  ),
  passkeyOrigin: {
    name: 'PASSKEY_ORIGIN',
    meaning:
      "the page's origin passkeys are bound to (its host is the WebAuthn relying party id); unset: each request's own, from its `Host` header and scheme (as `TRUST_PROXY` reads `X-Forwarded-*`). Set it where the service has a public name: a passkey made for one host works on no other",
    default: "unset: the request's origin",
    values: '`https://…` or `http://…` origin, no path',
    read(raw: string | undefined, _earlier: Earlier, problems: string[]): string | null {
      if (raw === undefined) return null;
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        /* reported below */
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
        problems.push(`PASSKEY_ORIGIN="${raw}" is not valid: use an origin such as https://karten.example (no path)`);
        return null;
      }
      return url.origin;
    },
  },
  openTablesPerPlayer: cap(
    'OPEN_TABLES_PER_PLAYER',
    8,
    'tables one player hosts at once that are not ended (a waiting one with no person seated ends after `ABANDONED_TABLE_MINUTES`); one more is `429 TOO_MANY_TABLES`',
  ),
  botTablesPerPlayer: cap(
    'BOT_TABLES_PER_PLAYER',
    2,
    'of those, tables where bots sit and no person does; one more is `429 TOO_MANY_TABLES`',
  ),
  requestTimeoutMs: int(
    'REQUEST_TIMEOUT_MS',
    30_000,
    100,
    600_000,
    'milliseconds: the whole request (headers and body) must arrive within this, else `408` and the connection closes (checked every quarter of it, at most every 5 s)',
  ),
  keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000, 'milliseconds: an idle kept-alive connection closes after this'),
  abandonedTableMinutes: minutes(
    'ABANDONED_TABLE_MINUTES',
    ABANDONED_TABLE_MINUTES,
    100_000,
    "minutes: a waiting table at which no person sits is ended after this (`endReason: abandoned`), and until then counts against its host's open tables; a table in play whose people have all been away for as long is ended too (`endReason: away`); housekeeping looks every tenth of it (1 s to 60 s); `0`: never",
  ),
};

/** The settings: one field per entry of VARIABLES, of the type its `read` gives. */
export type Settings = { [K in keyof typeof VARIABLES]: ReturnType<(typeof VARIABLES)[K]['read']> };

/** Every variable the service reads, in the order docs/settings.md lists them. */
export const ENV_VARIABLES: readonly Omit<Variable<unknown>, 'read'>[] = Object.values(VARIABLES);

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
  const settings: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const v = env[variable.name];
    settings[key] = variable.read(v === undefined || v === '' ? undefined : String(v), settings, problems);
  }
  if (problems.length) throw new ConfigError(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return settings as Settings;
}
