import { useLoaderData, useNavigate } from 'react-router-dom';
import { Link, Text } from '../../../ui';
import {
  authTexts,
  LOGIN_PATH,
  RegisterForm,
  registerMachine,
  redirectRules,
  useSession,
} from '../../features/auth';
import { AccountPageFrame } from './AccountPageFrame';
import type { GuestPageData } from './LoginPage';
import { useAuthForm } from './useAuthForm';

/** /user/register: a new account signs the visitor in, then returns to where they were going. */
export default function RegisterPage() {
  const { redirect } = useLoaderData() as GuestPageData;
  const navigate = useNavigate();
  const session = useSession();
  const actor = useAuthForm(registerMachine, (answer) => {
    if (answer.user) session.send({ type: 'SIGNED_IN', user: answer.user });
    void redirectRules().then(({ callbackPathFor }) =>
      navigate(callbackPathFor(redirect), { replace: true }),
    );
  });
  const loginHref = redirect
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`
    : LOGIN_PATH;
  return (
    <AccountPageFrame title={authTexts.register.pageTitle} intro={authTexts.register.description}>
      <RegisterForm actor={actor} />
      <Text>
        {authTexts.register.loginPrompt}{' '}
        <Link href={loginHref}>{authTexts.register.loginLink}</Link>
      </Text>
    </AccountPageFrame>
  );
}
