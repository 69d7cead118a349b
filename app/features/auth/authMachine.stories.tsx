import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { RouterProvider } from 'react-aria-components';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise, type Actor, type AnyStateMachine, type EventObject } from 'xstate';
import { TopBar } from '../../../ui';
import { MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import type { AuthAnswer } from './authApi';
import {
  authMachine,
  currentUser,
  FETCH_ME,
  SIGN_IN,
  SIGN_OUT,
  type AuthActorRef,
} from './authMachine';
import { LoginForm } from './AuthForms';
import { SUBMIT } from './authFormMachine';
import { storyUser, WithToasts } from './authStoryKit';
import { loginMachine } from './formMachines';
import { authTexts } from './texts';

/**
 * QA explorers for the accounts: the session actor (driving the real top bar) and the login
 * form's machine (driving the real form). The API never answers here: QA picks each answer.
 */
const never = <T,>() => new Promise<T>(() => {});
const session = authMachine.provide({
  actors: {
    [FETCH_ME]: fromPromise(() => never()),
    [SIGN_IN]: fromPromise(() => never()),
    [SIGN_OUT]: fromPromise(() => never()),
  },
}) as unknown as AnyStateMachine;
const loginForm = loginMachine.provide({
  actors: { [SUBMIT]: fromPromise(() => never()) },
}) as unknown as AnyStateMachine;

type Preset = EventObject & Record<string, unknown>;
const sessionEvents: Preset[] = [
  { type: `xstate.done.actor.${FETCH_ME}`, output: storyUser },
  { type: `xstate.done.actor.${FETCH_ME}`, output: null },
  { type: `xstate.error.actor.${FETCH_ME}`, error: { message: 'Failed to fetch' } },
  { type: 'RETRY' },
  { type: 'SIGN_IN', email: storyUser.email, password: 'a long passphrase' },
  {
    type: `xstate.done.actor.${SIGN_IN}`,
    output: { code: 200, message: 'You are logged in.', user: storyUser },
  },
  {
    type: `xstate.done.actor.${SIGN_IN}`,
    output: { code: 401, message: 'Invalid email or password.' },
  },
  { type: `xstate.error.actor.${SIGN_IN}`, error: { message: 'Failed to fetch' } },
  { type: 'SIGNED_IN', user: storyUser },
  { type: 'UPDATED', user: { ...storyUser, fullName: 'Siobhan McAllister' } },
  { type: 'LOGOUT' },
  {
    type: `xstate.done.actor.${SIGN_OUT}`,
    output: { code: 200, message: 'You have been logged out.' },
  },
  { type: `xstate.error.actor.${SIGN_OUT}`, error: { message: 'Failed to fetch' } },
  { type: 'SESSION_ENDED' },
];
const loginEvents: Preset[] = [
  { type: 'CHANGE', field: 'email', value: 'siobhan@example' },
  { type: 'CHANGE', field: 'email', value: storyUser.email },
  { type: 'SUBMIT' },
  { type: `xstate.done.actor.${SUBMIT}`, output: { code: 200, message: 'You are logged in.' } },
  {
    type: `xstate.done.actor.${SUBMIT}`,
    output: { code: 401, message: 'Invalid email or password.' } satisfies AuthAnswer,
  },
  { type: `xstate.error.actor.${SUBMIT}`, error: { message: 'Failed to fetch' } },
];

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
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
  args: {
    title: 'Session (authMachine)',
    machine: session,
    events: sessionEvents,
    input: { user: storyUser },
    renderComponent: (actor: Actor<AnyStateMachine>) => (
      <SessionTopBar actor={actor as unknown as AuthActorRef} />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (canvas: ReturnType<typeof within>) => canvas.getByTestId('current-state');

/** Checking shows the server-rendered customer; a 401 switches the header to Customer Login. */
export const Session: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('checking');
    await expect(canvas.getByRole('button', { name: 'Hi, Siobhan Doherty!' })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: `xstate.done.actor.${FETCH_ME} {"output":null}` }),
    );
    await expect(state(canvas)).toHaveTextContent('signedOut');
    await expect(canvas.getByRole('link', { name: 'Customer Login' })).toBeVisible();
  },
};

/** The login form's machine, driving the real form. */
export const LoginFormMachine: Story = {
  args: {
    title: 'Login form (loginMachine)',
    machine: loginForm,
    events: loginEvents,
    input: { values: { email: storyUser.email, password: 'a long passphrase' } },
    renderComponent: (actor: Actor<AnyStateMachine>) => (
      <LoginForm actor={actor as unknown as Parameters<typeof LoginForm>[0]['actor']} />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('{"editing":"idle"}');
    await userEvent.click(canvas.getByRole('button', { name: 'SUBMIT' }));
    await expect(state(canvas)).toHaveTextContent('submitting');
  },
};
