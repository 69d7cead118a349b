import * as yup from 'yup';
import { isUkPhone } from './checkout';
import { isWellFormedEmail } from './enquiry';
import { messages } from './messages';
import { normalisePostcode, validatePostcode } from './postcode';
import { singleLine } from './text';

/**
 * Customer accounts (issue 16): the forms' rules, one module for the browser (instant feedback)
 * and the API (the authority), with the same messages. Pure: no Node, Koa or database.
 *
 * The API adds one rule the browser cannot check without the list: a new password must not be one
 * of the 1,000 most common (api/services/auth/passwordPolicy.ts, messages.auth.passwordTooCommon).
 */

/** The signed-in customer as the API answers it (`user`) and as the SSR hands it to the app. */
export interface SessionUser {
  id: string;
  fullName: string;
  /** Lower-cased. */
  email: string;
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  town: string | null;
  /** Normalised ("BT11AA"), or null. */
  postcode: string | null;
  /** 'customer' (or 'staff' for the back office). */
  role: string;
}

/** The address a live confirmation link proves, shown on the page the link opens (issue 46). */
export interface PendingConfirmation {
  email: string;
  /** A new account's link, or an e-mail change's. */
  purpose: 'register' | 'change_email';
}

/** New passwords: at least 8 and at most 128 characters (code points), no composition rules. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** The most each text field may hold (for `maxLength` on the inputs too). */
export const authMaxLengths = {
  fullName: 200,
  email: 254,
  phone: 30,
  addressLine1: 200,
  addressLine2: 200,
  town: 100,
  postcode: 10,
  /** A reset token is 43 characters; anything much longer is not one. */
  token: 200,
} as const;

const m = messages.auth;
const labels = m.labels;

/** Trimmed text; anything that is not text reads as empty (so it gets the "required" message). */
function text(max: number, label: string) {
  return singleLine(
    yup
      .string()
      .transform((_value: unknown, original: unknown) =>
        typeof original === 'string' ? original.trim() : '',
      )
      .default('')
      .max(max, m.tooLong(label, max)),
    { lineBreak: m.oneLine(label), disallowed: m.disallowedCharacters(label) },
  );
}

/** The e-mail address, trimmed and lower-cased (how accounts are keyed). */
const email = () =>
  text(authMaxLengths.email, labels.email)
    .transform((value: string) => value.toLowerCase())
    .required(m.emailRequired)
    .test('well-formed', m.emailInvalid, (value) => !value || isWellFormedEmail(value));

/** A password as typed: never trimmed (spaces count); anything not text reads as empty. */
function passwordField(requiredMessage: string) {
  return yup
    .string()
    .transform((_value: unknown, original: unknown) =>
      typeof original === 'string' ? original : '',
    )
    .default('')
    .required(requiredMessage);
}

/** Length in characters as people count them (code points, so an emoji is one). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** A new password: the length rules (the API also refuses the common ones). */
const newPassword = () =>
  passwordField(m.passwordRequired)
    .test(
      'min',
      m.passwordTooShort(passwordMinLength),
      (value) => !value || passwordLength(value) >= passwordMinLength,
    )
    .test(
      'max',
      m.passwordTooLong(passwordMaxLength),
      (value) => !value || passwordLength(value) <= passwordMaxLength,
    );

/** POST /api/auth/local. */
export const loginSchema = yup.object({
  email: email(),
  password: passwordField(m.passwordRequired),
});

/** POST /api/auth/local/register. */
export const registerSchema = yup.object({
  fullName: text(authMaxLengths.fullName, labels.fullName).required(m.fullNameRequired),
  email: email(),
  password: newPassword(),
});

/** POST /api/auth/forgot-password. */
export const forgotPasswordSchema = yup.object({ email: email() });

/** POST /api/auth/reset-password (the token comes from the link's `?token=`). */
export const resetPasswordSchema = yup.object({
  token: text(authMaxLengths.token, 'Token').required(m.tokenRequired),
  password: newPassword(),
});

/** POST /api/auth/verify-email (the token comes from the link's `?token=`; issue 46). */
export const verifyEmailSchema = yup.object({
  token: text(authMaxLengths.token, 'Token').required(m.verifyTokenRequired),
  /** The link's own password: the registration's, or the account's for a change of address. */
  password: passwordField(m.passwordRequired),
});

/** POST /api/auth/change-password. */
export const changePasswordSchema = yup.object({
  currentPassword: passwordField(m.currentPasswordRequired),
  password: newPassword(),
});

/** DELETE /api/users/me. */
export const deleteAccountSchema = yup.object({
  currentPassword: passwordField(m.currentPasswordRequired),
});

const optional = (field: keyof typeof authMaxLengths & keyof typeof labels) =>
  text(authMaxLengths[field], labels[field]);

/**
 * PATCH /api/users/me: the account form. Name and e-mail are required; phone and address are
 * optional (they pre-fill checkout). `currentPassword` is needed only when the e-mail changes (the
 * API checks that; the form shows the field when the e-mail differs).
 */
export const accountSchema = yup.object({
  fullName: text(authMaxLengths.fullName, labels.fullName).required(m.fullNameRequired),
  email: email(),
  phone: optional('phone').test('uk-phone', m.phoneInvalid, (value) => !value || isUkPhone(value)),
  addressLine1: optional('addressLine1'),
  addressLine2: optional('addressLine2'),
  town: optional('town'),
  postcode: optional('postcode').test('postcode', messages.postcode.invalidModal, (value) =>
    value ? validatePostcode(value, 'modal') === null : true,
  ),
  currentPassword: yup
    .string()
    .transform((_value: unknown, original: unknown) =>
      typeof original === 'string' ? original : '',
    )
    .default(''),
});

export type LoginForm = yup.InferType<typeof loginSchema>;
export type RegisterForm = yup.InferType<typeof registerSchema>;
export type ForgotPasswordForm = yup.InferType<typeof forgotPasswordSchema>;
export type ResetPasswordForm = yup.InferType<typeof resetPasswordSchema>;
export type VerifyEmailForm = yup.InferType<typeof verifyEmailSchema>;
export type ChangePasswordForm = yup.InferType<typeof changePasswordSchema>;
export type DeleteAccountForm = yup.InferType<typeof deleteAccountSchema>;

/** The account form, validated: empty optional fields are null, the postcode normalised. */
export interface AccountForm {
  fullName: string;
  email: string;
  phone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  town: string | null;
  postcode: string | null;
  currentPassword: string;
}

export type AuthValidation<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** One message per failing field, in the form's order. */
      errors: string[];
      /** The same messages by field. */
      fieldErrors: Record<string, string>;
    };

/** Validates anything a client sent against one of the schemas above. */
export function validateAuthForm<S extends yup.AnyObjectSchema>(
  schema: S,
  input: unknown,
): AuthValidation<yup.InferType<S>> {
  const candidate =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  try {
    const value = schema.validateSync(candidate, {
      abortEarly: false,
      stripUnknown: true,
    }) as yup.InferType<S>;
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = failure.path ?? '';
      fieldErrors[field] ??= failure.errors[0] ?? failure.message;
    }
    const ordered: Record<string, string> = {};
    for (const field of Object.keys(schema.fields)) {
      const message = fieldErrors[field];
      if (message !== undefined) ordered[field] = message;
    }
    return { ok: false, errors: Object.values(ordered), fieldErrors: ordered };
  }
}

export const validateLogin = (input: unknown) => validateAuthForm(loginSchema, input);
export const validateRegister = (input: unknown) => validateAuthForm(registerSchema, input);
export const validateForgotPassword = (input: unknown) =>
  validateAuthForm(forgotPasswordSchema, input);
export const validateResetPassword = (input: unknown) =>
  validateAuthForm(resetPasswordSchema, input);
export const validateVerifyEmail = (input: unknown) => validateAuthForm(verifyEmailSchema, input);
export const validateChangePassword = (input: unknown) =>
  validateAuthForm(changePasswordSchema, input);
export const validateDeleteAccount = (input: unknown) =>
  validateAuthForm(deleteAccountSchema, input);

/** The account form: empty optional fields come out as null, the postcode normalised. */
export function validateAccount(input: unknown): AuthValidation<AccountForm> {
  const result = validateAuthForm(accountSchema, input);
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: {
      fullName: v.fullName,
      email: v.email,
      phone: v.phone || null,
      addressLine1: v.addressLine1 || null,
      addressLine2: v.addressLine2 || null,
      town: v.town || null,
      postcode: v.postcode ? normalisePostcode(v.postcode) : null,
      currentPassword: v.currentPassword,
    },
  };
}

/** The longest `?redirect=` target followed; a longer one is refused. */
export const maxRedirectLength = 2000;

/** Where a target is resolved to see what a browser would make of it. Never sent anywhere. */
const resolveBase = 'http://redirect.invalid';

/**
 * A path that a browser can only read as one on this site: one leading "/", never "//" or "/\\"
 * (another host), no backslash (browsers read it as "/"), and no control character (a browser
 * drops tabs and newlines, so "/\t/evil" is "//evil").
 */
function isPlainLocalPath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !/[\p{Cc}\\]/u.test(value)
  );
}

/**
 * A `?redirect=` target that is safe to follow: a local path ("/order", "/order/x?y=1"), never
 * another site ("//evil.example", "https://…", "/\\evil"). Null when it is not one.
 *
 * What comes back is the path as a browser resolves it ("/./", "/../" and their encoded forms
 * "%2e" resolved, other characters percent-encoded), and that value, the one that is sent, is
 * checked again: "/.//evil.example" and "/%2e%2e//evil.example" resolve to "//evil.example",
 * another host, so they are refused.
 */
export function localRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > maxRedirectLength) return null;
  if (!isPlainLocalPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, resolveBase);
  } catch {
    return null;
  }
  if (url.origin !== resolveBase) return null;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return resolved.length <= maxRedirectLength && isPlainLocalPath(resolved) ? resolved : null;
}
