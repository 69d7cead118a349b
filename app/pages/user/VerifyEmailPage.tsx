import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { Link, Notice, useToasts } from '../../../ui';
import {
  ACCOUNT_PATH,
  authTexts,
  REGISTER_PATH,
  useSession,
  VerifyEmailForm,
  verifyEmailMachine,
} from '../../features/auth';
import { useTokenOutOfAddress } from '../useTokenOutOfAddress';
import { AccountPageFrame } from './AccountPageFrame';
import { useActionWithoutToken, useAuthForm } from './useAuthForm';

export interface VerifyEmailPageData {
  token: string | null;
}

/**
 * /user/verify-email?token=…: the page an e-mailed confirmation link opens. Opening it changes
 * nothing (mail scanners open links); its button sends the token, which confirms the address
 * (a new account, or an e-mail change) and logs in, then the account page opens.
 */
export default function VerifyEmailPage() {
  const loaded = (useLoaderData() as VerifyEmailPageData).token;
  // Kept for this page, then taken out of the address (the page's loader then finds none).
  const [token] = useState(loaded);
  useTokenOutOfAddress(loaded);
  const navigate = useNavigate();
  const session = useSession();
  const toaster = useToasts();
  const action = useActionWithoutToken();
  const actor = useAuthForm(
    verifyEmailMachine,
    (answer) => {
      if (answer.user) session.send({ type: 'SIGNED_IN', user: answer.user });
      toaster.success(answer.message);
      void navigate(ACCOUNT_PATH, { replace: true });
    },
    { token: token ?? '' },
  );
  return (
    <AccountPageFrame title={authTexts.verify.pageTitle} intro={authTexts.verify.intro}>
      {token ? (
        <VerifyEmailForm actor={actor} action={action} />
      ) : (
        <Notice variant="warning">
          {authTexts.verify.noToken}{' '}
          <Link href={REGISTER_PATH}>{authTexts.verify.registerAgain}</Link>
        </Notice>
      )}
    </AccountPageFrame>
  );
}
