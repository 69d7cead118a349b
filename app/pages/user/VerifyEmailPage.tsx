import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import type { PendingConfirmation } from '../../../api/domain/auth';
import { messages } from '../../../api/domain/messages';
import { Link, Notice, Text, useToasts } from '../../../ui';
import {
  ACCOUNT_PATH,
  authTexts,
  REGISTER_PATH,
  useSession,
  useSessionUser,
  VerifyEmailForm,
  verifyEmailMachine,
  verifyTexts,
} from '../../features/auth';
import { useTokenOutOfAddress } from '../useTokenOutOfAddress';
import { AccountPageFrame } from './AccountPageFrame';
import { useActionWithoutToken, useAuthForm } from './useAuthForm';

export interface VerifyEmailPageData {
  token: string | null;
  /**
   * What the server found for the link (`known`): the address it confirms, or null for a dead
   * link. Not known when the page was not rendered by the server (the browser keeps the first).
   */
  confirmation: { known: boolean; pending: PendingConfirmation | null };
}

/**
 * /user/verify-email?token=…: the page an e-mailed confirmation link opens. Opening it changes
 * nothing (mail scanners open links). It says which address the link confirms; its form sends the
 * token with the password chosen with it (a link confirms only with its own password, issue 46),
 * which confirms the address (a new account, or an e-mail change) and logs in, then the account
 * page opens.
 */
export default function VerifyEmailPage() {
  const loaded = useLoaderData() as VerifyEmailPageData;
  // Kept for this page, then taken out of the address (the page's loader then finds none).
  const [token] = useState(loaded.token);
  const [confirmation] = useState(loaded.confirmation);
  useTokenOutOfAddress(loaded.token);
  const navigate = useNavigate();
  const session = useSession();
  const user = useSessionUser();
  const toaster = useToasts();
  const action = useActionWithoutToken();
  const actor = useAuthForm(
    verifyEmailMachine,
    (answer) => {
      if (answer.user) session.send({ type: 'SIGNED_IN', user: answer.user });
      toaster.success(answer.message);
      void navigate(ACCOUNT_PATH, { replace: true });
    },
    { token: token ?? '', password: '' },
  );
  const pending = confirmation.pending;
  const dead = confirmation.known && pending === null;
  return (
    <AccountPageFrame title={authTexts.verify.pageTitle} intro={authTexts.verify.intro}>
      {!token ? (
        <Notice variant="warning">
          {authTexts.verify.noToken}{' '}
          <Link href={REGISTER_PATH}>{authTexts.verify.registerAgain}</Link>
        </Notice>
      ) : dead ? (
        <Notice variant="warning">
          {messages.auth.verifyInvalid}{' '}
          <Link href={REGISTER_PATH}>{authTexts.verify.registerAgain}</Link>
        </Notice>
      ) : (
        <>
          {pending ? <Text>{verifyTexts.confirms(pending.email)}</Text> : null}
          {pending?.purpose === 'register' && user ? (
            <Notice variant="warning">{verifyTexts.signedInAsOther(user.email)}</Notice>
          ) : null}
          <VerifyEmailForm actor={actor} action={action} />
        </>
      )}
    </AccountPageFrame>
  );
}
