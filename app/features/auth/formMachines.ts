import {
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
  validateVerifyEmail,
} from '../../../api/domain/auth';
import { postForgot, postLogin, postRegister, postReset, postVerifyEmail } from './authApi';
import { createAuthFormMachine, type AuthFormActorRef } from './authFormMachine';

/**
 * The account forms' machines: the same statechart (authFormMachine.ts), each with its
 * fields, the shared schema's check and its API call. The login form's call is replaced in the
 * app by one that goes through the session actor (`signInThroughSession`), so the header follows.
 */
export interface LoginValues extends Record<string, string> {
  email: string;
  password: string;
}
export interface RegisterValues extends Record<string, string> {
  fullName: string;
  email: string;
  password: string;
}
export interface ForgotValues extends Record<string, string> {
  email: string;
}
export interface ResetValues extends Record<string, string> {
  token: string;
  password: string;
}
export interface VerifyEmailValues extends Record<string, string> {
  token: string;
  password: string;
}

export const loginMachine = createAuthFormMachine<LoginValues>({
  id: 'loginForm',
  empty: { email: '', password: '' },
  validate: validateLogin,
  submit: (values, signal) => postLogin({ email: values.email, password: values.password }, signal),
});

export const registerMachine = createAuthFormMachine<RegisterValues>({
  id: 'registerForm',
  empty: { fullName: '', email: '', password: '' },
  validate: validateRegister,
  submit: (values, signal) =>
    postRegister(
      { fullName: values.fullName, email: values.email, password: values.password },
      signal,
    ),
});

export const forgotMachine = createAuthFormMachine<ForgotValues>({
  id: 'forgotForm',
  empty: { email: '' },
  validate: validateForgotPassword,
  submit: (values, signal) => postForgot({ email: values.email }, signal),
});

export const resetMachine = createAuthFormMachine<ResetValues>({
  id: 'resetForm',
  empty: { token: '', password: '' },
  validate: validateResetPassword,
  submit: (values, signal) => postReset({ token: values.token, password: values.password }, signal),
});

/**
 * The page an e-mailed confirmation link opens: its button sends the link's token with the
 * password chosen with it (a POST; the GET that opened the page changes nothing, as mail scanners
 * open links). A link confirms only with its own password (issue 46).
 */
export const verifyEmailMachine = createAuthFormMachine<VerifyEmailValues>({
  id: 'verifyEmailForm',
  empty: { token: '', password: '' },
  validate: validateVerifyEmail,
  submit: (values, signal) =>
    postVerifyEmail({ token: values.token, password: values.password }, signal),
});

export type { AuthFormActorRef };
