import { createContext, useContext, type ReactNode } from 'react';
import { toast as defaultToaster, type Toaster } from './toastQueue';

/*
 * Kept apart from the region (Toast.tsx): every part of an app that shows notifications needs the
 * toaster, while only the one region needs react-aria's toast components, which an app can then
 * load when the first notification comes.
 */
const ToasterContext = createContext<Toaster>(defaultToaster);

/** Provide a different toaster to the components below (stories and tests use their own). */
export function ToasterProvider({ toaster, children }: { toaster: Toaster; children: ReactNode }) {
  return <ToasterContext.Provider value={toaster}>{children}</ToasterContext.Provider>;
}

/** The toaster in context (the shared `toast` unless a `ToasterProvider` says otherwise). */
export function useToasts(): Toaster {
  return useContext(ToasterContext);
}
