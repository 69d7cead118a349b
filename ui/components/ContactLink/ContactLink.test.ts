import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './ContactLink';

describe('telHref', () => {
  it.each([
    ['028 9649 6010', 'tel:+442896496010'],
    ['028 9649 6020', 'tel:+442896496020'],
    ['(028) 9649-6010', 'tel:+442896496010'],
    ['07700 900123', 'tel:+447700900123'],
    ['+44 28 9649 6010', 'tel:+442896496010'],
    ['0044 28 9649 6010', 'tel:+442896496010'],
    ['00353 1 234 5678', 'tel:+35312345678'],
    ['  028 9649 6010 ', 'tel:+442896496010'],
  ])('turns %s into %s', (input, expected) => {
    expect(telHref(input)).toBe(expected);
  });

  it('keeps short codes as they are', () => {
    expect(telHref('999')).toBe('tel:999');
  });

  it('drops stray plus signs after the first', () => {
    expect(telHref('+44+28 9649 6010')).toBe('tel:+442896496010');
  });
});

describe('mailtoHref', () => {
  it('prefixes mailto: and trims', () => {
    expect(mailtoHref(' info@fuelyard.co.uk ')).toBe('mailto:info@fuelyard.co.uk');
  });
});
