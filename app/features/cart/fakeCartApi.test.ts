import { describe, expect, it } from 'vitest';
import { messages } from '../../../api/domain/messages';
import { createFakeCartApi } from './testing';

const houseCoal = { type: 'coal', productId: 1, attributeId: 11 } as const;

describe('the fake cart API follows the shared cart rules', () => {
  it('refuses to take a line over the per-line cap, and changes nothing', async () => {
    const api = createFakeCartApi({ postcode: 'BT11AA', lines: [{ productId: 1, quantity: 18 }] });
    expect(await api.add({ ...houseCoal, quantity: 2 })).toMatchObject({
      code: 200,
      message: messages.cart.added,
      cart: { count: 20 },
    });
    const refused = await api.add({ ...houseCoal, quantity: 1 });
    expect(refused).toMatchObject({ code: 422, message: messages.cart.lineLimit(20) });
    expect(refused.cart.items.map((item) => item.quantity)).toEqual([20]);
  });

  it('refuses the postcode the cart already has, and empties the cart for another', async () => {
    const api = createFakeCartApi({ postcode: 'BT11AA', lines: [{ productId: 1, quantity: 2 }] });
    expect(await api.setPostcode('bt1 1aa')).toMatchObject({
      code: 409,
      message: messages.postcode.alreadySet,
      cart: { count: 2 },
    });
    expect(await api.setPostcode('BT2 2BB')).toMatchObject({
      code: 200,
      message: messages.postcode.set,
      cart: { postcode: 'BT22BB', count: 0, items: [] },
    });
  });

  it('adds the waiting item with the postcode, or says why it could not', async () => {
    const waiting = { ...houseCoal, quantity: 1 };
    const added = await createFakeCartApi({
      showPostcodeModal: true,
      pending: waiting,
    }).setPostcode('BT11AA');
    expect(added).toMatchObject({ code: 201, message: messages.cart.added });
    expect(added.cart).toMatchObject({ count: 1, showPostcodeModal: false });
    expect(added.cart.pendingItem).toBeUndefined();

    const oil = { type: 'oil', productId: 8, attributeId: 82, quantity: 1 } as const;
    // Oil goes only to BT1 to BT20.
    const refused = await createFakeCartApi({ showPostcodeModal: true, pending: oil }).setPostcode(
      'BT47 1AA',
    );
    expect(refused).toMatchObject({ code: 200, message: messages.postcode.set });
    expect(refused.cart).toMatchObject({ count: 0, warnings: [messages.cart.cannotDeliver] });
    expect(refused.cart.pendingItem).toBeUndefined();
  });

  it('refuses an add the API would refuse as a bad request', async () => {
    const api = createFakeCartApi({ postcode: 'BT11AA' });
    expect(await api.add({ ...houseCoal, quantity: 21 })).toMatchObject({
      code: 400,
      errors: [messages.cart.quantityInvalid(1, 20)],
    });
  });
});
