import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import {
  downloadStatechartFile,
  eventButtons,
  exercisePathTools,
  pressEvent,
} from '../../qa/explorerStoryKit';
import { postcode } from '../../qa/machines';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { PostcodeModal, type PostcodeActorRef } from './PostcodeModal';

/**
 * QA explorer for the Set Postcode dialog: the real dialog (drawn inline, so the explorer stays
 * usable beside it) driven by the explorer's actor. The cart API never answers here: QA picks
 * the answer with the `xstate.done…` / `xstate.error…` buttons. The machine, its presets and the
 * words for each step come from the QA registry.
 */
const open = 'OPEN';
const typeValid = 'CHANGE(bt1 1aa)';
const typeShort = 'CHANGE(BT1)';
const submit = 'SUBMIT';
const dismiss = 'DISMISS';
const added = 'xstate.done.actor.setPostcode(201)';
const alreadySet = 'xstate.done.actor.setPostcode(409)';
const closed = 'xstate.done.actor.closeDialog(200)';
const closeFailed = 'xstate.error.actor.closeDialog(offline)';

/** The modal as the explorer shows it, with a word on why the box is empty while it is closed. */
function PostcodeExplorerView({ actor }: { actor: PostcodeActorRef }) {
  const closed = useSelector(actor, (snapshot) => snapshot.matches('closed'));
  return (
    <>
      {closed ? (
        <p data-testid="closed-hint">
          The Set Postcode modal is closed, so there is nothing to show. Press {open} (the site
          sends it when it needs a delivery postcode) to open it.
        </p>
      ) : null}
      <PostcodeModal actor={actor} presentation="inline" currentPostcode="BT11AA" />
    </>
  );
}

const meta = {
  title: 'Machines/Postcode',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(postcode) } },
  beforeEach: dropDanglingAnnouncements,
  args: {
    ...explorerArgs(postcode),
    renderComponent: (actor) => (
      <PostcodeExplorerView actor={actor as unknown as PostcodeActorRef} />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = pressEvent;
const dialogOf = (canvas: Canvas) =>
  within(canvas.getByRole('region', { name: messages.postcode.modalTitle }));

/** Opened by the shared flag, a postcode typed and set: 201 closes the dialog. */
export const SetPostcode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('closed');
    await expect(canvas.queryByRole('region', { name: messages.postcode.modalTitle })).toBeNull();
    await expect(canvas.getByTestId('closed-hint')).toHaveTextContent('Press OPEN');
    await press(canvas, open);
    await expect(canvas.queryByTestId('closed-hint')).toBeNull();
    // The history beside the chart says what was sent and where it led.
    await expect(canvas.getByTestId('event-history')).toHaveTextContent(
      `${open} → ${canvas.getByTestId('current-state').textContent ?? ''}`,
    );
    await expect(state(canvas)).toHaveTextContent('open.editing');
    // In a tester's words too: the step taken and the state it led to.
    await expect(canvas.getByTestId('event-history')).toHaveTextContent(
      'Do something that needs a postcode (the Set Postcode dialog opens) → Open › editing',
    );
    await expect(canvas.getByTestId('current-state-label')).toHaveTextContent('Open › editing');
    const dialog = dialogOf(canvas);
    await expect(dialog.getByText(messages.postcode.resetWarning)).toBeVisible();
    await expect(dialog.getByText(messages.postcode.current('BT1 1AA'))).toBeVisible();
    const field = dialog.getByRole('textbox', { name: messages.postcode.label });
    await userEvent.type(field, 'bt1 1aa');
    // Normalised as typed.
    await expect(field).toHaveValue('BT11AA');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"postcode": "BT11AA"');
    // Enter in the field submits the form.
    await userEvent.keyboard('{Enter}');
    await expect(state(canvas)).toHaveTextContent('open.submitting');
    await expect(field).toHaveAttribute('readonly');
    await expect(field.closest('[data-state]')).toHaveAttribute('data-state', 'success');
    // While the postcode is on its way the explorer offers only the API's answers.
    await expect(eventButtons(canvas, submit)).toHaveLength(0);
    await expect(eventButtons(canvas, dismiss)).toHaveLength(0);
    await press(canvas, added);
    await expect(state(canvas)).toHaveTextContent('closed');
    await expect(canvas.queryByRole('region', { name: messages.postcode.modalTitle })).toBeNull();
  },
};

/** Checked before anything is sent: required, then the length. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, open);
    const dialog = dialogOf(canvas);
    await userEvent.click(dialog.getByRole('button', { name: messages.postcode.submit }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(messages.postcode.required);
    const field = dialog.getByRole('textbox', { name: messages.postcode.label });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(state(canvas)).toHaveTextContent('open.editing');
    await press(canvas, typeShort);
    // Any change clears the submitted state and the notice.
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(field).not.toHaveAttribute('aria-invalid');
    await press(canvas, submit);
    await expect(dialog.getByRole('alert')).toHaveTextContent(messages.postcode.invalidModal);
    await expect(canvas.getByTestId('context')).toHaveTextContent('"submitted": true');
  },
};

/** A refusal (the same postcode again) is a danger notice; the dialog stays open. */
export const Refused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, open);
    await press(canvas, typeValid);
    await press(canvas, submit);
    await press(canvas, alreadySet);
    await expect(state(canvas)).toHaveTextContent('open.editing');
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('alert')).toHaveTextContent(messages.postcode.alreadySet);
    await expect(
      dialog.getByRole('textbox', { name: messages.postcode.label }).closest('[data-state]'),
    ).toHaveAttribute('data-state', 'danger');
  },
};

/** The X asks the server to clear the flag; a failure keeps the dialog open and says why. */
export const CloseWithX: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, open);
    await userEvent.click(dialogOf(canvas).getByRole('button', { name: messages.postcode.close }));
    await expect(state(canvas)).toHaveTextContent('open.closing');
    await press(canvas, closeFailed);
    await expect(dialogOf(canvas).getByRole('alert')).toHaveTextContent(messages.cart.networkError);
    await press(canvas, dismiss);
    await press(canvas, closed);
    await expect(state(canvas)).toHaveTextContent('closed');
  },
};

/**
 * The test paths: those that end closed after the X, grouped, the first replayed step by step
 * (driving the real dialog) and copied as a test case.
 */
export const PathTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: postcode.key,
      target: 'closed',
      event: 'DISMISS',
      copiedTexts: [
        `  - [ ] See “${messages.postcode.modalTitle}”`,
        `  - [ ] See “${messages.postcode.resetWarning}”`,
        `. Press the X (${messages.postcode.close}).`,
      ],
    });
    await expect(canvas.queryByRole('region', { name: messages.postcode.modalTitle })).toBeNull();
  },
};

/** The statechart, downloaded as an SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvasElement }) => {
    const markup = await downloadStatechartFile(within(canvasElement));
    await expect(markup).toContain('data-state-id="postcode.open.closing"');
  },
};
