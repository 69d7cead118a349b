import { useState } from 'react';
import { Link, Notice } from '../../../ui';
import { authIntents, authTexts, ForgotForm, forgotMachine, LOGIN_PATH } from '../../features/auth';
import { usePageAction } from '../../features/forms';
import { AccountPageFrame } from './AccountPageFrame';
import { useAuthForm, useKeptValues } from './useAuthForm';

/** /user/password-forgot: the same answer whether or not an account uses the address. */
export default function PasswordForgotPage() {
  const [sent, setSent] = useState<string | null>(null);
  const action = usePageAction();
  const kept = useKeptValues(authIntents.forgot, ['email']);
  const actor = useAuthForm(
    forgotMachine,
    (answer) => setSent(answer.message || authTexts.forgot.sent),
    kept,
  );
  return (
    <AccountPageFrame title={authTexts.forgot.pageTitle} intro={authTexts.forgot.intro}>
      {sent ? (
        <Notice variant="success" role="status">
          {sent}
        </Notice>
      ) : (
        <ForgotForm actor={actor} action={action} />
      )}
      <Link href={LOGIN_PATH}>{authTexts.forgot.backToLogin}</Link>
    </AccountPageFrame>
  );
}
