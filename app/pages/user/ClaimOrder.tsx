import { useState } from 'react';
import { Button, Notice, useToasts } from '../../../ui';
import {
  AuthNetworkError,
  authTexts,
  isSuccess,
  postClaim,
  useSessionUser,
} from '../../features/auth';
import { orderTokenFor } from '../../features/checkout';

/**
 * A guest order joins the signed-in customer's account: the token this tab holds proves the order
 * is theirs (never a matching e-mail address). Shown only to a signed-in customer with a token.
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
  return (
    <Notice variant="info">
      {authTexts.claim.prompt}{' '}
      <Button
        variant="secondary"
        size="sm"
        isPending={state === 'busy'}
        onPress={() => void claim()}
      >
        {authTexts.claim.button}
      </Button>
    </Notice>
  );
}
