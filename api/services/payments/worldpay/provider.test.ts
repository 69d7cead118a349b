import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../types';
import {
  narrativeLine,
  parseWorldpayEvent,
  queryStatus,
  transactionReferencePattern,
} from './provider';

function event(details: Record<string, unknown>, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      eventId: 'bb55ca5a-e05c-47e1-8e94-e88bac1a0a17',
      eventTimestamp: '2026-11-23T14:18:13.407',
      eventDetails: { classification: 'payment', transactionReference: 'FY-100001-2', ...details },
      ...extra,
    }),
  );
}

describe('Worldpay payment events', () => {
  it.each([
    ['authorized', 'succeeded'],
    ['sentForSettlement', 'succeeded'],
    ['refused', 'failed'],
    ['error', 'failed'],
    ['cancelled', 'cancelled'],
    ['expired', 'expired'],
  ])('%s is %s', (type, normalised) => {
    const parsed = parseWorldpayEvent(
      event({ type, amount: { value: 30500, currencyCode: 'GBP' } }),
    );
    expect(parsed).toEqual({
      id: 'bb55ca5a-e05c-47e1-8e94-e88bac1a0a17',
      type: normalised,
      providerType: type,
      orderId: null,
      sessionId: null,
      reference: 'FY-100001-2',
      amount: 30500,
      currency: 'GBP',
    });
  });

  it('records settled, refunds, unknown types and chargebacks without acting on them', () => {
    for (const type of [
      'settled',
      'sentForRefund',
      'refundFailed',
      'sentForAuthorization',
      'constructor',
      '__proto__',
    ]) {
      expect(parseWorldpayEvent(event({ type })).type).toBe('other');
    }
    const chargeback = parseWorldpayEvent(
      event({ classification: 'chargeback', type: 'authorized' }),
    );
    expect(chargeback).toMatchObject({ type: 'other', providerType: 'chargeback:authorized' });
  });

  it('reads a missing or malformed amount as none (a refusal carries none)', () => {
    expect(parseWorldpayEvent(event({ type: 'refused' }))).toMatchObject({
      amount: null,
      currency: null,
    });
    expect(
      parseWorldpayEvent(
        event({ type: 'authorized', amount: { value: '30500', currencyCode: 'GBP' } }),
      ),
    ).toMatchObject({ type: 'succeeded', amount: null, currency: 'GBP' });
  });

  it('refuses a body that is not an event', () => {
    for (const raw of [
      'not json',
      '[]',
      '{}',
      JSON.stringify({ eventId: 'x' }),
      event({}).toString(),
      event({ type: 'authorized' }, { eventId: '' }).toString(),
    ]) {
      expect(() => parseWorldpayEvent(Buffer.from(raw))).toThrow(WebhookVerificationError);
    }
  });
});

describe('Worldpay payment queries', () => {
  it.each([
    ['authorizationSucceeded', 'succeeded'],
    ['saleSucceeded', 'succeeded'],
    ['settlementRequested', 'succeeded'],
    ['settlementRequestSubmitted', 'succeeded'],
    ['authorizationRefused', 'failed'],
    ['saleFailed', 'failed'],
    ['cancellationRequestSubmitted', 'cancelled'],
    ['reversalRequested', 'cancelled'],
    ['refundRequestSubmitted', 'cancelled'],
    ['authorizationRequested', 'pending'],
    ['authorizationTimedOut', 'pending'],
    ['settlementFailed', 'pending'],
    ['somethingNew', 'pending'],
  ])('lastEvent %s is %s', (lastEvent, status) => {
    expect(queryStatus(lastEvent)).toBe(status);
  });
});

describe('Worldpay request fields', () => {
  it('keeps the statement narrative to 24 of the allowed characters', () => {
    expect(narrativeLine('Fuelyard')).toBe('Fuelyard');
    expect(narrativeLine("Ó Néill's Fuels & Coal (Belfast) Limited")).toBe(
      'O Neills Fuels Coal Belf',
    );
    expect(narrativeLine('£££')).toBe('Online order');
  });

  it('accepts the shop references and refuses what Worldpay would', () => {
    expect(transactionReferencePattern.test('FY-100001-2')).toBe(true);
    expect(transactionReferencePattern.test('FY 100001')).toBe(false);
    expect(transactionReferencePattern.test('x'.repeat(65))).toBe(false);
    expect(transactionReferencePattern.test('')).toBe(false);
  });
});
