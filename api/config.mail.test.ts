import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseMailbox } from './config';
import { messageIdDomain } from './services/enquiry/service';

/** Production (the default NODE_ENV) needs PUBLIC_URL: these tests are about the other variables. */
const load = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ PUBLIC_URL: 'http://localhost:3000', ...env });

describe('mail, proxy and enquiry-limit configuration', () => {
  it('has defaults that work without a mail server', () => {
    const config = load({ DATA_DIR: '/srv/fuelyard' });
    expect(config.trustProxy).toBe(false);
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Fuelyard <no-reply@fuelyard.co.uk>',
      to: ['info@fuelyard.co.uk'],
      dir: '/srv/fuelyard/mail',
      pollIntervalMs: 5_000,
      retryBaseMs: 5_000,
      retryMaxMs: 3_600_000,
      maxAttempts: 30,
      leaseMs: 120_000,
    });
    expect(config.enquiryRateLimit).toEqual({ limit: 5, windowSeconds: 600 });
  });

  it('reads every variable', () => {
    const config = load({
      TRUST_PROXY: 'true',
      SMTP_URL: 'smtps://user:secret@smtp.example.org:465',
      MAIL_FROM: 'web@example.org',
      MAIL_TO: 'sales@example.org , depot@example.org',
      MAIL_POLL_INTERVAL_MS: '1000',
      MAIL_RETRY_BASE_MS: '2000',
      MAIL_RETRY_MAX_MS: '60000',
      MAIL_MAX_ATTEMPTS: '5',
      MAIL_LEASE_MS: '300000',
      ENQUIRY_RATE_LIMIT: '10',
      ENQUIRY_RATE_WINDOW_SECONDS: '3600',
    });
    expect(config.trustProxy).toBe(true);
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:secret@smtp.example.org:465',
      from: 'web@example.org',
      to: ['sales@example.org', 'depot@example.org'],
      pollIntervalMs: 1_000,
      retryBaseMs: 2_000,
      retryMaxMs: 60_000,
      maxAttempts: 5,
      leaseMs: 300_000,
    });
    expect(config.enquiryRateLimit).toEqual({ limit: 10, windowSeconds: 3600 });
  });

  it('names each bad mail variable, without echoing the SMTP password', () => {
    let error: unknown;
    try {
      load({
        SMTP_URL: 'http://user:hunter2@smtp.example.org',
        MAIL_FROM: 'Fuelyard <not an address>',
        MAIL_TO: 'sales@example.org, nobody',
        TRUST_PROXY: 'perhaps',
        MAIL_LEASE_MS: '1000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    expect(problems).toContain('MAIL_FROM must be an address or "Name <address>"');
    expect(problems).toContain('MAIL_TO must be one or more e-mail addresses, comma-separated');
    expect(problems).toContain('TRUST_PROXY');
    expect(problems).toContain('MAIL_LEASE_MS');
    expect(problems).not.toContain('hunter2');
  });

  it('parses mailboxes and derives the Message-ID domain from MAIL_FROM', () => {
    expect(parseMailbox('Fuelyard <no-reply@fuelyard.co.uk>')).toEqual({
      name: 'Fuelyard',
      address: 'no-reply@fuelyard.co.uk',
    });
    expect(parseMailbox('"Fuelyard, Sales" <sales@example.org>')).toEqual({
      name: '"Fuelyard, Sales"',
      address: 'sales@example.org',
    });
    expect(parseMailbox('plain@example.org')).toEqual({ name: '', address: 'plain@example.org' });
    expect(parseMailbox('no address here')).toBeNull();
    expect(messageIdDomain('Fuelyard <no-reply@fuelyard.co.uk>')).toBe('fuelyard.co.uk');
    expect(messageIdDomain('web@shop.example.org')).toBe('shop.example.org');
  });
});
