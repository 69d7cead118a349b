/**
 * Customer accounts (issue 16): the session actor, the account forms and their machines, the
 * API calls, the redirect rules and the texts.
 */
export { authTexts } from './texts';
export { verifyTexts } from './verifyTexts';
export * from './paths';
/**
 * The redirect rules (`safeRedirect`, `loginPathFor`, `callbackPathFor`, `afterLogin`), loaded on
 * demand: they use the shared auth rules, whose module brings the account schemas and yup, and
 * the route table is part of every page's first load. Only a redirect being worked out loads them.
 */
export const redirectRules = () => import('./redirect');
export * from './authApi';
export {
  authMachine,
  currentUser,
  isSettled,
  FETCH_ME,
  SIGN_IN,
  SIGN_OUT,
  type AuthActorRef,
  type AuthContext,
  type AuthEvent,
  type AuthInput,
  type AuthMachine,
  type AuthSnapshot,
} from './authMachine';
export {
  createAuthFormMachine,
  AuthFormInvalidError,
  SUBMIT,
  VALIDATE,
  type AuthFormActorRef,
  type AuthFormContext,
  type AuthFormEvent,
  type FormValues,
} from './authFormMachine';
export {
  forgotMachine,
  loginMachine,
  registerMachine,
  resetMachine,
  verifyEmailMachine,
} from './formMachines';
export {
  createBrowserSession,
  createSession,
  SessionProvider,
  settledUser,
  signInThroughSession,
  useSession,
  useSessionEffects,
  useSessionUser,
} from './session';
export {
  ForgotForm,
  LoginForm,
  RegisterForm,
  ResetForm,
  VerifyEmailForm,
  type AuthFormProps,
} from './AuthForms';
export { authIntents } from './intents';
export { fullNameOf, type SessionUser } from './types';
