import { describe, expect, it } from 'vitest';
import { declarationAnswer } from '../../domain/order';
import { site } from '../../domain/site';
import { renderNewOrderNotice, type EmailOrder } from './emails';

const order: EmailOrder = {
  id: '3f0c1e9a-6b1d-4a53-9a3e-1c2d3e4f5a6b',
  number: 'FY-100043',
  createdAt: new Date('2025-11-03T10:00:00Z'),
  paidAt: new Date('2025-11-03T10:05:00Z'),
  fullName: 'Ciara McAllister',
  email: 'ciara@example.com',
  phone: '028 9032 1234',
  addressLine1: '7 Donegall Square',
  addressLine2: null,
  town: 'Belfast',
  postcode: 'BT1 1AA',
  instructions: null,
  domesticUse: false,
  subtotal: 160500,
  deliveryCharge: 0,
  vatAdjustment: 0,
  vatTotal: 7643,
  total: 160500,
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '900 Litres',
      unitPrice: 53500,
      quantity: 3,
      lineTotal: 160500,
      vatRate: 500,
      vatAmount: 7643,
    },
  ],
};

const row = 'Domestic-use declaration';

describe('the domestic-use declaration is shown only where checkout asked for it', () => {
  it('is not asked within the automatic limits (no 20 % adjustment, not declared)', () => {
    expect(declarationAnswer({ domesticUse: false, vatAdjustment: 0 })).toBeNull();
    const mail = renderNewOrderNotice({ ...order, total: 19200, subtotal: 19200 }, site);
    expect(mail.text).not.toContain(row);
    expect(mail.html).not.toContain(row);
  });

  it('shows No for an order charged at 20 % without it', () => {
    expect(declarationAnswer({ domesticUse: false, vatAdjustment: 22929 })).toBe(false);
    const mail = renderNewOrderNotice({ ...order, vatAdjustment: 22929, total: 183429 }, site);
    expect(mail.text).toContain(`${row}: No`);
    expect(mail.html).toContain(`<strong>${row}:</strong> No`);
  });

  it('shows Yes for a declared order', () => {
    expect(declarationAnswer({ domesticUse: true, vatAdjustment: 0 })).toBe(true);
    const mail = renderNewOrderNotice({ ...order, domesticUse: true }, site);
    expect(mail.text).toContain(`${row}: Yes`);
  });
});
