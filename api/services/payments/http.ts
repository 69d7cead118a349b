/**
 * Outgoing calls to a payment provider (and the test provider's webhook to the shop): every
 * attempt has its own timeout, and a failure that may pass (no answer, a timeout, 429 or 5xx) is
 * retried a bounded number of times with a doubling delay. A 4xx other than 429 is an answer, not
 * a failure: it is returned at once. The adapters for real providers use this too.
 */
import { PaymentProviderError } from './types';

export interface RetryPolicy {
  /** Each attempt is abandoned after this. */
  timeoutMs: number;
  /** Attempts in all (1 = no retry). */
  attempts: number;
  /** The delay before the second attempt; it doubles per attempt, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs?: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  timeoutMs: 5_000,
  attempts: 3,
  backoffMs: 200,
  maxBackoffMs: 2_000,
};

export interface ProviderResponse {
  status: number;
  text: string;
  headers: Headers;
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt's outcome: an answer to keep, or a failure that may pass (and why, for the log). */
export type AttemptOutcome<T> = { answer: T } | { failed: string };

/**
 * Runs `attempt` under `policy`: until one gives an answer, or `policy.attempts` have failed (then
 * a PaymentProviderError naming the last failure). The delay before each retry doubles.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  attempt: () => Promise<AttemptOutcome<T>>,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(policy.attempts));
  let last = 'no attempt made';
  for (let n = 1; n <= attempts; n += 1) {
    if (n > 1) await sleep(Math.min(policy.maxBackoffMs ?? 2_000, policy.backoffMs * 2 ** (n - 2)));
    const outcome = await attempt();
    if ('answer' in outcome) return outcome.answer;
    last = outcome.failed;
  }
  throw new PaymentProviderError(`The payment provider failed ${attempts} time(s): ${last}.`);
}

/**
 * `fetch(url, init)` under `policy`. Resolves with the first answer that is not retryable (any
 * 2xx, 3xx or 4xx but 429); rejects with a PaymentProviderError when every attempt failed, naming
 * the last failure (never the body: it may hold personal data).
 */
export async function providerRequest(
  url: string,
  init: RequestInit,
  policy: RetryPolicy = defaultRetryPolicy,
): Promise<ProviderResponse> {
  return withRetries<ProviderResponse>(policy, async () => {
    try {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      // The body is read under the same deadline (the signal covers it).
      const text = await response.text();
      if (!retryable(response.status)) {
        return { answer: { status: response.status, text, headers: response.headers } };
      }
      return { failed: `HTTP ${response.status}` };
    } catch (error) {
      return {
        failed:
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
            ? `no answer within ${policy.timeoutMs} ms`
            : `unreachable (${error instanceof Error ? error.message : String(error)})`,
      };
    }
  });
}
