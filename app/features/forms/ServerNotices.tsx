import { Suspense } from 'react';
import { lazyTarget } from '../navigation';
import { useFirstPage, useRootForms } from './rootForms';

/**
 * The notices themselves: a server-rendered target (navigation/targets.tsx), so that only a page
 * the server rendered with one loads their code (the Notice component and its icons); it is
 * loaded before the server renders and, in the browser, by the hydration of that page.
 */
const ServerNoticesPanel = lazyTarget(() => import('./ServerNoticesPanel'));

/**
 * What the server says about the form posted just before, in the page itself: the success
 * notice carried across the redirect, or the refusal's message and its field messages. This is
 * how the spec's notifications reach a visitor without JavaScript; it shows only on the page
 * the server rendered, never after a client navigation.
 */
export function ServerNotices() {
  const { form, notice } = useRootForms();
  const first = useFirstPage();
  if (!first || (!form && !notice)) return null;
  return (
    <Suspense fallback={null}>
      <ServerNoticesPanel form={form ?? null} notice={notice ?? null} />
    </Suspense>
  );
}
