import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createToaster, ToasterProvider, useToasts, type Toaster } from '../../../ui';
import { Notifications } from './Notifications';
import { reactRouterHooks, SiteRouterProvider } from '../navigation';

/**
 * Warnings and errors belong to the page they came on (issue: red notices followed the customer
 * to the next page); a notification the new page shows stays.
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** A page that shows `message` as an error when it opens. */
function Explains({ message }: { message: string }) {
  const toaster = useToasts();
  useEffect(() => {
    toaster.danger(message, { timeout: null });
  }, [toaster, message]);
  return <p>explained</p>;
}

function start(toaster: Toaster) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Notifications />
            <Outlet />
          </>
        ),
        children: [
          { path: 'login', element: <p>login</p> },
          { path: 'home', element: <p>home</p> },
          { path: 'cart', element: <Explains message="Your cart is empty." /> },
        ],
      },
    ],
    { initialEntries: ['/login'] },
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <ToasterProvider toaster={toaster}>
        <SiteRouterProvider value={reactRouterHooks}>
          <RouterProvider router={router} />
        </SiteRouterProvider>
      </ToasterProvider>,
    ),
  );
  return router;
}

const messages = (toaster: Toaster) => toaster.queue.visibleToasts.map((t) => t.content.message);

describe('Notifications', () => {
  it("closes a page's warnings and errors when the visitor goes to another page, not its successes", async () => {
    const toaster = createToaster();
    const router = start(toaster);
    act(() => {
      toaster.danger('Invalid email or password.', { timeout: null });
      toaster.warning('Postcode required.', { timeout: null });
      toaster.success('Added to cart.', { timeout: null });
    });
    expect(messages(toaster)).toHaveLength(3);
    await act(() => router.navigate('/home'));
    expect(messages(toaster)).toEqual(['Added to cart.']);
  });

  it('keeps the error the new page shows on arriving', async () => {
    const toaster = createToaster();
    const router = start(toaster);
    act(() => {
      toaster.danger('This password is too common.', { timeout: null });
    });
    await act(() => router.navigate('/cart'));
    expect(messages(toaster)).toEqual(['Your cart is empty.']);
    // And it goes in turn when the visitor moves on.
    await act(() => router.navigate('/home'));
    expect(messages(toaster)).toEqual([]);
  });
});
