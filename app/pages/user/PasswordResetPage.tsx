import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { Link, Notice, useToasts } from '../../../ui';
import { authTexts, FORGOT_PATH, LOGIN_PATH, ResetForm, resetMachine } from '../../features/auth';
import { useTokenOutOfAddress } from '../useTokenOutOfAddress';
import { AccountPageFrame } from './AccountPageFrame';
import { useActionWithoutToken, useAuthForm } from './useAuthForm';

export interface ResetPageData {
  token: string | null;
}

/** /user/password-reset?token=…: a new password, then log in with it. */
export default function PasswordResetPage() {
  const loaded = (useLoaderData() as ResetPageData).token;
  // Kept for this page, then taken out of the address (the page's loader then finds none).
  const [token] = useState(loaded);
  useTokenOutOfAddress(loaded);
  const navigate = useNavigate();
  const toaster = useToasts();
  const action = useActionWithoutToken();
  const actor = useAuthForm(
    resetMachine,
    (answer) => {
      toaster.success(answer.message || authTexts.reset.done);
      void navigate(LOGIN_PATH, { replace: true });
    },
    { token: token ?? '' },
  );
  return (
    <AccountPageFrame title={authTexts.reset.pageTitle} intro={authTexts.reset.description}>
      {token ? (
        <ResetForm actor={actor} action={action} />
      ) : (
        <Notice variant="warning">
          {authTexts.reset.noToken} <Link href={FORGOT_PATH}>{authTexts.reset.askAgain}</Link>
        </Notice>
      )}
    </AccountPageFrame>
  );
}
