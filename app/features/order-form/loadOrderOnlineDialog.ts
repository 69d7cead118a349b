import type { ComponentType } from 'react';
import type { OrderOnlineDialogProps } from './OrderOnlineDialog';

export type DialogComponent = ComponentType<OrderOnlineDialogProps>;

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

export function preloadOrderOnlineDialog(): void {
  loadOrderOnlineDialog().catch(() => {
    // Pressing the button tries again and tells the visitor if it still fails.
  });
}
