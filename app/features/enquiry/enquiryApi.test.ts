import { describe, expect, it, vi } from 'vitest';
import type { EnquiryInput } from '../../../api/domain/enquiry';
import { EnquiryNetworkError, postEnquiry } from './enquiryApi';

const values: EnquiryInput = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Twenty pallets, please.',
};

const json = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('postEnquiry', () => {
  it('POSTs the fields as JSON to /api/enquiries and returns the answer', async () => {
    const fetchMock = json(200, { code: 200, message: 'Email sent!' });
    await expect(postEnquiry(values, undefined, fetchMock)).resolves.toEqual({
      code: 200,
      message: 'Email sent!',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/enquiries');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(values);
  });

  it('returns refusals as answers, with their code and messages', async () => {
    const answer = { code: 400, message: 'Name required.', errors: ['Name required.', 'x'] };
    await expect(postEnquiry(values, undefined, json(400, answer))).resolves.toEqual(answer);
    const limited = { code: 429, message: 'Too many enquiries.', retryAfter: 60 };
    await expect(postEnquiry(values, undefined, json(429, limited))).resolves.toEqual({
      code: 429,
      message: 'Too many enquiries.',
    });
  });

  it('takes the HTTP status when the body has no code', async () => {
    await expect(postEnquiry(values, undefined, json(503, { message: 'Busy.' }))).resolves.toEqual({
      code: 503,
      message: 'Busy.',
    });
  });

  it('throws EnquiryNetworkError when there is no answer', async () => {
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postEnquiry(values, undefined, offline)).rejects.toBeInstanceOf(
      EnquiryNetworkError,
    );
  });

  it('throws EnquiryNetworkError for an answer that is not the API JSON', async () => {
    const proxy = vi.fn<typeof fetch>(
      async () => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }),
    );
    await expect(postEnquiry(values, undefined, proxy)).rejects.toThrow(/HTTP 502/);
    await expect(postEnquiry(values, undefined, json(200, { ok: true }))).rejects.toBeInstanceOf(
      EnquiryNetworkError,
    );
  });

  it('passes the abort signal on', async () => {
    const controller = new AbortController();
    const fetchMock = json(200, { code: 200, message: 'Email sent!' });
    await postEnquiry(values, controller.signal, fetchMock);
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
