import { useId, useState } from 'react';

/**
 * For a component that renders one wrapping element marked `[attribute]={id}`: whether this
 * render is React hydrating that element from the server's HTML (`adopted`), which is the case
 * exactly when the element is already in the document at the component's first render. On the
 * server, and in a render of the browser's own (a client navigation), it is not. Decided once,
 * with no further render.
 */
export function useAdopted(attribute: 'data-static' | 'data-deferred'): {
  id: string;
  adopted: boolean;
} {
  const id = useId();
  const [adopted] = useState(
    () =>
      typeof document !== 'undefined' &&
      document.querySelector(`[${attribute}="${CSS.escape(id)}"]`) !== null,
  );
  return { id, adopted };
}
