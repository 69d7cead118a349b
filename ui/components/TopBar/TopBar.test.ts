import { describe, expect, it } from 'vitest';
import { cartLinkLabel } from './TopBar';

describe('cartLinkLabel', () => {
  it('is just "Cart" for an empty cart', () => {
    expect(cartLinkLabel(0)).toBe('Cart');
    expect(cartLinkLabel(-1)).toBe('Cart');
    expect(cartLinkLabel(Number.NaN)).toBe('Cart');
  });
  it('counts the items otherwise', () => {
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(3)).toBe('Cart, 3 items');
  });
});
