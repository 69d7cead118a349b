import { describe, expect, it } from 'vitest';
import { emlFileName, smtpTimeouts } from './mailer';
import { describeMailError, leaseMarginMs, retryDelayMs } from './worker';

describe('retryDelayMs', () => {
  const backoff = { baseMs: 5_000, maxMs: 3_600_000 };

  it('doubles from the base per attempt, with jitter between half and all of it', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, backoff, () => 0))).toEqual([
      2_500, 5_000, 10_000, 20_000,
    ]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, backoff, () => 1))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
  });

  it('is capped', () => {
    expect(retryDelayMs(30, backoff, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(10_000, backoff, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(10_000, backoff, () => 0)).toBe(1_800_000);
  });

  it('stays within its bounds for any attempt and random value', () => {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const full = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempt - 1));
        const delay = retryDelayMs(attempt, backoff, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(full / 2));
        expect(delay).toBeLessThanOrEqual(full);
      }
    }
  });
});

describe('describeMailError', () => {
  it('keeps the error code and SMTP response code with the message', () => {
    const error = Object.assign(new Error('Mail command failed: 421 Try later'), {
      code: 'EENVELOPE',
      responseCode: 421,
    });
    expect(describeMailError(error)).toBe('[EENVELOPE 421] Mail command failed: 421 Try later');
    expect(describeMailError(new Error('plain'))).toBe('plain');
    expect(describeMailError('a string')).toBe('a string');
  });

  it('never stores more than 1000 characters', () => {
    expect(describeMailError(new Error('x'.repeat(5000)))).toHaveLength(1000);
  });
});

describe('emlFileName', () => {
  it('names the file after the Message-ID, safely', () => {
    expect(emlFileName('<enquiry-0f8c2f6e-1b1c-4f0e-9a7c-2b8d2f1e3a4b@fuelyard.co.uk>')).toBe(
      'enquiry-0f8c2f6e-1b1c-4f0e-9a7c-2b8d2f1e3a4b@fuelyard.co.uk.eml',
    );
    expect(emlFileName('<../../etc/passwd x>')).toBe('.._.._etc_passwd_x.eml');
  });
});

describe('smtpTimeouts', () => {
  it('is 15 s, 15 s and 30 s at the default 2-minute lease, and no more for a longer lease', () => {
    const standard = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
    expect(smtpTimeouts(120_000)).toEqual(standard);
    expect(smtpTimeouts(3_600_000)).toEqual(standard);
  });

  it('shrinks with a shorter lease, so a send always ends inside its lease', () => {
    for (const leaseMs of [10_000, 20_000, 59_999, 60_000, 119_999]) {
      const t = smtpTimeouts(leaseMs);
      expect(t.connectionTimeout + t.greetingTimeout + t.socketTimeout).toBeLessThanOrEqual(
        leaseMs / 2 + 1,
      );
      expect(t.socketTimeout).toBeGreaterThan(0);
    }
    expect(smtpTimeouts(10_000)).toEqual({
      connectionTimeout: 1_250,
      greetingTimeout: 1_250,
      socketTimeout: 2_500,
    });
  });
});

describe('leaseMarginMs', () => {
  it('keeps a tenth of the lease back, at most 5 s', () => {
    expect(leaseMarginMs(10_000)).toBe(1_000);
    expect(leaseMarginMs(30_000)).toBe(3_000);
    expect(leaseMarginMs(120_000)).toBe(5_000);
    expect(leaseMarginMs(3_600_000)).toBe(5_000);
  });
});
