import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiError, adminApi, deliveriesCsvHref, errorMessage, pageCountOf } from './adminApi';

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetch(status: number, body: unknown, contentType = 'application/json'): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': contentType },
    });
  });
  return calls;
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin API client', () => {
  it('reads with the session cookie and no body', async () => {
    const calls = stubFetch(200, { toDeliver: 2, unhandledEnquiries: 1, failedMail: 0 });
    expect(await adminApi.summary()).toEqual({
      toDeliver: 2,
      unhandledEnquiries: 1,
      failedMail: 0,
    });
    expect(calls[0]?.url).toBe('/api/admin/summary');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0])['content-type']).toBeUndefined();
  });

  it('writes JSON with Content-Type: application/json', async () => {
    const calls = stubFetch(200, { sizes: [] });
    await adminApi.saveOilPrices([{ sizeId: 3, price: '12.34' }]);
    expect(calls[0]).toMatchObject({ url: '/api/admin/prices/oil', init: { method: 'PUT' } });
    expect(headersOf(calls[0])['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      prices: [{ sizeId: 3, price: '12.34' }],
    });
  });

  it('sends the refund with its Idempotency-Key', async () => {
    const calls = stubFetch(201, { order: {}, refund: {} });
    await adminApi.refund('ord/1', { amount: '5.00' }, 'key-1');
    expect(calls[0]?.url).toBe('/api/admin/orders/ord%2F1/refunds');
    expect(headersOf(calls[0])['Idempotency-Key']).toBe('key-1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ amount: '5.00' });
  });

  it("uploads an image's bytes with the file's own type", async () => {
    const calls = stubFetch(201, { product: {} });
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    await adminApi.uploadImage(7, file);
    expect(calls[0]?.url).toBe('/api/admin/products/7/images');
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0])['content-type']).toBe('image/webp');
    expect(calls[0]?.init.body).toBe(file);
  });

  it('passes the list query on', async () => {
    const calls = stubFetch(200, { orders: [], total: 0, page: 1, pageSize: 25 });
    await adminApi.orders(new URLSearchParams('status=paid&page=2'));
    expect(calls[0]?.url).toBe('/api/admin/orders?status=paid&page=2');
  });

  it('a 204 answers nothing', async () => {
    stubFetch(204, '');
    await expect(adminApi.deleteZone(3)).resolves.toBeUndefined();
  });

  it("a refusal throws the API's message and field errors", async () => {
    stubFetch(422, {
      code: 422,
      message: 'Check the prices.',
      fieldErrors: { 'prices[0].price': 'Enter a price.' },
    });
    const failure = await adminApi.saveOilPrices([]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AdminApiError);
    expect(failure).toMatchObject({
      status: 422,
      message: 'Check the prices.',
      fieldErrors: { 'prices[0].price': 'Enter a price.' },
    });
  });

  it('an answer without a message gets one a person can act on', async () => {
    stubFetch(404, { code: 'not_found' });
    await expect(adminApi.order('x')).rejects.toThrow(/sign in again/);
    stubFetch(413, '<html>too large</html>', 'text/html');
    await expect(adminApi.uploadImage(1, new Blob(['x'], { type: 'image/png' }))).rejects.toThrow(
      'The image is too large. Upload an image of 5 MB or less.',
    );
    stubFetch(415, {});
    await expect(adminApi.uploadImage(1, new Blob(['x']))).rejects.toThrow(
      'The file is not an image. Upload a JPEG, PNG or WebP image.',
    );
  });

  it('an unreachable API is a network failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await adminApi.summary().catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 0 });
    expect(errorMessage(failure)).toBe(
      'The shop could not be reached. Check the connection and try again.',
    );
  });

  it('an aborted request rejects with the abort, not a message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('Aborted', 'AbortError');
    });
    const controller = new AbortController();
    controller.abort();
    await expect(adminApi.summary(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('helpers', () => {
  it('the deliveries CSV address', () => {
    expect(deliveriesCsvHref('2025-03-31')).toBe('/api/admin/deliveries.csv?date=2025-03-31');
  });

  it('page counts', () => {
    expect(pageCountOf({ total: 0, page: 1, pageSize: 25 })).toBe(1);
    expect(pageCountOf({ total: 51, page: 1, pageSize: 25 })).toBe(3);
  });
});
