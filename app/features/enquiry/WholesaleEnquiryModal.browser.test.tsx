import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { WholesaleEnquiryModalFromUrl } from './WholesaleEnquiryModalFromUrl';
import { hydrateRouter, renderServerHtml } from '../hydration/testing';

/**
 * `?wsm` before and after the script (DESIGN.md, Rendering): the server's HTML has the modal's
 * content in a panel; the browser hydrates that HTML as it is (no mismatch), then turns it into
 * the modal, keeping what was typed before the script, and only then drops `wsm` from the URL.
 */

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function routes(form: FormOutcome | null): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ form, notice: null }),
      element: (
        <>
          <WholesaleEnquiryModalFromUrl />
          <Location />
        </>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
}

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
  for (const overlay of document.querySelectorAll('[data-modal-overlay]')) overlay.remove();
});

/** The server's HTML for `url` (the modal's module loaded first, as the server does). */
async function serverHtml(url: string, form: FormOutcome | null): Promise<string> {
  await import('./WholesaleEnquiryModal');
  return renderServerHtml(routes(form), url);
}

async function hydrate(url: string, form: FormOutcome | null, html: string, before?: () => void) {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  before?.();
  const router = createMemoryRouter(routes(form), {
    initialEntries: [url],
    hydrationData: { loaderData: { root: { form, notice: null } } },
  });
  await act(async () => {
    root = hydrateRouter(container as HTMLDivElement, router, (error) => recoverable.push(error));
  });
  return router;
}

const title = messages.enquiry.modalTitle;

function field(scope: ParentNode, name: string): HTMLInputElement | HTMLTextAreaElement {
  const element = scope.querySelector(`[name="${name}"]`);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error(`no field ${name}`);
  }
  return element;
}

/** The modal's code is a chunk loaded after hydration: on a busy machine, more than a second. */
const chunkLoad = { timeout: 15_000 };

async function modal(): Promise<HTMLElement> {
  await expect
    .poll(() => document.querySelector(`[data-modal-overlay] [role="dialog"]`), chunkLoad)
    .not.toBeNull();
  const dialog = document.querySelector<HTMLElement>('[data-modal-overlay] [role="dialog"]');
  if (!dialog) throw new Error('no modal');
  return dialog;
}

describe('the enquiry modal from ?wsm, before and after the script', () => {
  it('hydrates the server panel, becomes the modal with the typed text, then drops wsm', async () => {
    const url = '/faqs?category=x&wsm';
    const html = await serverHtml(url, null);
    expect(html).toContain('data-static-modal');
    expect(html).toContain(title);

    const router = await hydrate(url, null, html, () => {
      // Typed before the script ran.
      field(container as HTMLDivElement, 'name').value = 'Aoife Murphy';
      field(container as HTMLDivElement, 'message').value = 'Twenty pallets';
    });

    const dialog = await modal();
    expect(dialog).toHaveAccessibleName(title);
    expect(container?.querySelector('[data-static-modal]')).toBeNull();
    expect(field(dialog, 'name').value).toBe('Aoife Murphy');
    expect(field(dialog, 'message').value).toBe('Twenty pallets');
    await expect.poll(() => router.state.location.search, chunkLoad).toBe('?category=x');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(recoverable).toEqual([]);
  });

  it('after a refusal: the messages and values in the server panel, kept in the modal', async () => {
    const form: FormOutcome = {
      intent: 'enquiry',
      status: 400,
      message: messages.enquiry.nameRequired,
      errors: [messages.enquiry.nameRequired, messages.enquiry.emailRequired],
      values: { name: '', email: '', companyName: 'Murphy Fuels' },
    };
    const html = await serverHtml('/faqs?wsm', form);
    expect(html).toContain(messages.enquiry.emailRequired);
    expect(html).toContain('value="Murphy Fuels"');

    await hydrate('/faqs?wsm', form, html);
    const dialog = await modal();
    expect(field(dialog, 'companyName').value).toBe('Murphy Fuels');
    expect(field(dialog, 'name')).toHaveAttribute('aria-invalid', 'true');
    expect(recoverable).toEqual([]);
  });

  it('renders nothing without wsm, and no panel', async () => {
    const html = await serverHtml('/faqs', null);
    expect(html).not.toContain('data-static-modal');
    await hydrate('/faqs', null, html);
    expect(document.querySelector('[data-modal-overlay]')).toBeNull();
    expect(recoverable).toEqual([]);
  });
});
