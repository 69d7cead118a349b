import { describe, expect, it } from 'vitest';
import { currentSection } from './AdminFrame';
import {
  districtsText,
  formatWhen,
  londonDate,
  mailtoHref,
  pencePerLitre,
  prettyJson,
} from './format';

describe('londonDate (the deliveries CSV default)', () => {
  it('is the UK calendar date, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(londonDate(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    // In winter the UK is on UTC.
    expect(londonDate(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01-31');
  });
});

describe('formatWhen', () => {
  it('shows UK time', () => {
    expect(formatWhen('2025-06-30T23:30:00Z')).toBe('1 Jul 2025, 00:30');
  });

  it('leaves nothing empty and anything unreadable as it is', () => {
    expect(formatWhen(null)).toBe('');
    expect(formatWhen('not a date')).toBe('not a date');
  });
});

describe('small formats', () => {
  it('districts in upper case, separated by commas', () => {
    expect(districtsText(['bt1', 'bt71'])).toBe('BT1, BT71');
    expect(districtsText([])).toBe('');
  });

  it('pence per litre, to one decimal place', () => {
    expect(pencePerLitre(32_550, 500)).toBe('65.1p');
    expect(pencePerLitre(32_550, null)).toBeNull();
    expect(pencePerLitre(32_550, 0)).toBeNull();
  });

  it('a reply link with its subject encoded', () => {
    expect(mailtoHref('ann@example.com', 'Re: your enquiry to Fuelyard')).toBe(
      'mailto:ann@example.com?subject=Re%3A%20your%20enquiry%20to%20Fuelyard',
    );
    expect(mailtoHref("o'neill+fuel@example.ie", 'Hi')).toBe(
      "mailto:o'neill%2Bfuel@example.ie?subject=Hi",
    );
  });

  it('a reply link whose address cannot add recipients, headers or a body', () => {
    const href = mailtoHref('a?cc=spy%40evil.example&body=hi@fuelyard.example', 'Re: x');
    expect(href).toBe(
      'mailto:a%3Fcc%3Dspy%2540evil.example%26body%3Dhi@fuelyard.example?subject=Re%3A%20x',
    );
    for (const address of [
      'a?cc=spy%40evil.example&body=hi@fuelyard.example',
      'a@x.example?bcc=spy@evil.example',
      'a@x.example,spy@evil.example',
      'a@x.example#?cc=spy@evil.example',
      'a@x.example\r\nCc: spy@evil.example',
    ]) {
      const url = new URL(mailtoHref(address, 'Re: x'));
      // One recipient, exactly the address; the only header is the subject.
      expect(decodeURIComponent(url.pathname)).toBe(address);
      expect([...url.searchParams.keys()]).toEqual(['subject']);
      expect(url.hash).toBe('');
    }
  });

  it('JSON indented, null for nothing', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('null');
    expect(prettyJson(undefined)).toBe('null');
  });
});

describe('the navigation marks the current section', () => {
  it.each<[string, string | null]>([
    ['/admin', '/admin'],
    ['/admin/orders', '/admin/orders'],
    ['/admin/orders/0b7e', '/admin/orders'],
    ['/admin/products/3', '/admin/products'],
    ['/admin/audit', '/admin/audit'],
    ['/admin/ordersx', null],
  ])('%s is in %s', (path, section) => {
    expect(currentSection(path)).toBe(section);
  });
});
