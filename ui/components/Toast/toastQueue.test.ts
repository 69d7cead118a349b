import { describe, expect, it } from 'vitest';
import { ALERT_TIMEOUT_MS, createToaster, DEFAULT_TIMEOUT_MS, isAlert } from './toastQueue';

describe('toaster timeouts', () => {
  it('closes every notification by itself: successes after 5 s, warnings and errors after 8 s', () => {
    const toaster = createToaster();
    toaster.success('Added to cart.');
    toaster.info('Loading…');
    toaster.warning('Postcode required.');
    toaster.danger('Name required.');
    toaster.danger('Kept until dismissed.', { timeout: null });
    const timeouts = Object.fromEntries(
      toaster.queue.visibleToasts.map((toast) => [toast.content.message, toast.timeout]),
    );
    expect(timeouts).toEqual({
      'Added to cart.': DEFAULT_TIMEOUT_MS,
      'Loading…': DEFAULT_TIMEOUT_MS,
      'Postcode required.': ALERT_TIMEOUT_MS,
      'Name required.': ALERT_TIMEOUT_MS,
      'Kept until dismissed.': undefined,
    });
    expect(ALERT_TIMEOUT_MS).toBeGreaterThan(DEFAULT_TIMEOUT_MS);
  });

  it('calls warnings and errors alerts, not successes', () => {
    expect(isAlert({ variant: 'danger', message: '' })).toBe(true);
    expect(isAlert({ variant: 'warning', message: '' })).toBe(true);
    expect(isAlert({ variant: 'success', message: '' })).toBe(false);
    expect(isAlert({ variant: 'info', message: '' })).toBe(false);
  });
});
