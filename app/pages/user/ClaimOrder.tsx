import { useState, type FormEvent } from 'react';
import { Button, Notice, useToasts } from '../../../ui';
import {
  authIntents,
  AuthNetworkError,
  authTexts,
  isSuccess,
  postClaim,
  useSessionUser,
} from '../../features/auth';
import { orderTokenFor } from '../../features/checkout';
import { PageForm } from '../../features/forms';

/**
 * A guest order joins the signed-in customer's account: the token this tab holds proves the order
 * is theirs (never a matching e-mail address). Shown only to a signed-in customer with a token.
 * A `method="post"` form to the order's page, the token in a hidden field: the server runs it
 * before the script does (api/ssr/forms/auth.ts); with the script, the API is called directly.
 */
export function ClaimOrder({ orderId }: { orderId: string }) {
  const user = useSessionUser();
  const toaster = useToasts();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const token = typeof window === 'undefined' ? null : orderTokenFor(orderId);
  if (!user || !token || state === 'done') return null;
  const claim = async () => {
    setState('busy');
    try {
      const answer = await postClaim(orderId, token);
      if (isSuccess(answer)) {
        toaster.success(answer.message || authTexts.claim.done);
        setState('done');
        return;
      }
      toaster.danger(answer.message);
    } catch (error) {
      toaster.danger(error instanceof AuthNetworkError ? error.message : authTexts.networkFailure);
    }
    setState('idle');
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state !== 'busy') void claim();
  };
  return (
    <Notice variant="info">
      <PageForm intent={authIntents.claimOrder} onSubmit={onSubmit}>
        <input type="hidden" name="token" value={token} />
        {authTexts.claim.prompt}{' '}
        <Button type="submit" variant="secondary" size="sm" isPending={state === 'busy'}>
          {authTexts.claim.button}
        </Button>
      </PageForm>
    </Notice>
  );
}
