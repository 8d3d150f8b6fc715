import { describe, expect, it } from '@jest/globals';
import { SHARING_BUDGET } from '../collusion/sharing/evidence.js';
import { ConfigError, validateEnv } from './env.js';

describe('configuration', () => {
  it('takes the documented defaults', () => {
    expect(validateEnv({})).toEqual(
      expect.objectContaining({ port: 3000, databaseUrl: undefined, auditToken: undefined, rateLimitPerMinute: 6000 }),
    );
  });
  it('says what to fix, for every bad variable at once', () => {
    const attempt = () => validateEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUDIT_TOKEN: 'short', RATE_LIMIT_PER_MINUTE: '-1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT="eighty".*whole number/s);
    expect(attempt).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    expect(attempt).toThrow(/AUDIT_TOKEN is too short/);
    expect(attempt).toThrow(/RATE_LIMIT_PER_MINUTE="-1"/);
  });
  it('AUDIT_TOKEN: at least 32 characters, and no placeholder from an example', () => {
    expect(() => validateEnv({ AUDIT_TOKEN: 'a'.repeat(31) })).toThrow(/AUDIT_TOKEN is too short: use at least 32/);
    expect(() => validateEnv({ AUDIT_TOKEN: 'change-me-to-a-long-random-token' })).toThrow(/AUDIT_TOKEN looks like a placeholder/);
    expect(() => validateEnv({ AUDIT_TOKEN: 'x'.repeat(40) })).toThrow(/placeholder/);
    expect(validateEnv({ AUDIT_TOKEN: '3f9c2a7be1d04c5a8e6b9f1d2c3a4b5e' }).auditToken).toHaveLength(32);
  });
  it('METRICS_TOKEN: unset by default (no /metrics); at least 32 characters, no placeholder, not the auditor token', () => {
    expect(validateEnv({}).metricsToken).toBeUndefined();
    expect(() => validateEnv({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow(/METRICS_TOKEN must be at least 32/);
    expect(() => validateEnv({ METRICS_TOKEN: 'change-me-to-a-long-random-token' })).toThrow(/METRICS_TOKEN/);
    const token = '3f9c2a7be1d04c5a8e6b9f1d2c3a4b5e';
    expect(() => validateEnv({ METRICS_TOKEN: token, AUDIT_TOKEN: token })).toThrow(/METRICS_TOKEN must differ from AUDIT_TOKEN/);
    expect(validateEnv({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });
  it('BOT_PRIORITY: the lowest by default, normal on request, nothing else', () => {
    expect(validateEnv({}).botPriority).toBe('lowest');
    expect(validateEnv({ BOT_PRIORITY: 'normal' }).botPriority).toBe('normal');
    expect(() => validateEnv({ BOT_PRIORITY: 'high' })).toThrow(/BOT_PRIORITY="high"/);
  });
  it('AUDIT_PRIORITY: the lowest by default, normal on request, nothing else', () => {
    expect(validateEnv({}).auditPriority).toBe('lowest');
    expect(validateEnv({ AUDIT_PRIORITY: 'normal' }).auditPriority).toBe('normal');
    expect(() => validateEnv({ AUDIT_PRIORITY: 'high' })).toThrow(/AUDIT_PRIORITY="high"/);
  });
  it('BENCH_ENDPOINTS is refused with NODE_ENV=production', () => {
    expect(() => validateEnv({ BENCH_ENDPOINTS: '1', NODE_ENV: 'production' })).toThrow(
      /BENCH_ENDPOINTS=1 .* refused with NODE_ENV=production/,
    );
    expect(validateEnv({ BENCH_ENDPOINTS: '1' }).benchEndpoints).toBe(true);
  });
  it('AUDIT_SHARING_WORLDS: the card-sharing evidence library’s own budget by default, so that the service and the simulator name one estimator', () => {
    expect(validateEnv({}).auditSharingWorlds).toBe(SHARING_BUDGET.worlds);
    expect(validateEnv({ AUDIT_SHARING_WORLDS: '8' }).auditSharingWorlds).toBe(8);
    expect(() => validateEnv({ AUDIT_SHARING_WORLDS: '0' })).toThrow(/AUDIT_SHARING_WORLDS/);
  });
  it('TRUST_PROXY: no proxy by default; false, hop counts, names, addresses and subnets; never `true`', () => {
    expect(validateEnv({}).trustProxy).toBe(false);
    expect(validateEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(validateEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(validateEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
    expect(() => validateEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true" is not valid/);
    expect(() => validateEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
  it('IPV6_PREFIX_LENGTH: an IPv6 client counts by its /64 by default; 1 to 128 bits', () => {
    expect(validateEnv({}).ipv6PrefixLength).toBe(64);
    expect(validateEnv({ IPV6_PREFIX_LENGTH: '56' }).ipv6PrefixLength).toBe(56);
    expect(validateEnv({ IPV6_PREFIX_LENGTH: '128' }).ipv6PrefixLength).toBe(128);
    for (const bad of ['0', '129', '64.5', '/64']) expect(() => validateEnv({ IPV6_PREFIX_LENGTH: bad })).toThrow(/IPV6_PREFIX_LENGTH/);
  });
  it("the address bucket is ten players' worth by default", () => {
    expect(validateEnv({ RATE_LIMIT_PER_MINUTE: '100' }).rateLimitPerAddressPerMinute).toBe(1000);
    expect(validateEnv({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '7' }).rateLimitPerAddressPerMinute).toBe(7);
  });
  it('RATE_LIMIT_PER_MINUTE=0 turns limiting off, the caps per client included', () => {
    const off = validateEnv({ RATE_LIMIT_PER_MINUTE: '0' });
    expect(off.rateLimitPerMinute).toBe(0);
    expect([off.streamsPerPlayer, off.streamsPerAddress, off.connectionsPerAddress]).toEqual([0, 0, 0]);
    expect([off.playersPerAddressPerHour, off.openTablesPerPlayer, off.botTablesPerPlayer]).toEqual([0, 0, 0]);
    expect(validateEnv({ RATE_LIMIT_PER_MINUTE: '0', STREAMS_PER_PLAYER: '3' }).streamsPerPlayer).toBe(3);
  });
  it('LOG_FORMAT: json or pretty, pretty by default only at a terminal', () => {
    expect(validateEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(validateEnv({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(validateEnv({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    expect(() => validateEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT="xml"/);
  });

  it('caps per client and HTTP timeouts have defaults', () => {
    const d = validateEnv({});
    expect([d.streamsPerPlayer, d.streamsPerAddress, d.connectionsPerAddress]).toEqual([16, 256, 256]);
    expect([d.playersPerAddressPerHour, d.openTablesPerPlayer, d.botTablesPerPlayer]).toEqual([60, 8, 2]);
    expect([d.requestTimeoutMs, d.keepAliveTimeoutMs]).toEqual([30_000, 72_000]);
    expect(() => validateEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS="0"/);
  });
  it('AUDIT_WORKERS: 1 by default, 0 computes on the main thread', () => {
    expect(validateEnv({}).auditWorkers).toBe(1);
    expect(validateEnv({ AUDIT_WORKERS: '0' }).auditWorkers).toBe(0);
    expect(validateEnv({ AUDIT_WORKERS: '4' }).auditWorkers).toBe(4);
    expect(() => validateEnv({ AUDIT_WORKERS: '-1' })).toThrow(/AUDIT_WORKERS="-1"/);
    expect(() => validateEnv({ AUDIT_WORKERS: 'many' })).toThrow(/AUDIT_WORKERS="many"/);
  });

  it('STREAMS_MAX: 10,000 by default, as the long polls', () => {
    expect(validateEnv({}).streamsMax).toBe(10_000);
    expect(validateEnv({ STREAMS_MAX: '1' }).streamsMax).toBe(1);
    expect(() => validateEnv({ STREAMS_MAX: '-5' })).toThrow(/STREAMS_MAX="-5"/);
  });

  it('LONG_POLL_MAX_WAITERS: 10,000 by default, 0 turns long polls off', () => {
    expect(validateEnv({}).longPollMaxWaiters).toBe(10_000);
    expect(validateEnv({ LONG_POLL_MAX_WAITERS: '0' }).longPollMaxWaiters).toBe(0);
    expect(() => validateEnv({ LONG_POLL_MAX_WAITERS: '-5' })).toThrow(/LONG_POLL_MAX_WAITERS="-5"/);
  });

  it('AUDIT_SAMPLES: 16 by default, at least 1', () => {
    expect(validateEnv({}).auditSamples).toBe(16);
    expect(validateEnv({ AUDIT_SAMPLES: '4' }).auditSamples).toBe(4);
    expect(() => validateEnv({ AUDIT_SAMPLES: '0' })).toThrow(/AUDIT_SAMPLES="0"/);
  });
});
