import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authAnswers } from '../../../api/domain/authAnswers';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { ForgotForm, LoginForm, RegisterForm, ResetForm, VerifyEmailForm } from './AuthForms';
import {
  answering,
  findToast,
  FormNotifications,
  WithToasts,
  type Responder,
} from './authStoryKit';
import {
  forgotMachine,
  loginMachine,
  registerMachine,
  resetMachine,
  verifyEmailMachine,
} from './formMachines';
import { authTexts } from './texts';

const m = messages.auth;
const forms = {
  login: LoginForm,
  register: RegisterForm,
  forgot: ForgotForm,
  reset: ResetForm,
  verify: VerifyEmailForm,
};
const machines = {
  login: loginMachine,
  register: registerMachine,
  forgot: forgotMachine,
  reset: resetMachine,
  verify: verifyEmailMachine,
};
type FormName = keyof typeof forms;

const respond = fn<Responder>(async () => ({ code: 200, message: 'OK' }));

function AccountForm({
  form,
  answer,
  values,
}: {
  form: FormName;
  answer?: Responder;
  values?: Record<string, string>;
}) {
  const actor = useActorRef(answering(machines[form], answer ?? respond), { input: { values } });
  const Form = forms[form];
  return (
    <>
      <FormNotifications actor={actor} />
      <Form actor={actor} />
    </>
  );
}

/**
 * The account forms: login, register, forgotten password, the new password of a reset, and the
 * confirmation of an e-mailed link.
 */
const meta = {
  title: 'Account/Forms',
  component: AccountForm,
  tags: ['autodocs'],
  args: { form: 'login' },
  argTypes: { form: { control: 'select', options: Object.keys(forms) } },
  beforeEach: () => {
    respond.mockClear();
    dropDanglingAnnouncements();
  },
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
} satisfies Meta<typeof AccountForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Login, keyboard only: the shared schema's messages first, then a sent form. */
export const Login: Story = {
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: authTexts.login.formLabel });
    const email = within(form).getByRole('textbox', { name: m.labels.email });
    email.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription(m.emailRequired));
    await expect(respond).not.toHaveBeenCalled();
    await userEvent.type(email, 'siobhan@example.co.uk');
    await userEvent.tab();
    await userEvent.keyboard('a long passphrase{Enter}');
    await waitFor(() =>
      expect(respond).toHaveBeenCalledWith({
        email: 'siobhan@example.co.uk',
        password: 'a long passphrase',
      }),
    );
  },
};

/** A refused login: the one generic message, in the notifications and above the button. */
export const LoginRefused: Story = {
  args: {
    answer: async () => ({ code: 401, message: m.invalidCredentials }),
    values: { email: 'siobhan@example.co.uk', password: 'wrong password' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: authTexts.login.submit }));
    await findToast(m.invalidCredentials);
    await expect(canvas.getByRole('alert')).toHaveTextContent(m.invalidCredentials);
  },
};

/** Register: a too-short password is refused before sending; the hint says why. */
export const Register: Story = {
  args: { form: 'register' },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: authTexts.register.formLabel });
    await userEvent.type(within(form).getByRole('textbox', { name: m.labels.fullName }), 'Siobhan');
    await userEvent.type(
      within(form).getByRole('textbox', { name: m.labels.email }),
      'siobhan@example.co.uk',
    );
    await userEvent.type(within(form).getByLabelText(m.labels.password), 'short');
    await userEvent.click(within(form).getByRole('button', { name: authTexts.register.submit }));
    await waitFor(() =>
      expect(within(form).getByLabelText(m.labels.password)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    await expect(respond).not.toHaveBeenCalled();
    // Show password reveals what was typed.
    await userEvent.click(
      within(form).getByRole('button', { name: authTexts.fields.showPassword }),
    );
    await expect(within(form).getByLabelText(m.labels.password)).toHaveAttribute('type', 'text');
  },
};

export const Forgot: Story = {
  args: { form: 'forgot', values: { email: 'siobhan@example.co.uk' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: authTexts.forgot.submit }),
    );
    await waitFor(() => expect(respond).toHaveBeenCalledWith({ email: 'siobhan@example.co.uk' }));
  },
};

export const Reset: Story = {
  args: { form: 'reset', values: { token: 'x'.repeat(43) } },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: authTexts.reset.formLabel });
    await userEvent.type(within(form).getByLabelText(m.labels.newPassword), 'a new passphrase');
    await userEvent.click(within(form).getByRole('button', { name: authTexts.reset.submit }));
    await waitFor(() =>
      expect(respond).toHaveBeenCalledWith({ token: 'x'.repeat(43), password: 'a new passphrase' }),
    );
  },
};

/**
 * The e-mailed confirmation link's page: the password chosen with the link, sent with the link's
 * token (a link confirms only with its own password).
 */
export const VerifyEmail: Story = {
  args: { form: 'verify', values: { token: 'v'.repeat(43), password: '' } },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: authTexts.verify.formLabel });
    await userEvent.type(within(form).getByLabelText(m.labels.password), 'my own passphrase');
    await userEvent.click(within(form).getByRole('button', { name: authTexts.verify.submit }));
    await waitFor(() =>
      expect(respond).toHaveBeenCalledWith({
        token: 'v'.repeat(43),
        password: 'my own passphrase',
      }),
    );
  },
};

/** Not the link's password: the API's message, in the notifications and above the button. */
export const VerifyEmailRefused: Story = {
  args: {
    form: 'verify',
    values: { token: 'v'.repeat(43), password: 'someone elses phrase' },
    answer: async () => ({ code: 400, message: authAnswers.verifyWrongPassword }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: authTexts.verify.submit }));
    await findToast(authAnswers.verifyWrongPassword);
    await expect(canvas.getByRole('alert')).toHaveTextContent(authAnswers.verifyWrongPassword);
  },
};

/** Designers: the five forms side by side. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '2rem' }}>
      {(Object.keys(forms) as FormName[]).map((name) => (
        <AccountForm
          key={name}
          form={name}
          values={name === 'reset' || name === 'verify' ? { token: 't' } : undefined}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('form')).toHaveLength(5);
  },
};
