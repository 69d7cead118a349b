import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import {
  TestPaymentPanel,
  type TestPaymentChoice,
  type TestPaymentPanelProps,
  type TestPaymentStep,
} from './TestPaymentPanel';

const meta = {
  title: 'Components/TestPaymentPanel',
  component: TestPaymentPanel,
  tags: ['autodocs'],
  args: {
    shopName: 'Fuelyard',
    amount: 30500,
    reference: 'FY-100001',
    onChoose: fn(),
  },
  argTypes: {
    step: { control: 'inline-radio', options: ['choose', 'challenge'] },
    onChoose: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof TestPaymentPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plainly a test: the marking, the shop, the amount, and a button per outcome. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Test payment – no money is taken')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Pay Fuelyard' })).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Pay Fuelyard' })).toHaveTextContent(
      'Amount£305.00ReferenceFY-100001',
    );
    const choices = within(canvas.getByRole('group', { name: 'Outcome of the test payment' }));
    await expect(choices.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pay',
      'Pay with 3-D Secure',
      'Decline',
      'Cancel',
    ]);
    await userEvent.click(choices.getByRole('button', { name: 'Decline' }));
    await expect(args.onChoose).toHaveBeenLastCalledWith('decline');
  },
};

/** The 3-D Secure challenge: Approve or Fail. */
export const Challenge: Story = {
  args: { step: 'challenge' },
  play: async ({ canvas, args }) => {
    const challenge = within(canvas.getByRole('group', { name: '3-D Secure check' }));
    await userEvent.click(challenge.getByRole('button', { name: 'Approve' }));
    await expect(args.onChoose).toHaveBeenLastCalledWith('approve');
    await userEvent.click(challenge.getByRole('button', { name: 'Fail' }));
    await expect(args.onChoose).toHaveBeenLastCalledWith('fail');
    await expect(canvas.queryByRole('button', { name: 'Pay' })).toBeNull();
  },
};

/** A choice on its way: its button spins, the others wait. */
export const Pending: Story = {
  args: { pendingChoice: 'pay' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Pay', { exact: true }).closest('button')).toHaveAttribute(
      'data-pending',
      'true',
    );
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    for (const name of ['Pay with 3-D Secure', 'Decline', 'Cancel']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { error: 'This test payment has already been completed.', isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This test payment has already been completed.',
    );
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Keyboard only: Tab to Pay with 3-D Secure, Enter, then Tab to Approve and Enter. */
export const Keyboard: Story = {
  render: function Render(args) {
    const [step, setStep] = useState<TestPaymentStep>('choose');
    const [chosen, setChosen] = useState<TestPaymentChoice | null>(null);
    return (
      <>
        <TestPaymentPanel
          {...args}
          step={step}
          onChoose={(choice) => {
            if (choice === 'threeDSecure') setStep('challenge');
            else setChosen(choice);
          }}
        />
        <p>Chosen: {chosen ?? 'nothing yet'}</p>
      </>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Pay' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Pay with 3-D Secure' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('group', { name: '3-D Secure check' });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Chosen: approve')).toBeVisible();
  },
};

interface PanelColumn extends MatrixAxis {
  props: TestPaymentPanelProps;
}

const panelColumns: PanelColumn[] = [
  {
    label: 'Choose an outcome',
    props: { shopName: 'Fuelyard', amount: 30500, reference: 'FY-100001' },
  },
  {
    label: '3-D Secure challenge',
    props: {
      shopName: 'Fuelyard',
      amount: 30500,
      reference: 'FY-100001',
      step: 'challenge',
      headingLevel: 2,
    },
  },
  {
    label: 'Declining',
    props: { shopName: 'Fuelyard', amount: 178286, pendingChoice: 'decline', headingLevel: 2 },
  },
];

const panelRow: MatrixAxis = { label: 'Test payment page' };

/** Each step, labelled, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="TestPaymentPanel: steps"
      rowsLabel="Panel"
      rows={[panelRow]}
      columns={panelColumns}
      fill
      cellStyle={{ verticalAlign: 'top' }}
      renderCell={(_row, column) => <TestPaymentPanel {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: panelColumns.map((column) => column.label),
      rows: [panelRow.label],
    });
    await expect(getMatrixCell(canvasElement, panelRow.label, 'Declining')).toHaveTextContent(
      /£1,782\.86/,
    );
  },
};
