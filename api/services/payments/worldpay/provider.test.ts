import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../logger';
import {
  fakeWorldpayConfig,
  startWorldpayFake,
  type FakeWorldpay,
} from '../../../test/fakeWorldpay';
import { PaymentProviderError, WebhookVerificationError, type PaymentProvider } from '../types';
import {
  createWorldpayProvider,
  narrativeLine,
  parseWorldpayEvent,
  queryStatus,
  readRefundablePayment,
  refundActionUrl,
  transactionReferencePattern,
  worldpayPaymentsApiVersion,
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

describe('Worldpay refund links and details', () => {
  const apiUrl = 'https://try.access.worldpay.com';

  it('posts a refund action on WORLDPAY_API_URL, whatever host its href names', () => {
    expect(
      refundActionUrl(
        'https://try.access.worldpay.com/api/payments/eyJrIjoiazNh/partialRefunds',
        apiUrl,
      ),
    ).toBe('https://try.access.worldpay.com/api/payments/eyJrIjoiazNh/partialRefunds');
    expect(refundActionUrl('http://127.0.0.1:4100/api/payments/abc_-1/refunds', apiUrl)).toBe(
      'https://try.access.worldpay.com/api/payments/abc_-1/refunds',
    );
    expect(refundActionUrl('/api/payments/abc/refunds', 'http://127.0.0.1:9/worldpay')).toBe(
      'http://127.0.0.1:9/worldpay/api/payments/abc/refunds',
    );
  });

  it('refuses an href that is not a refund action', () => {
    for (const href of [
      'https://evil.example/api/payments/abc/settlements',
      '/api/payments/abc/refunds/extra',
      '/api/payments//refunds',
      '/payment_pages',
      'https://try.access.worldpay.com/api/payments/a%2F..%2Fb/../../payment_pages',
    ]) {
      expect(refundActionUrl(href, apiUrl), href).toBeNull();
    }
  });

  it('reads the value, the refunds in the history and the refund actions offered', () => {
    const payment = readRefundablePayment({
      paymentId: 'pay1',
      value: { amount: 30500, currency: 'GBP' },
      events: [
        { eventName: 'authorizationSucceeded', value: { amount: 30500, currency: 'GBP' } },
        { eventName: 'refundRequested', value: { amount: 500, currency: 'GBP' }, reference: 'r1' },
        { eventName: 'refundFailed', value: { amount: 700, currency: 'GBP' }, reference: 'r2' },
        { eventName: 'refundRequested', value: { amount: 600, currency: 'GBP' } },
        'not an event',
      ],
      _actions: {
        partiallyRefundPayment: { href: '/api/payments/x/partialRefunds', method: 'POST' },
        refundPayment: { href: '/api/payments/x/refunds', method: 'GET' },
      },
    });
    expect(payment).toEqual({
      amount: 30500,
      currency: 'GBP',
      refunds: [
        { amount: 500, reference: 'r1' },
        { amount: 600, reference: null },
      ],
      actions: { partiallyRefundPayment: '/api/payments/x/partialRefunds' },
    });
    expect(readRefundablePayment({ events: [] })).toBeNull();
    expect(readRefundablePayment(null)).toBeNull();
  });
});

describe('Worldpay refunds against the loopback fake', () => {
  let fake: FakeWorldpay;
  let provider: PaymentProvider;
  const policy = { timeoutMs: 2_000, attempts: 3, backoffMs: 10, maxBackoffMs: 20 };
  let counter = 0;

  beforeAll(async () => {
    fake = await startWorldpayFake();
    provider = createWorldpayProvider({
      config: fakeWorldpayConfig(fake.url),
      logger: createLogger('silent'),
      policy,
    });
  }, 30_000);

  afterAll(async () => {
    await fake?.close();
  }, 30_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A page opened and paid (or declined) on the fake: its session reference. */
  async function payment(choice: 'pay' | 'decline' | null = 'pay', amount = 30_500) {
    counter += 1;
    const reference = `FY-2${String(counter).padStart(5, '0')}-1`;
    await provider.createSession({
      order: {
        id: randomUUID(),
        number: reference.slice(0, -2),
        amount,
        currency: 'GBP',
        email: 'ciara@example.com',
        fullName: 'Ciara Byrne',
      },
      lines: [{ name: 'Kerosene', unitAmount: amount, quantity: 1 }],
      attempt: 1,
      reference,
      returnUrl: 'http://127.0.0.1:9/checkout/process',
      declinedUrl: 'http://127.0.0.1:9/checkout?payment=declined',
      cancelUrl: 'http://127.0.0.1:9/checkout?payment=cancelled',
      expiredUrl: 'http://127.0.0.1:9/checkout?payment=expired',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    if (choice) await fake.choose(reference, choice, { deliver: false });
    return { sessionId: reference, reference, orderId: randomUUID() };
  }

  const key = () => `fuelyard-refund-${randomUUID()}`;
  const posted = (from: number) => fake.refundRequests.slice(from);

  it('a first refund of everything is Worldpay full refund: POST …/refunds, no body, WP-Api-Version', async () => {
    const session = await payment();
    const from = fake.refundRequests.length;
    const idempotencyKey = key();
    const result = await provider.refund({
      session,
      amount: 30_500,
      currency: 'GBP',
      full: true,
      idempotencyKey,
    });
    expect(result).toEqual({ refundId: idempotencyKey, status: 'pending' });
    expect(posted(from)).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/^\/api\/payments\/[^/]+\/refunds$/) as unknown,
        headers: expect.objectContaining({
          'wp-api-version': worldpayPaymentsApiVersion,
          'content-type': undefined,
        }) as unknown,
        body: null,
        status: 202,
      }),
    ]);
    expect(fake.session(session.reference)?.payment?.refunds).toEqual([
      { reference: null, amount: 30_500 },
    ]);
    // Asked again (the same key), it is answered from the payment's history: nothing is sent.
    await expect(
      provider.refund({ session, amount: 30_500, currency: 'GBP', full: true, idempotencyKey }),
    ).resolves.toEqual(result);
    expect(posted(from)).toHaveLength(1);
  });

  it('any other refund is a partial refund whose reference is the idempotency key, sent once', async () => {
    const session = await payment();
    const from = fake.refundRequests.length;
    const idempotencyKey = key();
    const input = { session, amount: 1_000, currency: 'GBP' as const, full: false, idempotencyKey };
    await expect(provider.refund(input)).resolves.toEqual({
      refundId: idempotencyKey,
      status: 'pending',
    });
    await expect(provider.refund(input)).resolves.toEqual({
      refundId: idempotencyKey,
      status: 'pending',
    });
    expect(posted(from)).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/\/partialRefunds$/) as unknown,
        headers: expect.objectContaining({
          'wp-api-version': worldpayPaymentsApiVersion,
          'content-type': 'application/json',
        }) as unknown,
        body: { value: { amount: 1_000, currency: 'GBP' }, reference: idempotencyKey },
        status: 202,
      }),
    ]);
    // The same key for another amount is refused, and refunds nothing.
    await expect(provider.refund({ ...input, amount: 2_000 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    // The rest, as a "full" refund after a partial one, is a partial refund of what is left.
    await provider.refund({ ...input, amount: 29_500, full: true, idempotencyKey: key() });
    expect(fake.session(session.reference)?.payment?.refunds.map((r) => r.amount)).toEqual([
      1_000, 29_500,
    ]);
  });

  it('a refund whose answer was lost is found in the history, not made twice', async () => {
    const session = await payment();
    const realFetch = globalThis.fetch;
    // The network loses the answer to the first refund POST (Worldpay made it): a 503 instead.
    let lost = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method === 'POST' && /\/(refunds|partialRefunds)$/.test(url) && lost === 0) {
        lost += 1;
        await response.arrayBuffer();
        return new Response('{"errorName":"internalErrorOccurred"}', { status: 503 });
      }
      return response;
    });
    const idempotencyKey = key();
    await expect(
      provider.refund({ session, amount: 30_500, currency: 'GBP', full: true, idempotencyKey }),
    ).resolves.toEqual({ refundId: idempotencyKey, status: 'pending' });
    expect(lost).toBe(1);
    // The retry was refused (already refunded); the history showed the refund made.
    expect(fake.session(session.reference)?.payment?.refunds).toEqual([
      { reference: null, amount: 30_500 },
    ]);

    const partly = await payment();
    lost = 0;
    const partialKey = key();
    await provider.refund({
      session: partly,
      amount: 700,
      currency: 'GBP',
      full: false,
      idempotencyKey: partialKey,
    });
    expect(lost).toBe(1);
    expect(fake.session(partly.reference)?.payment?.refunds).toEqual([
      { reference: partialKey, amount: 700 },
    ]);
  });

  it('refuses more than is left, an unpaid or declined payment, and a reference Worldpay would not take', async () => {
    const session = await payment();
    const base = { session, currency: 'GBP' as const, full: false };
    await expect(
      provider.refund({ ...base, amount: 30_501, idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      provider.refund({ ...base, amount: 30_500, full: true, idempotencyKey: key() }),
    ).resolves.toMatchObject({ status: 'pending' });
    await expect(provider.refund({ ...base, amount: 1, idempotencyKey: key() })).rejects.toThrow(
      /no refund/,
    );
    for (const unpaid of [await payment(null), await payment('decline')]) {
      await expect(
        provider.refund({ ...base, session: unpaid, amount: 100, idempotencyKey: key() }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    }
    for (const [amount, idempotencyKey] of [
      [0, key()],
      [1.5, key()],
      [100, 'has spaces in it'],
      [100, 'x'.repeat(65)],
    ] as const) {
      await expect(provider.refund({ ...base, amount, idempotencyKey })).rejects.toBeInstanceOf(
        PaymentProviderError,
      );
    }
  });
});
