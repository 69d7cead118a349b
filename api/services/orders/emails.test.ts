import { describe, expect, it } from 'vitest';
import { declarationAnswer } from '../../domain/order';
import { site } from '../../domain/site';
import { renderOutForDelivery, renderRefunded } from '../admin/emails';
import {
  orderLink,
  renderNewOrderNotice,
  renderOrderConfirmation,
  type EmailOrder,
} from './emails';

const order: EmailOrder = {
  id: '3f0c1e9a-6b1d-4a53-9a3e-1c2d3e4f5a6b',
  number: 'FY-100042',
  createdAt: new Date('2025-11-03T10:00:00Z'),
  paidAt: new Date('2025-11-03T10:05:00Z'),
  fullName: 'Ciara <McAllister>',
  email: 'ciara@example.com',
  phone: '028 9032 1234',
  addressLine1: '7 Donegall Square',
  addressLine2: null,
  town: 'Belfast',
  // Stored as checkout normalised it.
  postcode: 'BT11AA',
  tankLocation: 'Behind the garage',
  tankAccess: 'Gate <code> 1234',
  instructions: 'Ring & the bell "loudly"',
  domesticUse: false,
  subtotal: 30500,
  deliveryCharge: 600,
  vatAdjustment: 0,
  vatTotal: 1481,
  total: 31100,
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '500 Litres',
      unitPrice: 30500,
      quantity: 1,
      lineTotal: 30500,
      vatRate: 500,
      vatAmount: 1452,
    },
  ],
};

const link = `https://shop.example/order/${order.id}?token=abc_DEF-123`;

describe('order e-mails', () => {
  it('give the booked delivery day as what happens next, or the call to arrange one', () => {
    const booked = renderOrderConfirmation({ ...order, deliveryDay: '2025-11-05' }, link, site);
    for (const part of [booked.text, booked.html]) {
      expect(part).toContain(
        'we deliver on Wednesday 5 November 2025, and will call you if anything changes.',
      );
      expect(part).not.toContain('to arrange a delivery day');
    }
    const unbooked = renderOrderConfirmation(order, link, site);
    expect(unbooked.text).toContain('we will call you to arrange a delivery day.');
  });

  it('confirm the order to the customer: number, lines, VAT, total, address and the link', () => {
    const mail = renderOrderConfirmation(order, link, site);
    expect(mail.subject).toBe('Fuelyard order FY-100042 confirmed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('FY-100042');
      expect(part).toContain('Kerosene Heating Oil (500 Litres)');
      expect(part).toContain('£311.00');
      expect(part).toContain('£6.00');
      expect(part).toContain('Includes VAT at 5%');
      expect(part).toContain('£14.81');
      expect(part).toContain('BT1 1AA');
      expect(part).not.toContain('BT11AA');
      expect(part).toContain(site.vatNumber);
      expect(part).toContain('3 November 2025');
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escape what the customer typed in the HTML part', () => {
    const mail = renderOrderConfirmation(order, link, site);
    expect(mail.html).toContain('Ciara &lt;McAllister&gt;');
    expect(mail.html).toContain('Ring &amp; the bell &quot;loudly&quot;');
    expect(mail.html).toContain('<strong>Access for the tanker:</strong> Gate &lt;code&gt; 1234');
    expect(mail.html).not.toContain('<McAllister>');
    expect(mail.text).toContain('Ciara <McAllister>');
  });

  it('show the 20% adjustment as its own line when there is one', () => {
    const mail = renderOrderConfirmation({ ...order, vatAdjustment: 4357 }, link, site);
    expect(mail.text).toContain('VAT at the standard rate (20%) adjustment: £43.57');
  });

  it('tell the shop about the order, without the customer\u2019s access link', () => {
    const mail = renderNewOrderNotice(order, site);
    expect(mail.subject).toBe('New order FY-100042: £311.00');
    expect(mail.text).toContain('ciara@example.com');
    expect(mail.text).toContain('028 9032 1234');
    // What the driver needs: the tank, its access and the instructions, each on its own line.
    expect(mail.text).toContain(
      '\nOil tank: Behind the garage\nAccess for the tanker: Gate <code> 1234\nDelivery instructions: Ring & the bell "loudly"\n',
    );
    expect(mail.text).not.toContain('token=');
    expect(mail.html).not.toContain('token=');
    // An order from before days were booked: staff are told to arrange one.
    expect(mail.text).toContain('Delivery day: To be arranged (call the customer)');
  });

  it('tell the shop the booked delivery day, and when it is the priority service (issue 47)', () => {
    const booked = renderNewOrderNotice({ ...order, deliveryDay: '2026-12-10' }, site);
    expect(booked.text).toContain('\nDelivery day: Thursday 10 December 2026\n');
    expect(booked.html).toContain('<strong>Delivery day:</strong> Thursday 10 December 2026');
    const priority = renderNewOrderNotice(
      { ...order, deliveryDay: '2026-12-04', prioritySurcharge: 2500 },
      site,
    );
    expect(priority.text).toContain('Delivery day: Friday 4 December 2026 (priority)');
  });
});

describe('the back office\u2019s e-mails to the customer', () => {
  it('out for delivery: the order\u2019s link (as the confirmation has it), the postcode spaced', () => {
    const url = orderLink('https://shop.example', order.id, 'abc_DEF-123');
    expect(url).toBe(link);
    const mail = renderOutForDelivery(order, url, site);
    expect(mail.subject).toBe('Fuelyard order FY-100042 is out for delivery');
    expect(mail.text).toContain(`View your order and receipt: ${link}`);
    expect(mail.html).toContain(`<a href="${link}">View your order and receipt</a>`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('BT1 1AA');
      expect(part).not.toContain('BT11AA');
    }
  });

  it('a partial refund says how much came back', () => {
    const mail = renderRefunded(
      order,
      { amount: 1000, full: false, before: 'delivered', paid: order.total },
      site,
    );
    expect(mail.subject).toBe('Fuelyard order FY-100042: refund of £10.00');
    expect(mail.text).toContain('We have refunded £10.00 of your order FY-100042.');
  });

  it('all of the money back before the order went out: the order is cancelled', () => {
    for (const before of ['paid', 'needs_review'] as const) {
      const mail = renderRefunded(order, { amount: 31100, full: true, before, paid: 31100 }, site);
      expect(mail.text).toContain(
        'We have refunded £311.00 for your order FY-100042, and the order is cancelled.',
      );
    }
  });

  it('all of the money back once the order went out or was delivered: never "cancelled"', () => {
    for (const before of ['out_for_delivery', 'delivered'] as const) {
      const whole = renderRefunded(order, { amount: 31100, full: true, before, paid: 31100 }, site);
      expect(whole.text).toContain(
        'We have refunded the whole £311.00 you paid for your order FY-100042.',
      );
      const rest = renderRefunded(order, { amount: 30100, full: true, before, paid: 31100 }, site);
      expect(rest.text).toContain(
        'We have refunded £301.00 of your order FY-100042. With the earlier refunds, all of the £311.00 you paid has now been refunded.',
      );
      for (const mail of [whole, rest]) {
        expect(mail.text).not.toContain('cancelled');
        expect(mail.html).not.toContain('cancelled');
      }
    }
  });
});

describe('the domestic-use declaration is shown only where checkout asked for it', () => {
  const row = 'Domestic-use declaration';

  it('is not asked within the automatic limits (no 20 % adjustment, not declared)', () => {
    expect(declarationAnswer({ domesticUse: false, vatAdjustment: 0 })).toBeNull();
    const mail = renderNewOrderNotice(order, site);
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
