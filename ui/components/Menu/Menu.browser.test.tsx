import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserMenu } from '../UserMenu';
import { Menu } from './Menu';

/**
 * A menu before and after the script: the server renders a native disclosure (links, and forms
 * for action items), the browser hydrates that HTML as it is, then shows the react-aria menu.
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;
const recoverable: unknown[] = [];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
  recoverable.length = 0;
});

function serverHtml(element: React.ReactElement): HTMLDivElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

async function hydrate(element: React.ReactElement): Promise<void> {
  await act(async () => {
    root = hydrateRoot(container as HTMLDivElement, element, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
}

const userMenu = (
  <UserMenu
    greeting="Hi, Siobhan Doherty!"
    links={[
      { id: 'orders', label: 'Your orders', href: '/order' },
      { id: 'account', label: 'Your account', href: '/user/account' },
    ]}
    logoutLabel="Logout"
    logoutForm={{ action: '/about', fields: { intent: 'logout' } }}
    onLogout={() => {}}
  />
);

describe('Menu before and after the script', () => {
  it('the server renders a disclosure with links and a method="post" Logout form', async () => {
    const html = serverHtml(userMenu);
    const details = html.querySelector('details');
    expect(details).not.toBeNull();
    expect(details?.querySelector('summary')).toHaveTextContent('Hi, Siobhan Doherty!');
    const links = [...html.querySelectorAll('details a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/order', '/user/account']);
    const form = html.querySelector('details form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/about');
    expect(form?.querySelector('input[type="hidden"][name="intent"]')).toHaveValue('logout');
    expect(form?.querySelector('button[type="submit"]')).toHaveTextContent('Logout');

    // It opens natively: no script is needed to see the items.
    const summary = details?.querySelector('summary');
    summary?.click();
    expect(details?.open).toBe(true);
    expect(html.querySelector('details a')).toBeVisible();
  });

  it('hydrates without a mismatch, then becomes the react-aria menu', async () => {
    serverHtml(userMenu);
    await hydrate(userMenu);
    await expect
      .poll(() => container?.querySelector('button[aria-haspopup="true"]'))
      .not.toBeNull();
    expect(container?.querySelector('details')).toBeNull();
    expect(container?.querySelector('button')).toHaveAccessibleName('Hi, Siobhan Doherty!');
    expect(recoverable).toEqual([]);
  });

  it('leaves out an item only the script can run', () => {
    const html = serverHtml(
      <Menu
        label="Account"
        items={[
          { id: 'a', label: 'A page', href: '/a' },
          { id: 'b', label: 'Script only' },
        ]}
      />,
    );
    expect(html.querySelector('details')).toHaveTextContent('A page');
    expect(html.querySelector('details')).not.toHaveTextContent('Script only');
  });
});
