import { describe, expect, it } from 'vitest';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { keptChoice } from './ProductOrderForm';
import { kerosene, pellets } from './storyFixtures';

/** What a product card's form starts from after the server refused it (posted without script). */
const refused = (values: Record<string, string>): FormOutcome => ({
  intent: 'add-to-cart',
  status: 422,
  message: 'Product cannot be delivered to this postcode.',
  errors: [],
  values,
});

describe('keptChoice', () => {
  it("gives back the card's own size, quantity and postcode", () => {
    const outcome = refused({
      type: 'woodpellet',
      productId: pellets.id,
      attributeId: '112',
      quantity: '4',
      postcode: '47 1AB',
    });
    expect(keptChoice(outcome, pellets)).toEqual({
      sizeId: '112',
      quantity: 4,
      postcode: '47 1AB',
    });
  });

  it("is nothing for another card's refusal, or none", () => {
    const outcome = refused({ type: 'woodpellet', productId: pellets.id, attributeId: '112' });
    expect(keptChoice(outcome, kerosene)).toEqual({});
    expect(keptChoice(null, pellets)).toEqual({});
  });

  it('leaves out a quantity that is not a whole number', () => {
    const outcome = refused({ type: 'woodpellet', productId: pellets.id, quantity: 'lots' });
    expect(keptChoice(outcome, pellets)).toEqual({});
  });
});
