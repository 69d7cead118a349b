import type { EnquiryInput } from '../../../api/domain/enquiry';

/**
 * The browser's call to POST /api/enquiries (it replaces the spec's `POST /email/create`: the
 * server builds the e-mail from validated fields). Every answer, success or refusal, is JSON
 * `{ code, message, errors? }` with `code` equal to the HTTP status.
 */
export interface EnquiryResponse {
  code: number;
  message: string;
  /** On a 400, every validation message in form order. */
  errors?: string[];
}

/** Nothing usable came back: no connection, or an answer that is not the API's JSON. */
export class EnquiryNetworkError extends Error {
  constructor(reason: string, cause?: unknown) {
    super(reason, { cause });
    this.name = 'EnquiryNetworkError';
  }
}

export const ENQUIRIES_PATH = '/api/enquiries';

export async function postEnquiry(
  values: EnquiryInput,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<EnquiryResponse> {
  let res: Response;
  try {
    res = await fetchImpl(ENQUIRIES_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(values),
      signal,
    });
  } catch (error) {
    throw new EnquiryNetworkError('The enquiry could not be sent: no answer.', error);
  }
  const json = (await res.json().catch(() => null)) as Partial<EnquiryResponse> | null;
  if (!json || typeof json.message !== 'string') {
    // A proxy's error page, or a truncated answer: as good as no answer, and safe to retry.
    throw new EnquiryNetworkError(`Unexpected answer from ${ENQUIRIES_PATH} (HTTP ${res.status}).`);
  }
  return {
    code: typeof json.code === 'number' ? json.code : res.status,
    message: json.message,
    ...(Array.isArray(json.errors) ? { errors: json.errors.map(String) } : {}),
  };
}
