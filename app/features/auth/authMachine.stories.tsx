import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { RouterProvider } from 'react-aria-components';
import { expect, within } from 'storybook/test';
import type { Actor, AnyStateMachine } from 'xstate';
import { authAnswers } from '../../../api/domain/authAnswers';
import { messages } from '../../../api/domain/messages';
import { TopBar } from '../../../ui';
import { downloadStatechartFile, exercisePathTools, pressEvent } from '../../qa/explorerStoryKit';
import {
  auth,
  forgotForm,
  loginForm,
  registerForm,
  resetForm,
  verifyEmailForm,
} from '../../qa/machines';
import { ExplorerToasts } from '../../qa/ExplorerToasts';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { currentUser, type AuthActorRef } from './authMachine';
import { ForgotForm, LoginForm, RegisterForm, ResetForm, VerifyEmailForm } from './AuthForms';
import type { AuthFormActorRef } from './authFormMachine';

import { authTexts } from './texts';

/**
 * QA explorers for the accounts: the session actor (driving the real top bar) and the account
 * forms' machines (driving the real forms). The API never answers here, and the forms' checks
 * wait too: QA picks each answer. Machines, presets and words come from the QA registry.
 */
function SessionTopBar({ actor }: { actor: AuthActorRef }) {
  const user = useSelector(actor, currentUser);
  return (
    <RouterProvider navigate={() => {}}>
      <TopBar
        phones={[{ label: 'Head Office', number: '028 9649 6010' }]}
        email="info@fuelyard.co.uk"
        user={user ? { full_name: user.fullName } : null}
        onLogout={() => actor.send({ type: 'LOGOUT' })}
        userLinks={[
          { id: 'orders', label: authTexts.menu.orders, href: '/order' },
          { id: 'account', label: authTexts.menu.account, href: '/user/account' },
        ]}
      />
    </RouterProvider>
  );
}

const meta = {
  title: 'Machines/Auth',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    docs: {
      page: machineDocsPageFor(
        auth,
        loginForm,
        registerForm,
        forgotForm,
        resetForm,
        verifyEmailForm,
      ),
    },
  },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <ExplorerToasts>
        <Story />
      </ExplorerToasts>
    ),
  ],
  args: {
    ...explorerArgs(auth),
    renderComponent: (actor: Actor<AnyStateMachine>) => (
      <SessionTopBar actor={actor as unknown as AuthActorRef} />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (canvas: ReturnType<typeof within>) => canvas.getByTestId('current-state');

const formActor = (actor: Actor<AnyStateMachine>) => actor as unknown as AuthFormActorRef;

/** Checking shows the server-rendered customer; a 401 switches the header to Customer Login. */
export const Session: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('checking');
    await expect(canvas.getByRole('button', { name: 'Hi, Siobhan Doherty!' })).toBeVisible();
    await pressEvent(canvas, 'xstate.done.actor.fetchMe(nobody)');
    await expect(state(canvas)).toHaveTextContent('signedOut.idle');
    await expect(canvas.getByRole('link', { name: 'Customer Login' })).toBeVisible();
  },
};

/**
 * The session's test paths: those that end logged out after a logout, grouped, the first
 * replayed step by step (the top bar follows) and copied as a test case.
 */
export const SessionPathTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: auth.key,
      target: 'signedOut.loggedOut',
      event: 'LOGOUT',
      copiedTexts: [
        `- [ ] Start: Open a page rendered for Siobhan Doherty.`,
        `Open the account menu and choose ${authTexts.menu.logout}.`,
        `  - [ ] See “${authTexts.loggedOut}”`,
      ],
    });
    await expect(canvas.getByRole('link', { name: messages.customerLogin })).toBeVisible();
  },
};

/** The session's statechart, downloaded as an SVG file. */
export const SessionStatechart: Story = {
  play: async ({ canvasElement }) => {
    const markup = await downloadStatechartFile(within(canvasElement));
    await expect(markup).toContain('data-state-id="auth.starting"');
  },
};

/** The login form's machine, driving the real form: Log in, the check, then the shop's answer. */
export const LoginFormMachine: Story = {
  args: {
    ...explorerArgs(loginForm),
    renderComponent: (actor: Actor<AnyStateMachine>) => <LoginForm actor={formActor(actor)} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('editing.idle');
    await pressEvent(canvas, 'SUBMIT');
    await expect(state(canvas)).toHaveTextContent('validating');
    await pressEvent(canvas, 'xstate.done.actor.validate(valid)');
    await expect(state(canvas)).toHaveTextContent('submitting');
    await pressEvent(canvas, 'xstate.done.actor.submit(401)');
    await expect(state(canvas)).toHaveTextContent('editing.refused');
    await expect(
      within(canvas.getByRole('form', { name: authTexts.login.formLabel })).getByRole('alert'),
    ).toHaveTextContent(messages.auth.invalidCredentials);
  },
};

/** The login form's test paths: the check finds a badly formed e-mail; nothing is sent. */
export const LoginFormPathTools: Story = {
  args: LoginFormMachine.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: loginForm.key,
      target: 'editing.invalid',
      event: 'SUBMIT',
      copiedTexts: [
        `- [ ] 1. Press ${authTexts.login.submit}.`,
        '- [ ] 2. The form checks the fields: Email is not right.',
        `  - [ ] See “${authTexts.checkErrors}”`,
        `  - [ ] See “${messages.auth.emailInvalid}”`,
      ],
    });
  },
};

/** The other account forms run the same statechart with their own fields, checks and calls. */
export const RegisterFormMachine: Story = {
  args: {
    ...explorerArgs(registerForm),
    renderComponent: (actor: Actor<AnyStateMachine>) => <RegisterForm actor={formActor(actor)} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: registerForm.key,
      target: 'editing.refused',
      event: 'SUBMIT',
      copiedTexts: [`  - [ ] See “${messages.auth.passwordTooCommon}”`],
    });
  },
};

export const ForgotFormMachine: Story = {
  args: {
    ...explorerArgs(forgotForm),
    renderComponent: (actor: Actor<AnyStateMachine>) => <ForgotForm actor={formActor(actor)} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: forgotForm.key,
      target: 'editing.failed',
      event: 'SUBMIT',
      copiedTexts: [`  - [ ] See “${authTexts.networkFailure}”`],
    });
  },
};

export const ResetFormMachine: Story = {
  args: {
    ...explorerArgs(resetForm),
    renderComponent: (actor: Actor<AnyStateMachine>) => <ResetForm actor={formActor(actor)} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: resetForm.key,
      target: 'done',
      event: 'SUBMIT',
      copiedTexts: [`- [ ] 1. Press ${authTexts.reset.submit}.`],
    });
  },
};

export const VerifyEmailFormMachine: Story = {
  args: {
    ...explorerArgs(verifyEmailForm),
    renderComponent: (actor: Actor<AnyStateMachine>) => (
      <VerifyEmailForm actor={formActor(actor)} />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: verifyEmailForm.key,
      target: 'editing.refused',
      event: 'SUBMIT',
      copiedTexts: [`  - [ ] See “${authAnswers.verifyWrongPassword}”`],
    });
  },
};
