import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useHref,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { site } from '../../../api/domain/site';
import { Button, Heading, Text } from '../../../ui';
import type { EnquiryFormMachine } from './enquiryFormMachine';
import {
  findToast,
  InPage,
  machineAnswering,
  neverAnswers,
  toastTexts,
  WithToasts,
} from './enquiryStoryKit';
import { StaticEnquiryDialog, WholesaleEnquiryModal } from './WholesaleEnquiryModal';
import { WholesaleEnquiryLink } from './WholesaleEnquiryLink';
import { WholesaleEnquiryModalFromUrl } from './WholesaleEnquiryModalFromUrl';

const title = messages.enquiry.modalTitle;

/** The modal with its own form machine, opened from a button. */
function ModalDemo({ machine }: { machine: EnquiryFormMachine }) {
  const actor = useActorRef(machine, { input: {} });
  const [isOpen, setOpen] = useState(false);
  return (
    <InPage url="/products/wholesale/oil">
      <Button onPress={() => setOpen(true)}>Wholesale enquiry</Button>
      <WholesaleEnquiryModal actor={actor} isOpen={isOpen} onOpenChange={setOpen} />
    </InPage>
  );
}

const meta = {
  title: 'Features/Enquiry/WholesaleEnquiryModal',
  component: ModalDemo,
  tags: ['autodocs'],
  beforeEach: dropDanglingAnnouncements,
  parameters: { docs: { story: { inline: false, iframeHeight: 760 } } },
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
  argTypes: { machine: { control: false } },
  args: { machine: machineAnswering() },
} satisfies Meta<typeof ModalDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openModal(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Wholesale enquiry' }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** The contact details (phones and e-mail, from the site settings) and the form. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    for (const office of site.offices) {
      const phone = dialog.getByRole('link', { name: new RegExp(office.phone) });
      await expect(phone).toHaveAttribute('href', expect.stringMatching(/^tel:\+44\d+$/));
      await expect(phone).toHaveTextContent(office.name);
    }
    await expect(dialog.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(dialog.getByRole('form', { name: 'Wholesale enquiry' })).toBeVisible();
    // Notifications stay readable above the modal.
    await userEvent.click(dialog.getByRole('button', { name: /^Send/ }));
    await findToast('Name required.');
    await expect(toastTexts()).toHaveLength(7);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Text typed in the modal is still there when it is opened again. */
export const KeepsTextWhenReopened: Story = {
  play: async ({ canvasElement }) => {
    let dialog = await openModal(canvasElement);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Company Name' }), 'Murphy Fuels');
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openModal(canvasElement);
    await expect(dialog.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Murphy Fuels');
  },
};

/** While an enquiry is on its way the modal cannot be closed, so its answer is always seen. */
export const StaysOpenWhileSending: Story = {
  args: { machine: machineAnswering(neverAnswers) },
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    const fields: [string, string][] = [
      ['Contact Name', 'Aoife Murphy'],
      ['Email', 'aoife@murphyfuels.co.uk'],
      ['Address', '3 Quay Street, Newry'],
      ['Company Name', 'Murphy Fuels'],
      ['Contact No.', '028 3026 1234'],
      ['Enquiry', 'Twenty pallets, please.'],
    ];
    for (const [name, value] of fields) {
      await userEvent.click(dialog.getByRole('textbox', { name }));
      await userEvent.paste(value);
    }
    await userEvent.click(dialog.getByRole('button', { name: /^Send/ }));
    await expect(dialog.getByRole('button', { name: /^Send/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(dialog.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: title })).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// Opening from the URL (SPEC §2: `wsm` on any page), in a memory router.
// ---------------------------------------------------------------------------------------------

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(href) => void navigate(href)} useHref={useHref}>
      {children}
    </AriaRouterProvider>
  );
}

function Page() {
  const location = useLocation();
  return (
    <>
      <Heading level={1}>Prepacked Coal</Heading>
      <Text>
        For trade prices, <WholesaleEnquiryLink>send us a wholesale enquiry</WholesaleEnquiryLink>.
      </Text>
      <Text>
        Address: <output data-testid="location">{location.pathname + location.search}</output>
      </Text>
    </>
  );
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>;
/** The router of the story on screen, for the play function to inspect. */
let shown: MemoryRouter | null = null;
function router(): MemoryRouter {
  if (!shown) throw new Error('no router rendered');
  return shown;
}

/** A fresh memory router at `url` each time the story renders. */
function UrlDemo({ url }: { url: string }) {
  const [created] = useState(() => siteRouter(url));
  shown = created;
  return <RouterProvider router={created} />;
}

function siteRouter(url: string): MemoryRouter {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AriaRouter>
            <Outlet />
            <WholesaleEnquiryModalFromUrl />
          </AriaRouter>
        ),
        children: [{ path: '*', element: <Page /> }],
      },
    ],
    { initialEntries: [url] },
  );
}

const page = '/products/wholesale/coal/bagged/uk';

/**
 * `?wsm` opens the modal; `wsm` then leaves the URL by a replace (no new history entry), and the
 * page's other parameters stay. Closing the modal leaves the URL and the history alone.
 */
export const OpensFromUrl: StoryObj<typeof UrlDemo> = {
  render: (args) => <UrlDemo {...args} />,
  args: { url: `${page}?category=smokeless-fuels&wsm` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(router().state.location.search).toBe('?category=smokeless-fuels'));
    await expect(router().state.historyAction).toBe('REPLACE');
    await expect(router().state.location.pathname).toBe(page);
    await expect(screen.getByTestId('location')).toHaveTextContent(
      `${page}?category=smokeless-fuels`,
    );
    const key = router().state.location.key;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(router().state.location.key).toBe(key);
    await expect(router().state.location.search).toBe('?category=smokeless-fuels');
  },
};

/** The wholesale pages' link opens the modal on the same page, keeping the coal category. */
export const OpensFromLink: StoryObj<typeof UrlDemo> = {
  render: (args) => <UrlDemo {...args} />,
  args: { url: `${page}?category=smokeless-fuels` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'send us a wholesale enquiry' });
    await expect(link).toHaveAttribute('href', `${page}?category=smokeless-fuels&wsm`);
    await userEvent.click(link);
    await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(router().state.location.search).toBe('?category=smokeless-fuels'));
    await expect(router().state.location.pathname).toBe(page);
  },
};

/** Going to another page (e.g. with Back) closes the modal. */
export const ClosesOnLeavingThePage: StoryObj<typeof UrlDemo> = {
  render: (args) => <UrlDemo {...args} />,
  args: { url: `${page}?wsm` },
  play: async () => {
    await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(router().state.location.search).toBe(''));
    await router().navigate('/faqs');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.getByTestId('location')).toHaveTextContent('/faqs');
  },
};

/** The server's panel for `?wsm`, with a form machine of its own, on the page at `url`. */
function ServerPanelDemo({ url, machine }: { url: string; machine: EnquiryFormMachine }) {
  const actor = useActorRef(machine, { input: {} });
  return (
    <InPage url={url}>
      <StaticEnquiryDialog actor={actor} closeHref="/products/wholesale/oil" />
    </InPage>
  );
}

/**
 * As the server renders a page asked for with `?wsm`, before and without the script: the panel
 * over the page, its form posting to the page with `wsm` (a refusal shows it again), and Close a
 * link to the page without it. The app turns it into the modal once hydrated.
 */
export const ServerPanel: StoryObj<typeof ServerPanelDemo> = {
  render: (args) => <ServerPanelDemo {...args} />,
  args: { url: '/products/wholesale/oil?wsm', machine: machineAnswering() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: 'Close' })).toHaveAttribute(
      'href',
      '/products/wholesale/oil',
    );
    // The dialog names its form: a named one over /contact would be a second form landmark
    // "Wholesale enquiry" beside the page's own.
    expect(within(dialog).queryByRole('form')).toBeNull();
    const form = dialog.querySelector('form');
    if (form === null) throw new Error('The panel has no form.');
    await expect(form).not.toHaveAttribute('aria-label');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/products/wholesale/oil?wsm');
    await expect(form).toHaveAttribute('novalidate');
    await expect(form.querySelector('input[type="hidden"][name="intent"]')).toHaveValue('enquiry');
    await expect(within(dialog).getByRole('button', { name: /^Send/ })).toHaveAttribute(
      'type',
      'submit',
    );
  },
};
