import { useMemo } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { Link, Text } from '../../../ui';
import { usePageAction } from '../../features/forms';
import {
  authIntents,
  authTexts,
  FORGOT_PATH,
  LoginForm,
  loginMachine,
  redirectRules,
  REGISTER_PATH,
  signInThroughSession,
  useSession,
} from '../../features/auth';
import { AccountPageFrame } from './AccountPageFrame';
import { useAuthForm, useKeptValues } from './useAuthForm';

export interface GuestPageData {
  /** Where to go after logging in (a safe local path), if anywhere. */
  redirect: string | null;
}

/** /user/login: the login form; afterwards the auth callback returns to where the visitor was going. */
export default function LoginPage() {
  const { redirect } = useLoaderData() as GuestPageData;
  const navigate = useNavigate();
  const session = useSession();
  const machine = useMemo(
    () => loginMachine.provide({ actors: { submit: signInThroughSession(session) } }),
    [session],
  );
  const action = usePageAction();
  const kept = useKeptValues(authIntents.login, ['email']);
  const actor = useAuthForm(
    machine,
    () => {
      void redirectRules().then(({ callbackPathFor }) =>
        navigate(callbackPathFor(redirect), { replace: true }),
      );
    },
    kept,
  );
  const registerHref = redirect
    ? `${REGISTER_PATH}?redirect=${encodeURIComponent(redirect)}`
    : REGISTER_PATH;
  return (
    <AccountPageFrame title={authTexts.login.pageTitle} intro={authTexts.login.description}>
      <LoginForm
        actor={actor}
        action={action}
        footer={<Link href={FORGOT_PATH}>{authTexts.login.forgotLink}</Link>}
      />
      <Text>
        {authTexts.login.registerPrompt}{' '}
        <Link href={registerHref}>{authTexts.login.registerLink}</Link>
      </Text>
    </AccountPageFrame>
  );
}
