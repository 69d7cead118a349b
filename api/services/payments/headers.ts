import type { WebhookHeaders } from './types';

/** A webhook header by its lower-case name (repeated headers joined with commas), or undefined. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}
