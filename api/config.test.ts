import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/data\/pg$/);
    expect(config.seedDemoCatalogue).toBe(true);
  });

  it('reads PORT and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('refuses an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('needs a pool of at least 2 (migrations hold one connection for their lock)', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow('DATABASE_POOL_SIZE');
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
  });

  it('reads COOKIE_SECURE as auto, true or false', () => {
    expect(loadConfig({}).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'FALSE' }).cookieSecure).toBe(false);
    expect(() => loadConfig({ COOKIE_SECURE: 'sometimes' })).toThrow(
      'COOKIE_SECURE must be auto, true or false',
    );
  });
});
