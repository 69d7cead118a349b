import { useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { Link, Notice, Text } from '../../../ui';
import {
  authIntents,
  authTexts,
  LOGIN_PATH,
  RegisterForm,
  registerMachine,
} from '../../features/auth';
import { usePageAction } from '../../features/forms';
import { AccountPageFrame } from './AccountPageFrame';
import type { GuestPageData } from './LoginPage';
import { useAuthForm, useKeptValues } from './useAuthForm';

/**
 * /user/register: the shop answers "check your email" whatever the address, and signs nobody in:
 * the account is usable once the link e-mailed to the address is followed (/user/verify-email).
 */
export default function RegisterPage() {
  const { redirect } = useLoaderData() as GuestPageData;
  const [sent, setSent] = useState<string | null>(null);
  const action = usePageAction();
  const kept = useKeptValues(authIntents.register, ['fullName', 'email']);
  const actor = useAuthForm(registerMachine, (answer) => setSent(answer.message), kept);
  const loginHref = redirect
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`
    : LOGIN_PATH;
  return (
    <AccountPageFrame title={authTexts.register.pageTitle} intro={authTexts.register.description}>
      {sent ? (
        <>
          <Notice variant="success" role="status">
            {sent}
          </Notice>
          <Text>{authTexts.register.nextSteps}</Text>
        </>
      ) : (
        <RegisterForm actor={actor} action={action} />
      )}
      <Text>
        {authTexts.register.loginPrompt}{' '}
        <Link href={loginHref}>{authTexts.register.loginLink}</Link>
      </Text>
    </AccountPageFrame>
  );
}
