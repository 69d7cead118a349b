import { useEffect, useState } from 'react';
import { searchWithFlag, useSiteLocation } from '../navigation';
import { messages } from '../../../api/domain/messages';
import { ModalLink, useToasts } from '../../../ui';
import { dialogParams } from '../cart';
import {
  loadOrderOnlineDialog,
  preloadOrderOnlineDialog,
  type DialogComponent,
} from './loadOrderOnlineDialog';
import { OrderOnlineTarget } from './OrderOnlineTarget';

export interface OrderOnlineButtonProps {
  /** Stretch to the container (the side navigation on small screens). */
  fullWidth?: boolean;
  /**
   * Also renders the modal's server-rendered target (`OrderOnlineTarget`, for a page asked for
   * with `?order-online`). Default: the header's button, not the side navigation's; false when the
   * layout renders the target itself.
   */
  serverTarget?: boolean;
}

/**
 * The Order Online button (SPEC §2): in the header on the desktop, in the side navigation on small
 * screens. It opens the Order Online modal, which closes on any route change. Focus goes back to
 * this button when the modal closes.
 *
 * Before and without script it is a link to the page with `?order-online`, which the server
 * renders with the modal's panel open (see OrderOnlineTarget); with script a press opens the modal
 * in place, as before.
 */
export function OrderOnlineButton({
  fullWidth,
  serverTarget = !fullWidth,
}: OrderOnlineButtonProps) {
  const toaster = useToasts();
  const location = useSiteLocation();
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [isLoading, setLoading] = useState(false);

  // SPEC §2: the modal closes on route change.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  const open = () => {
    setLoading(true);
    loadOrderOnlineDialog()
      .then((component) => {
        setDialog(() => component);
        setOpen(true);
      })
      .catch((error: unknown) => {
        console.error('Could not load the Order Online modal', error);
        toaster.danger(messages.orderForm.couldNotOpen);
      })
      .finally(() => setLoading(false));
  };

  return (
    <>
      <ModalLink
        href={`${location.pathname}${searchWithFlag(location.search, dialogParams.orderOnline)}`}
        variant="primary"
        fullWidth={fullWidth}
        onOpen={open}
        onHoverStart={preloadOrderOnlineDialog}
        onFocus={preloadOrderOnlineDialog}
        isPending={isLoading}
        isOpen={isOpen}
      >
        {messages.orderOnline}
      </ModalLink>
      {serverTarget ? <OrderOnlineTarget /> : null}
      {Dialog ? <Dialog isOpen={isOpen} onOpenChange={setOpen} /> : null}
    </>
  );
}
