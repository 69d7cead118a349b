import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '../../../api/domain/messages';
import { Button, useToasts } from '../../../ui';
import type { OrderOnlineDialogProps } from './OrderOnlineDialog';

type DialogComponent = ComponentType<OrderOnlineDialogProps>;

let loading: Promise<DialogComponent> | undefined;

/**
 * The modal's code (the form, its machine, xstate) is not part of the first load: it is fetched
 * the first time someone points at, focuses or presses the button. A failed fetch is forgotten,
 * so the next press tries again.
 */
export function loadOrderOnlineDialog(): Promise<DialogComponent> {
  loading ??= import('./OrderOnlineDialog').then(
    (module) => module.OrderOnlineDialog,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function preload() {
  loadOrderOnlineDialog().catch(() => {
    // Pressing the button tries again and tells the visitor if it still fails.
  });
}

export interface OrderOnlineButtonProps {
  /** Stretch to the container (the side navigation on small screens). */
  fullWidth?: boolean;
}

/**
 * The Order Online button (SPEC §2): in the header on the desktop, in the side navigation on small
 * screens. It opens the Order Online modal, which closes on any route change. Focus goes back to
 * this button when the modal closes.
 */
export function OrderOnlineButton({ fullWidth }: OrderOnlineButtonProps) {
  const toaster = useToasts();
  const location = useLocation();
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
      <Button
        variant="primary"
        fullWidth={fullWidth}
        onPress={open}
        onHoverStart={preload}
        onFocus={preload}
        isPending={isLoading}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
      >
        {messages.orderOnline}
      </Button>
      {Dialog ? <Dialog isOpen={isOpen} onOpenChange={setOpen} /> : null}
    </>
  );
}
