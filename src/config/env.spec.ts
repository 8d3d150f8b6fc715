import { describe, expect, it } from '@jest/globals';
import { ConfigError, validateEnv } from './env.js';

describe('configuration', () => {
  it('takes the documented defaults', () => {
    expect(validateEnv({})).toEqual(expect.objectContaining({ port: 3000, databaseUrl: undefined, auditToken: undefined, rateLimitPerMinute: 6000 }));
  });
  it('says what to fix, for every bad variable at once', () => {
    const attempt = () => validateEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUDIT_TOKEN: 'short', RATE_LIMIT_PER_MINUTE: '-1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT="eighty".*whole number/s);
    expect(attempt).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    expect(attempt).toThrow(/AUDIT_TOKEN is too short/);
    expect(attempt).toThrow(/RATE_LIMIT_PER_MINUTE="-1"/);
  });
  it('RATE_LIMIT_PER_MINUTE=0 turns limiting off', () => {
    expect(validateEnv({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
  });
  it('AUDIT_WORKERS: 1 by default, 0 computes on the main thread', () => {
    expect(validateEnv({}).auditWorkers).toBe(1);
    expect(validateEnv({ AUDIT_WORKERS: '0' }).auditWorkers).toBe(0);
    expect(validateEnv({ AUDIT_WORKERS: '4' }).auditWorkers).toBe(4);
    expect(() => validateEnv({ AUDIT_WORKERS: '-1' })).toThrow(/AUDIT_WORKERS="-1"/);
    expect(() => validateEnv({ AUDIT_WORKERS: 'many' })).toThrow(/AUDIT_WORKERS="many"/);
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
