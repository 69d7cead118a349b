import { afterEach, describe, expect, it } from 'vitest';
import { createToaster } from '../../../ui';
import { carryNotices, showCarriedNotices } from './carriedNotices';

/*
 * A page loaded by the browser after the pages of islands shows the notifications that would
 * have followed the visitor there with the client router ("Added to cart" on /cart).
 */

const contents = (toaster: ReturnType<typeof createToaster>) =>
  toaster.queue.visibleToasts.map((toast) => toast.content);

afterEach(() => sessionStorage.clear());

describe('carried notices', () => {
  it('hands successes and information to the next page once, never warnings or errors', () => {
    const before = createToaster();
    before.success('Added to cart.');
    before.danger('Invalid postcode.');
    before.info('Your order has been placed.', { title: 'Thank you' });
    carryNotices(before);

    const next = createToaster();
    showCarriedNotices(next);
    expect(contents(next)).toEqual([
      { variant: 'success', message: 'Added to cart.' },
      { variant: 'info', message: 'Your order has been placed.', title: 'Thank you' },
    ]);
    // Taken: a reload of that page does not show them again.
    const reloaded = createToaster();
    showCarriedNotices(reloaded);
    expect(contents(reloaded)).toEqual([]);
  });

  it('hands nothing over when there is nothing to carry', () => {
    const before = createToaster();
    before.warning('Check the form.');
    carryNotices(before);
    expect(sessionStorage.length).toBe(0);
  });

  it('shows nothing from storage it did not write: not JSON, not a list, not a notification', () => {
    const key = 'fuelyard:carried-notices';
    for (const stored of [
      '{',
      '{"variant":"success","message":"x"}',
      JSON.stringify([
        { variant: 'success', message: 7 },
        { variant: 'loud', message: 'x' },
      ]),
      JSON.stringify([{ variant: 'danger', message: 'Not from here.' }]),
    ]) {
      sessionStorage.setItem(key, stored);
      const next = createToaster();
      showCarriedNotices(next);
      expect(contents(next)).toEqual([]);
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });
});
