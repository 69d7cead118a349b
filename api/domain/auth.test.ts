import { describe, expect, it } from 'vitest';
import {
  localRedirectPath,
  validateAccount,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './auth';
import { messages } from './messages';

const m = messages.auth;

describe('the account forms (shared by the browser and the API)', () => {
  it('login: e-mail trimmed and lower-cased; the password kept as typed', () => {
    expect(validateLogin({ email: ' Ann@Example.COM ', password: ' pass word ' })).toEqual({
      ok: true,
      value: { email: 'ann@example.com', password: ' pass word ' },
    });
    expect(validateLogin({ email: 'nope', password: 7 })).toEqual({
      ok: false,
      errors: [m.emailInvalid, m.passwordRequired],
      fieldErrors: { email: m.emailInvalid, password: m.passwordRequired },
    });
    expect(validateLogin(null)).toMatchObject({
      ok: false,
      errors: [m.emailRequired, m.passwordRequired],
    });
  });

  it('register: 8 to 128 characters, counted as people count them, no composition rules', () => {
    const base = { fullName: 'Ann Lee', email: 'ann@example.com' };
    expect(validateRegister({ ...base, password: 'abcdefgh' }).ok).toBe(true);
    expect(validateRegister({ ...base, password: '🔥🔥🔥🔥🔥🔥🔥' })).toMatchObject({
      ok: false,
      fieldErrors: { password: m.passwordTooShort(8) },
    });
    expect(validateRegister({ ...base, password: '🔥'.repeat(128) }).ok).toBe(true);
    expect(validateRegister({ ...base, password: 'a'.repeat(129) })).toMatchObject({
      fieldErrors: { password: m.passwordTooLong(128) },
    });
    expect(validateRegister({ ...base, fullName: 'Ann\nLee', password: 'abcdefgh' })).toMatchObject(
      { fieldErrors: { fullName: m.oneLine(m.labels.fullName) } },
    );
  });

  it('reset: the token is required', () => {
    expect(validateResetPassword({ password: 'abcdefgh' })).toMatchObject({
      errors: [m.tokenRequired],
    });
  });

  it('account: optional fields come out null, the postcode normalised, the phone checked', () => {
    expect(
      validateAccount({
        fullName: 'Ann',
        email: 'ann@example.com',
        postcode: 'bt1 1aa',
        phone: '',
      }),
    ).toEqual({
      ok: true,
      value: {
        fullName: 'Ann',
        email: 'ann@example.com',
        phone: null,
        addressLine1: null,
        addressLine2: null,
        town: null,
        postcode: 'BT11AA',
        currentPassword: '',
      },
    });
    expect(
      validateAccount({ fullName: 'Ann', email: 'ann@example.com', phone: '123' }),
    ).toMatchObject({ fieldErrors: { phone: m.phoneInvalid } });
  });

  it('a redirect target is only ever a local path', () => {
    expect(localRedirectPath('/order')).toBe('/order');
    expect(localRedirectPath('/order/1?x=2#y')).toBe('/order/1?x=2#y');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'order',
      '',
      undefined,
      ['/order'],
    ]) {
      expect(localRedirectPath(bad)).toBeNull();
    }
  });
});
