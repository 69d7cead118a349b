import { useState } from 'react';
import { Link, Notice } from '../../../ui';
import { authTexts, ForgotForm, forgotMachine, LOGIN_PATH } from '../../features/auth';
import { AccountPageFrame } from './AccountPageFrame';
import { useAuthForm } from './useAuthForm';

/** /user/password-forgot: the same answer whether or not an account uses the address. */
export default function PasswordForgotPage() {
  const [sent, setSent] = useState<string | null>(null);
  const actor = useAuthForm(forgotMachine, (answer) =>
    setSent(answer.message || authTexts.forgot.sent),
  );
  return (
    <AccountPageFrame title={authTexts.forgot.pageTitle} intro={authTexts.forgot.intro}>
      {sent ? (
        <Notice variant="success" role="status">
          {sent}
        </Notice>
      ) : (
        <ForgotForm actor={actor} />
      )}
      <Link href={LOGIN_PATH}>{authTexts.forgot.backToLogin}</Link>
    </AccountPageFrame>
  );
}
