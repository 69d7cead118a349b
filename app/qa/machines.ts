/**
 * The QA machine registry: every statechart of the site with what QA needs to test it by hand.
 * For each machine: its name, the machine with its network actors replaced (as the explorer
 * stories do, through `machine.provide`: nothing answers until QA picks the answer), its preset
 * events, its starts (inputs), each event type as a step in the UI, and per state id where it
 * applies the exact texts the tester should then see, quoted from the message catalogues
 * (api/domain/messages.ts and the features' texts modules), never retyped.
 *
 * The explorers (Machines/…), the coverage page (Machines/Overview), the test-plan generator
 * (`npm run qa:scripts`, docs/qa/) and the registry's model test (machines.test.ts) all read it.
 */
import {
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { validateCheckout } from '../../api/domain/checkout';
import { validateEnquiry, type EnquiryInput } from '../../api/domain/enquiry';
import { dayInWords } from '../../api/domain/deliveryCalendar';
import { deliveryMessages } from '../../api/domain/deliveryMessages';
import { authAnswers } from '../../api/domain/authAnswers';
import { messages } from '../../api/domain/messages';
import {
  AuthFormInvalidError,
  AuthNetworkError,
  authMachine,
  authTexts,
  FETCH_ME,
  forgotMachine,
  loginMachine,
  registerMachine,
  resetMachine,
  verifyEmailMachine,
  SIGN_IN,
  SIGN_OUT,
  SUBMIT,
  VALIDATE,
  type AuthAnswer,
} from '../features/auth';
import { CartNetworkError, cartMachine, failureMessage, isSuccess } from '../features/cart';
import type { CartCommand, CartResponse } from '../features/cart';
import {
  CheckoutInvalidError,
  CheckoutNetworkError,
  checkoutMachine,
  checkoutTexts,
  paymentStatusMachine,
} from '../features/checkout';
import { enquiryFormMachine } from '../features/enquiry';
import { orderFormMachine, type OrderFormInput } from '../features/order-form';
import { postcodeMachine } from '../features/postcode';
import {
  cartWith,
  checkoutValues,
  customer,
  gasOil,
  houseCoalLineId,
  kerosene,
  kindling,
  orderId,
  orderWith,
  qaDeliveryOffer,
  sampleEnquiry,
  summaryDeclared,
  summaryPriority,
  summaryUndeclared,
  unpriced,
} from './fixtures';
import type { ModelStep } from './modelCoverage';
import {
  metaTexts,
  notifiedTexts,
  type EventGuide,
  type QaEvent,
  type QaMachine,
  type StateTexts,
} from './qaGuide';

// ---------------------------------------------------------------------------------------------
// Shared words
// ---------------------------------------------------------------------------------------------

/** A network call that never answers: QA gives the answer with the explorer's buttons. */
const never = <Output, Input>() => fromPromise<Output, Input>(() => new Promise<Output>(() => {}));

const text = (event: QaEvent, key: string): string => {
  const value = event[key];
  return typeof value === 'string' ? value : '';
};
const answerOf = (event: QaEvent) =>
  (event.output ?? null) as { code?: number; message?: string } | null;
const quote = (value: string) => `“${value}”`;

/** `The shop answers 200 “Email sent!”` */
const shopAnswers = (what: string): EventGuide => ({
  step: (event) => {
    const answer = answerOf(event);
    return `${what} answers ${answer?.code ?? ''} ${quote(answer?.message ?? '')}`;
  },
  payload: (event) => String(answerOf(event)?.code ?? ''),
});
const noAnswer = (what: string): EventGuide => ({
  step: () => `${what} gets no answer (the connection fails)`,
  payload: () => 'offline',
});
const typeInto = (label: string, value: string) =>
  value === '' ? `Clear the ${label} field` : `Clear ${label} and type ${quote(value)}`;

/** What a step into this state shows from the answer it got (the server's own message). */
const answerMessage: StateTexts = (_snapshot, step) => {
  const message = step ? answerOf(step.event as QaEvent)?.message : undefined;
  return message ? [message] : [];
};
const contextText =
  (key: string): StateTexts =>
  (snapshot) => {
    const value = (snapshot.context as Record<string, unknown>)[key];
    return typeof value === 'string' ? [value] : [];
  };

// ---------------------------------------------------------------------------------------------
// Wholesale enquiry form
// ---------------------------------------------------------------------------------------------

const enquiryLabels = messages.enquiry.placeholders;
const changeEnquiry = (field: keyof EnquiryInput, value: string): QaEvent => ({
  type: 'CHANGE',
  field,
  value,
});

export const enquiryForm: QaMachine = {
  key: 'enquiry-form',
  name: 'Wholesale enquiry form',
  story: 'Machines/Enquiry form',
  intro:
    'The wholesale enquiry form, in the Wholesale Enquiry modal: a trade customer fills in their name, e-mail, address, company, phone and the enquiry, and presses Send. The form checks every field first and says what is missing; the shop then answers, and the form says whether the e-mail was sent. A hidden second phone field catches robots: when it is filled, nothing is sent and nothing is said.',
  machine: enquiryFormMachine.provide({ actors: { sendEnquiry: never() } }),
  events: [
    { type: 'SEND' },
    changeEnquiry('email', 'aoife@murphyfuels'),
    changeEnquiry('email', sampleEnquiry.email),
    changeEnquiry('telephone2', '07700 900123'),
    changeEnquiry('telephone2', ''),
    {
      type: 'xstate.done.actor.sendEnquiry',
      output: { code: 200, message: messages.enquiry.sent },
    },
    {
      type: 'xstate.done.actor.sendEnquiry',
      output: { code: 429, message: messages.enquiry.tooMany },
    },
    { type: 'xstate.error.actor.sendEnquiry', error: new TypeError('Failed to fetch') },
  ],
  starts: [
    { label: 'Open the form filled in with a valid enquiry', input: { values: sampleEnquiry } },
  ],
  guides: {
    CHANGE: {
      step: (event) =>
        typeInto(enquiryLabels[text(event, 'field') as keyof EnquiryInput], text(event, 'value')),
      payload: (event) => `${text(event, 'field')}, ${text(event, 'value') || '""'}`,
    },
    SEND: { step: () => `Press ${messages.enquiry.send}` },
    'xstate.done.actor.sendEnquiry': shopAnswers('The shop'),
    'xstate.error.actor.sendEnquiry': noAnswer('Sending'),
  },
  texts: {
    'enquiryForm.ready.invalid': (snapshot) => {
      const result = validateEnquiry((snapshot.context as { values: EnquiryInput }).values);
      return result.ok ? [] : result.errors;
    },
    'enquiryForm.ready.sent': [messages.enquiry.sent],
    'enquiryForm.ready.rejected': answerMessage,
    'enquiryForm.ready.failed': [messages.enquiry.networkFailure],
  },
  checks: {
    'enquiryForm.sending': `${messages.enquiry.send} shows it is busy, and the fields cannot be changed`,
    'enquiryForm.ready.discarded': 'Nothing is sent and no message appears',
    'enquiryForm.ready.rejected': 'Everything typed is still there',
    'enquiryForm.ready.failed': 'Everything typed is still there',
  },
  notices: notifiedTexts,
};

// ---------------------------------------------------------------------------------------------
// The session (sign-in state) and the account forms
// ---------------------------------------------------------------------------------------------

const renamed = { ...customer, fullName: 'Siobhan McAllister' };
const offlineAuth = new AuthNetworkError(
  authTexts.networkFailure,
  new TypeError('Failed to fetch'),
);
const greeting = (snapshot: AnyMachineSnapshot) => {
  const user = (snapshot.context as { user: { fullName: string } | null }).user;
  return user ? [messages.greeting(user.fullName)] : [messages.customerLogin];
};

export const auth: QaMachine = {
  key: 'auth',
  name: 'Session (signed in or not)',
  story: 'Machines/Auth',
  intro:
    'The session: whether a customer is logged in, which the top bar shows on every page ("Hi, …!" and the account menu, or Customer Login). When a page opens, the shop is asked who is logged in; logging in, logging out and a session ending elsewhere change what the top bar shows.',
  machine: authMachine.provide({
    actors: { [FETCH_ME]: never(), [SIGN_IN]: never(), [SIGN_OUT]: never() },
  }),
  events: [
    { type: `xstate.done.actor.${FETCH_ME}`, output: customer },
    { type: `xstate.done.actor.${FETCH_ME}`, output: null },
    { type: `xstate.error.actor.${FETCH_ME}`, error: offlineAuth },
    { type: 'RETRY' },
    { type: 'SIGN_IN', email: customer.email, password: 'a long passphrase' },
    {
      type: `xstate.done.actor.${SIGN_IN}`,
      output: { code: 200, message: messages.auth.signedIn, user: customer },
    },
    {
      type: `xstate.done.actor.${SIGN_IN}`,
      output: { code: 401, message: messages.auth.invalidCredentials },
    },
    { type: `xstate.error.actor.${SIGN_IN}`, error: offlineAuth },
    { type: 'SIGNED_IN', user: customer },
    { type: 'UPDATED', user: renamed },
    { type: 'LOGOUT' },
    {
      type: `xstate.done.actor.${SIGN_OUT}`,
      output: { code: 200, message: messages.auth.loggedOut },
    },
    { type: `xstate.error.actor.${SIGN_OUT}`, error: offlineAuth },
    { type: 'SESSION_ENDED' },
  ],
  starts: [
    { label: `Open a page rendered for ${customer.fullName}`, input: { user: customer } },
    { label: 'Open a fresh page as a guest', input: { user: null, verified: true } },
  ],
  guides: {
    [`xstate.done.actor.${FETCH_ME}`]: {
      step: (event) => {
        const user = event.output as { fullName: string } | null;
        return user
          ? `The shop says ${user.fullName} is logged in`
          : 'The shop says nobody is logged in';
      },
      payload: (event) => (event.output as { fullName: string } | null)?.fullName ?? 'nobody',
    },
    [`xstate.error.actor.${FETCH_ME}`]: noAnswer('Checking who is logged in'),
    RETRY: { step: () => 'Ask again who is logged in (back online)' },
    SIGN_IN: {
      step: (event) =>
        `Log in as ${text(event, 'email')} with the password ${quote(text(event, 'password'))}`,
      payload: (event) => text(event, 'email'),
    },
    [`xstate.done.actor.${SIGN_IN}`]: shopAnswers('The shop'),
    [`xstate.error.actor.${SIGN_IN}`]: noAnswer('Logging in'),
    SIGNED_IN: {
      step: (event) =>
        `Create an account or reset the password as ${(event.user as { fullName: string }).fullName}`,
      payload: (event) => (event.user as { fullName: string }).fullName,
    },
    UPDATED: {
      step: (event) =>
        `Save your details with the name ${quote((event.user as { fullName: string }).fullName)}`,
      payload: (event) => (event.user as { fullName: string }).fullName,
    },
    LOGOUT: { step: () => `Open the account menu and choose ${authTexts.menu.logout}` },
    [`xstate.done.actor.${SIGN_OUT}`]: shopAnswers('The shop'),
    [`xstate.error.actor.${SIGN_OUT}`]: noAnswer('Logging out'),
    SESSION_ENDED: {
      step: () => 'End the session elsewhere (log out in another tab, or delete the account)',
    },
  },
  texts: {
    'auth.checking': greeting,
    'auth.checkFailed': greeting,
    'auth.signedIn': greeting,
    'auth.signedIn.logoutFailed': [authTexts.logoutFailed],
    'auth.signedOut': [messages.customerLogin],
    'auth.signedOut.refused': contextText('error'),
    'auth.signedOut.failed': contextText('error'),
    'auth.signedOut.loggedOut': [authTexts.loggedOut],
  },
  notices: (step) =>
    step.emitted.flatMap((event) =>
      event.type === 'notify' ? [(event as EventObject & { message: string }).message] : [],
    ),
};

interface AuthFormCase {
  key: string;
  name: string;
  intro: string;
  machine: AnyStateMachine;
  submit: string;
  labels: Record<string, string>;
  valid: Record<string, string>;
  bad: { field: string; value: string; message: string };
  accepted: AuthAnswer;
  refused: AuthAnswer;
}

const authLabels = messages.auth.labels;

function authForm(form: AuthFormCase): QaMachine {
  const id = form.machine.id;
  const fieldLabel = (field: string) => form.labels[field] ?? field;
  return {
    key: form.key,
    name: form.name,
    story: 'Machines/Auth',
    intro: form.intro,
    machine: form.machine.provide({ actors: { [VALIDATE]: never(), [SUBMIT]: never() } }),
    events: [
      { type: 'CHANGE', field: form.bad.field, value: form.bad.value },
      { type: 'CHANGE', field: form.bad.field, value: form.valid[form.bad.field] ?? '' },
      { type: 'SUBMIT' },
      { type: `xstate.done.actor.${VALIDATE}`, output: form.valid },
      {
        type: `xstate.error.actor.${VALIDATE}`,
        error: new AuthFormInvalidError({ [form.bad.field]: form.bad.message }),
      },
      { type: `xstate.done.actor.${SUBMIT}`, output: form.accepted },
      { type: `xstate.done.actor.${SUBMIT}`, output: form.refused },
      { type: `xstate.error.actor.${SUBMIT}`, error: offlineAuth },
    ],
    starts: [{ label: `Open the ${form.name} filled in correctly`, input: { values: form.valid } }],
    guides: {
      CHANGE: {
        step: (event) => typeInto(fieldLabel(text(event, 'field')), text(event, 'value')),
        payload: (event) => `${text(event, 'field')}, ${text(event, 'value') || '""'}`,
      },
      SUBMIT: { step: () => `Press ${form.submit}` },
      [`xstate.done.actor.${VALIDATE}`]: {
        step: () => 'The form checks the fields: they pass',
        payload: () => 'valid',
      },
      [`xstate.error.actor.${VALIDATE}`]: {
        step: () => `The form checks the fields: ${fieldLabel(form.bad.field)} is not right`,
        payload: () => form.bad.field,
      },
      [`xstate.done.actor.${SUBMIT}`]: shopAnswers('The shop'),
      [`xstate.error.actor.${SUBMIT}`]: noAnswer('Sending'),
    },
    texts: {
      [`${id}.editing.invalid`]: (snapshot) => [
        authTexts.checkErrors,
        ...Object.values((snapshot.context as { fieldErrors: Record<string, string> }).fieldErrors),
      ],
      [`${id}.editing.refused`]: contextText('problem'),
      [`${id}.editing.failed`]: contextText('problem'),
    },
    checks: {
      [`${id}.validating`]: `${form.submit} shows it is busy, and the fields cannot be changed`,
      [`${id}.submitting`]: `${form.submit} shows it is busy, and the fields cannot be changed`,
      [`${id}.done`]: `${form.submit} cannot be pressed again`,
    },
    notices: notifiedTexts,
  };
}

const goodPassword = 'a long passphrase';

export const loginForm = authForm({
  key: 'login-form',
  name: 'Customer Login form',
  intro:
    'The Customer Login form: an e-mail and a password. The form checks both before anything is sent; the shop then logs the customer in, or refuses with one message whatever was wrong.',
  machine: loginMachine,
  submit: authTexts.login.submit,
  labels: { email: authLabels.email, password: authLabels.password },
  valid: { email: customer.email, password: goodPassword },
  bad: { field: 'email', value: 'siobhan@example', message: messages.auth.emailInvalid },
  accepted: { code: 200, message: messages.auth.signedIn },
  refused: { code: 401, message: messages.auth.invalidCredentials },
});

export const registerForm = authForm({
  key: 'register-form',
  name: 'Create an account form',
  intro:
    'The Create an account form: full name, e-mail and a password of at least 8 characters. The form checks them before anything is sent; the shop then answers "check your email" whatever the address (a new account waits for the link it e-mails), or refuses (for example a password that is too common).',
  machine: registerMachine,
  submit: authTexts.register.submit,
  labels: { fullName: authLabels.fullName, email: authLabels.email, password: authLabels.password },
  valid: { fullName: customer.fullName, email: customer.email, password: goodPassword },
  bad: { field: 'password', value: 'short', message: messages.auth.passwordTooShort(8) },
  accepted: { code: 200, message: messages.auth.registerCheckEmail },
  refused: { code: 400, message: messages.auth.passwordTooCommon },
});

export const forgotForm = authForm({
  key: 'forgot-password-form',
  name: 'Forgotten password form',
  intro:
    'The Forgotten password form: the e-mail of an account, to which the shop sends a link to choose a new password. The form checks the e-mail before anything is sent.',
  machine: forgotMachine,
  submit: authTexts.forgot.submit,
  labels: { email: authLabels.email },
  valid: { email: customer.email },
  bad: { field: 'email', value: '', message: messages.auth.emailRequired },
  accepted: { code: 200, message: messages.auth.forgotSent },
  refused: { code: 429, message: messages.auth.tooManyAttempts },
});

export const resetForm = authForm({
  key: 'reset-password-form',
  name: 'Choose a new password form',
  intro:
    'The Choose a new password form, opened from the link in the password-reset e-mail: a new password of at least 8 characters. The form checks it before anything is sent; the shop refuses a link that is invalid or has expired.',
  machine: resetMachine,
  submit: authTexts.reset.submit,
  labels: { password: authLabels.newPassword },
  valid: { token: 'a'.repeat(43), password: 'a new long passphrase' },
  bad: { field: 'password', value: '', message: messages.auth.passwordRequired },
  accepted: { code: 200, message: messages.auth.resetDone },
  refused: { code: 400, message: messages.auth.resetInvalid },
});

export const verifyEmailForm = authForm({
  key: 'verify-email-form',
  name: 'Confirm your email address form',
  intro:
    'The Confirm your email address page, opened from the link in the e-mail sent after registering (or after asking to change the account’s address). It names the address the link confirms and asks for the password chosen with that link (the one typed when registering, or the account’s for a change of address); the button sends it with the link’s token. Opening the page changes nothing; the button confirms the address and logs the customer in, or the shop refuses a wrong password, or a link that is invalid, expired or used.',
  machine: verifyEmailMachine,
  submit: authTexts.verify.submit,
  labels: { password: authLabels.password },
  valid: { token: 'a'.repeat(43), password: goodPassword },
  bad: { field: 'password', value: '', message: messages.auth.passwordRequired },
  accepted: { code: 200, message: messages.auth.verified },
  refused: { code: 400, message: authAnswers.verifyWrongPassword },
});

// ---------------------------------------------------------------------------------------------
// The cart store
// ---------------------------------------------------------------------------------------------

/** An answer from the cart API: the cart it carries is left out of the explorer's JSON. */
function cartAnswer(code: number, message: string, houseCoal: number): CartResponse {
  const answer = { code, message } as CartResponse;
  Object.defineProperty(answer, 'cart', { value: cartWith(houseCoal), enumerable: false });
  return answer;
}

const cartBefore = cartWith(2);
const lineName = (cart: typeof cartBefore, lineId: string) => {
  const line = cart.items.find((item) => item.id === lineId);
  return line ? `${line.title}${line.attribute ? `, ${line.attribute}` : ''}` : 'that item';
};
/** The request being answered: the head of the queue. */
const headCommand = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as { queue: { command: CartCommand }[] }).queue[0]?.command;
const quietCommands = new Set<CartCommand['kind']>(['setPostcodeModal', 'refresh']);

function cartCommandStep(command: CartCommand, snapshot: AnyMachineSnapshot): string {
  const cart = (snapshot.context as { cart: typeof cartBefore }).cart;
  switch (command.kind) {
    case 'remove':
      return `Press ${quote(messages.cartPage.decrease(lineName(cart, command.lineId)))}`;
    case 'removeLine':
      return `Press ${quote(messages.cartPage.removeLine(lineName(cart, command.lineId)))}`;
    case 'empty':
      return `Press ${messages.cartPage.emptyCart}`;
    case 'setPostcodeModal':
      return command.open
        ? `Press ${cart.postcode ? messages.cartPage.changePostcode : messages.cartPage.setPostcode}`
        : `Close the ${messages.postcode.modalTitle} dialog`;
    case 'setPostcode':
      return `Set the postcode ${command.postcode} in the ${messages.postcode.modalTitle} dialog`;
    case 'add':
      return 'Add an item to the cart from an order form';
    case 'refresh':
      return 'Come back to the page (the cart is fetched again)';
  }
}

export const cart: QaMachine = {
  key: 'cart',
  name: 'Cart store',
  story: 'Machines/Cart',
  intro:
    'The cart: one per visitor, kept by the shop. Every change the visitor asks for (one fewer, remove, empty, change the postcode) goes to the shop one at a time, in the order asked; each answer brings the cart as the shop now has it, and the page shows the answer as a notification (green for a success, red otherwise).',
  machine: cartMachine.provide({ actors: { cartRequest: never() } }),
  events: [
    { type: 'REQUEST', id: 'r1', command: { kind: 'remove', lineId: houseCoalLineId } },
    { type: 'REQUEST', id: 'r2', command: { kind: 'setPostcodeModal', open: true } },
    {
      type: 'xstate.done.actor.cartRequest',
      output: cartAnswer(200, messages.cart.removed, 1),
    },
    {
      type: 'xstate.done.actor.cartRequest',
      output: cartAnswer(404, messages.cart.lineNotFound, 2),
    },
    {
      type: 'xstate.error.actor.cartRequest',
      error: new CartNetworkError(new TypeError('Failed to fetch')),
    },
  ],
  starts: [
    {
      label: 'Open the cart page with 2 × Premium House Coal and 1 × Smokeless Ovals',
      input: { cart: cartBefore },
    },
  ],
  alsoCover: (snapshot) => {
    const queue = (snapshot.context as { queue: { id: string }[] }).queue;
    return queue.length > 1 ? `queue ${queue.map((request) => request.id).join(',')}` : null;
  },
  guides: {
    REQUEST: {
      step: (event, before) => cartCommandStep(event.command as CartCommand, before),
      payload: (event) => `${text(event, 'id')}, ${(event.command as CartCommand).kind}`,
    },
    'xstate.done.actor.cartRequest': shopAnswers('The shop'),
    'xstate.error.actor.cartRequest': noAnswer('The request'),
  },
  texts: {},
  notices: (step: ModelStep) => {
    const command = headCommand(step.before);
    if (!command) return [];
    if (step.event.type === 'xstate.error.actor.cartRequest') {
      return [failureMessage((step.event as QaEvent).error)];
    }
    if (step.event.type !== 'xstate.done.actor.cartRequest') return [];
    const answer = (step.event as QaEvent).output as CartResponse;
    if (isSuccess(answer) && quietCommands.has(command.kind)) return [];
    return [answer.message];
  },
};

// ---------------------------------------------------------------------------------------------
// Checkout and the payment status
// ---------------------------------------------------------------------------------------------

const validForm = validateCheckout({ ...checkoutValues, postcode: 'BT11AA', domesticUse: false });
if (!validForm.ok) throw new Error('The QA checkout form must be valid.');
const checkoutLabels = messages.checkout.labels;
const offlineCheckout = new CheckoutNetworkError(
  checkoutTexts.submitFailed,
  new TypeError('Failed to fetch'),
);
const created = {
  code: 201,
  message: messages.checkout.created,
  order: { id: orderId, number: 'FY-100001', status: 'pending_payment', total: 183429 },
  orderToken: 'token-abc',
  redirectUrl: '/pay/test/ses_1',
};
const blocked = {
  code: 422,
  message: messages.cart.empty,
  errors: [messages.cart.empty],
};
const providerDown = {
  code: 502,
  message: messages.checkout.providerUnavailable,
  errors: [messages.checkout.providerUnavailable],
};
const dayFullMessage = deliveryMessages.deliveryDayFull('Wednesday 19 March', 'Friday 21 March');
const dayFull = {
  code: 409,
  message: dayFullMessage,
  errors: [dayFullMessage],
  fieldErrors: { deliveryDay: dayFullMessage },
  delivery: {
    ...qaDeliveryOffer,
    days: qaDeliveryOffer.days.map((d) => (d.day === '2025-03-19' ? { ...d, free: false } : d)),
    earliest: '2025-03-21',
    standard: '2025-03-21',
  },
};
const summaryLabel = (summary: unknown) => {
  const figures = summary as { domesticUse?: boolean; prioritySurcharge?: number } | null;
  const declared = figures?.domesticUse ? 'declared' : 'not declared';
  return (figures?.prioritySurcharge ?? 0) > 0 ? `${declared}, priority delivery` : declared;
};

export const checkout: QaMachine = {
  key: 'checkout',
  name: 'Checkout form',
  story: 'Machines/Checkout',
  intro:
    'The checkout form: contact details, the delivery address (the postcode is the cart’s), the delivery day (the earliest free standard day is chosen to begin with; fully booked days cannot be chosen), delivery instructions, the Terms of Purchase and, for large orders of fuel for a home, the domestic-use declaration, which lowers the VAT. Pay securely checks the form, then asks the shop to create the order and goes to the payment page. When the shop cannot be reached, pressing Pay securely again never charges twice.',
  machine: checkoutMachine.provide({
    actors: { loadSummary: never(), validateForm: never(), submitCheckout: never() },
    actions: { rememberOrder: () => {}, redirectToProvider: () => {} },
  }),
  events: [
    { type: 'CHANGE', field: 'fullName', value: 'Jane Doe' },
    { type: 'CHANGE', field: 'fullName', value: '' },
    { type: 'SET_ACCEPT_TERMS', value: true },
    { type: 'SET_ACCEPT_TERMS', value: false },
    { type: 'SET_DOMESTIC_USE', value: true },
    { type: 'SET_DOMESTIC_USE', value: false },
    { type: 'SET_DELIVERY_DAY', day: '2025-03-21' },
    { type: 'SET_PRIORITY', value: true },
    { type: 'SET_PRIORITY', value: false },
    { type: 'SUBMIT', key: 'attempt-1' },
    { type: 'RESUME' },
    { type: 'xstate.done.actor.loadSummary', output: summaryDeclared },
    { type: 'xstate.done.actor.loadSummary', output: summaryUndeclared },
    { type: 'xstate.done.actor.loadSummary', output: summaryPriority },
    { type: 'xstate.error.actor.loadSummary', error: offlineCheckout },
    { type: 'xstate.done.actor.validateForm', output: validForm.value },
    {
      type: 'xstate.error.actor.validateForm',
      error: new CheckoutInvalidError([messages.checkout.fullNameRequired], {
        fullName: messages.checkout.fullNameRequired,
      }),
    },
    { type: 'xstate.done.actor.submitCheckout', output: created },
    { type: 'xstate.done.actor.submitCheckout', output: blocked },
    { type: 'xstate.done.actor.submitCheckout', output: providerDown },
    { type: 'xstate.done.actor.submitCheckout', output: dayFull },
    { type: 'xstate.error.actor.submitCheckout', error: offlineCheckout },
  ],
  starts: [
    {
      label:
        'Open checkout for 3 × 900 L of kerosene to BT1 1AA on Monday 17 March 2025 (priority delivery on Tuesday 18 March; standard days from Wednesday 19 March, Thursday 20 March full), every field filled in but the full name',
      input: { summary: summaryUndeclared, values: { ...checkoutValues, fullName: '' } },
    },
  ],
  guides: {
    CHANGE: {
      step: (event) =>
        typeInto(
          checkoutLabels[text(event, 'field') as keyof typeof checkoutLabels],
          text(event, 'value'),
        ),
      payload: (event) => `${text(event, 'field')}, ${text(event, 'value') || '""'}`,
    },
    SET_ACCEPT_TERMS: {
      step: (event) =>
        event.value
          ? `Tick ${quote(checkoutLabels.acceptTerms)} (untick it first if it is ticked)`
          : `Untick ${quote(checkoutLabels.acceptTerms)}`,
    },
    SET_DOMESTIC_USE: {
      step: (event) =>
        `${event.value ? 'Tick' : 'Untick'} the domestic-use declaration (${quote(checkoutLabels.domesticUse)})`,
    },
    SET_DELIVERY_DAY: {
      step: (event) =>
        `Choose ${quote(dayInWords(text(event, 'day')))} under ${quote(checkoutTexts.deliveryDay.label)}`,
      payload: (event) => text(event, 'day'),
    },
    SET_PRIORITY: {
      step: (event) =>
        `${event.value ? 'Tick' : 'Untick'} priority delivery (${quote(
          checkoutTexts.deliveryDay.priority('Tuesday 18 March', '£25.00'),
        )})`,
    },
    SUBMIT: { step: () => `Press ${messages.checkout.pay}` },
    RESUME: { step: () => 'Come back from the payment page with the browser’s Back button' },
    'xstate.done.actor.loadSummary': {
      step: (event) =>
        `The shop sends the order summary (${summaryLabel(event.output)}: VAT at ${
          (event.output as { domesticUse: boolean }).domesticUse ? '5' : '20'
        } %)`,
      payload: (event) => summaryLabel(event.output),
    },
    'xstate.error.actor.loadSummary': noAnswer('Updating the order summary'),
    'xstate.done.actor.validateForm': {
      step: () => 'The form checks the fields: they pass',
      payload: () => 'valid',
    },
    'xstate.error.actor.validateForm': {
      step: () => `The form checks the fields: ${checkoutLabels.fullName} is missing`,
      payload: () => 'fullName',
    },
    'xstate.done.actor.submitCheckout': shopAnswers('The shop'),
    'xstate.error.actor.submitCheckout': noAnswer('Sending the order'),
  },
  texts: {
    'checkout.editing.invalid': (snapshot) => [
      checkoutTexts.checkErrors,
      ...Object.values((snapshot.context as { fieldErrors: Record<string, string> }).fieldErrors),
    ],
    'checkout.editing.refused': contextText('problem'),
    'checkout.editing.summaryFailed': [checkoutTexts.summaryFailed],
    'checkout.failed': contextText('problem'),
  },
  checks: {
    'checkout.updatingSummary': 'The order summary shows it is being updated; typing still works',
    'checkout.validating': `${messages.checkout.pay} shows it is busy, and the form cannot be changed`,
    'checkout.submitting': `${messages.checkout.pay} shows it is busy, and the form cannot be changed`,
    'checkout.redirecting': 'The browser goes on to the payment page',
  },
};

const orderAnswer = (status: Parameters<typeof orderWith>[0]): QaEvent => ({
  type: 'xstate.done.actor.checkOrder',
  output: orderWith(status),
});
const processTexts = checkoutTexts.process;

export const paymentStatus: QaMachine = {
  key: 'payment-status',
  name: 'Confirming the payment',
  story: 'Machines/Payment status',
  intro:
    'The page the customer comes back to from the payment page (/checkout/process). Only the payment provider can say an order is paid, so the page asks the shop again and again, waiting 1, 2, 4 and then 5 seconds between checks. Paid goes on to the confirmation page, a failed or cancelled payment back to checkout; after about two minutes the page stops asking and says the confirmation will follow by e-mail.',
  machine: paymentStatusMachine.provide({
    actors: { checkOrder: never() },
    actions: { navigateToSuccess: () => {}, navigateToCheckout: () => {} },
  }),
  events: [
    orderAnswer('pending_payment'),
    orderAnswer('paid'),
    orderAnswer('payment_failed'),
    orderAnswer('cancelled'),
    orderAnswer('needs_review'),
    { type: 'xstate.done.actor.checkOrder', output: null },
    {
      type: 'xstate.error.actor.checkOrder',
      error: new CheckoutNetworkError(checkoutTexts.order.failed, new TypeError('Failed to fetch')),
    },
    { type: 'xstate.after.pollDelay.paymentStatus.waiting' },
    { type: 'CHECK_AGAIN' },
  ],
  starts: [
    {
      label: 'Come back from the payment page for order FY-100001',
      input: { orderId, token: 'token-abc' },
    },
  ],
  manualClock: true,
  guides: {
    'xstate.done.actor.checkOrder': {
      step: (event) => {
        const order = event.output as { status: string } | null;
        return order
          ? `The shop says the order is ${order.status}`
          : 'The shop does not know the order (404)';
      },
      payload: (event) => (event.output as { status: string } | null)?.status ?? '404',
    },
    'xstate.error.actor.checkOrder': noAnswer('The check'),
    'xstate.after.pollDelay.paymentStatus.waiting': {
      step: () => 'Wait until the next check',
      payload: () => '',
    },
    CHECK_AGAIN: { step: () => `Press ${processTexts.checkAgain}` },
  },
  texts: {
    'paymentStatus.checking': [processTexts.description],
    'paymentStatus.waiting': [processTexts.description],
    'paymentStatus.gaveUp': [processTexts.gaveUp, processTexts.checkAgain, processTexts.orderLink],
    'paymentStatus.review': [processTexts.review, processTexts.orderLink],
    'paymentStatus.notFound': [processTexts.noOrder],
  },
  checks: {
    'paymentStatus.paid': 'The page goes on to the order confirmation',
    'paymentStatus.notPaid': 'The page goes back to checkout, with the notice for the payment',
  },
};

// ---------------------------------------------------------------------------------------------
// The Set Postcode modal
// ---------------------------------------------------------------------------------------------

function postcodeAnswer(code: number, message: string): CartResponse {
  const answer = { code, message } as CartResponse;
  Object.defineProperty(answer, 'cart', { value: cartWith(0), enumerable: false });
  return answer;
}
const offlineCart = new CartNetworkError(new TypeError('Failed to fetch'));

export const postcode: QaMachine = {
  key: 'postcode',
  name: 'Set Postcode modal',
  story: 'Machines/Postcode',
  intro:
    'The Set Postcode modal: it opens when the site needs a delivery postcode (for example to add an item to the cart) and asks for one. The postcode is tidied as it is typed (spaces removed, capitals), checked before it is sent, and then set on the cart; the X asks the shop to close the dialog.',
  machine: postcodeMachine.provide({
    actors: { setPostcode: never(), closeDialog: never() },
    actions: { navigateToCart: () => {} },
  }),
  events: [
    { type: 'OPEN' },
    { type: 'CLOSED' },
    { type: 'CHANGE', value: 'bt1 1aa' },
    { type: 'CHANGE', value: 'BT1' },
    { type: 'CHANGE', value: '' },
    { type: 'SUBMIT' },
    { type: 'DISMISS' },
    { type: 'xstate.done.actor.setPostcode', output: postcodeAnswer(201, messages.cart.added) },
    { type: 'xstate.done.actor.setPostcode', output: postcodeAnswer(200, messages.postcode.set) },
    {
      type: 'xstate.done.actor.setPostcode',
      output: postcodeAnswer(409, messages.postcode.alreadySet),
    },
    { type: 'xstate.error.actor.setPostcode', error: offlineCart },
    {
      type: 'xstate.done.actor.closeDialog',
      output: postcodeAnswer(200, messages.cart.modalClosed),
    },
    {
      type: 'xstate.done.actor.closeDialog',
      output: postcodeAnswer(400, messages.cart.modalFlagInvalid),
    },
    { type: 'xstate.error.actor.closeDialog', error: offlineCart },
  ],
  starts: [{ label: 'Open a page with the dialog closed', input: undefined }],
  guides: {
    OPEN: {
      step: () =>
        `Do something that needs a postcode (the ${messages.postcode.modalTitle} dialog opens)`,
    },
    CLOSED: { step: () => 'Close the dialog elsewhere (another tab, or the cart page)' },
    CHANGE: {
      step: (event) => typeInto(messages.postcode.label, text(event, 'value')),
      payload: (event) => text(event, 'value') || '""',
    },
    SUBMIT: { step: () => `Press ${messages.postcode.submit}` },
    DISMISS: { step: () => `Press the X (${messages.postcode.close})` },
    'xstate.done.actor.setPostcode': shopAnswers('The shop'),
    'xstate.error.actor.setPostcode': noAnswer('Setting the postcode'),
    'xstate.done.actor.closeDialog': shopAnswers('The shop'),
    'xstate.error.actor.closeDialog': noAnswer('Closing the dialog'),
  },
  texts: {
    'postcode.open': [messages.postcode.modalTitle, messages.postcode.resetWarning],
    'postcode.open.editing': contextText('error'),
  },
  checks: {
    'postcode.closed': `The ${messages.postcode.modalTitle} dialog is closed`,
    'postcode.open.submitting': `${messages.postcode.submit} shows it is busy, and the postcode cannot be changed`,
    'postcode.open.closing': 'The dialog stays open until the shop answers',
  },
};

// ---------------------------------------------------------------------------------------------
// The order form (its state names are changing: everything here is keyed by event, and the
// states' expectations come from the states themselves, see `orderFormTexts`)
// ---------------------------------------------------------------------------------------------

const orderFormCart = (code: number, message: string, cartPostcode: string | null) => ({
  code,
  message,
  cart: { ...cartWith(0), postcode: cartPostcode },
});
interface OrderFormContextLike {
  productType?: string;
  products?: readonly {
    id: string;
    title: string;
    sizes: readonly { id: string; title: string }[];
  }[];
  productId?: string | null;
  error?: string | null;
}
const orderContext = (snapshot: AnyMachineSnapshot) => snapshot.context as OrderFormContextLike;
const productTitle = (snapshot: AnyMachineSnapshot, productId: string) =>
  orderContext(snapshot).products?.find((p) => p.id === productId)?.title ?? productId;
const sizeTitle = (snapshot: AnyMachineSnapshot, sizeId: string) => {
  const context = orderContext(snapshot);
  const product = context.products?.find((p) => p.id === context.productId);
  return product?.sizes.find((s) => s.id === sizeId)?.title ?? sizeId;
};
const cartCall = (what: string): EventGuide => ({
  step: (event) => {
    const answer = answerOf(event);
    return `The cart answers ${what}: ${answer?.code ?? ''} ${quote(answer?.message ?? '')}`;
  },
  payload: (event) => String(answerOf(event)?.code ?? ''),
});

/**
 * The order form's expectations without its state names: the texts its states declare in
 * `meta.texts`, the warnings it emits, the cart's answers (the cart store shows each one) and an
 * error the form shows in its own alert.
 */
function orderFormTexts(step: ModelStep): string[] {
  const texts = [...metaTexts(step.after), ...notifiedTexts(step)];
  for (const emitted of step.emitted) {
    if (emitted.type === 'added') {
      const response = (emitted as EventObject & { response?: { message?: string } }).response;
      if (response?.message) texts.push(response.message);
    }
  }
  if (/^xstate\.done\.actor\./.test(step.event.type)) {
    const message = answerOf(step.event as QaEvent)?.message;
    if (message) texts.push(message);
  }
  const error = orderContext(step.after).error;
  if (error && error !== orderContext(step.before).error) texts.push(error);
  return texts;
}

const oilForm: OrderFormInput = {
  productType: 'oil',
  products: [kerosene, gasOil],
  cartPostcode: null,
};
const otherForm: OrderFormInput = {
  productType: 'other',
  products: [kindling, unpriced],
  cartPostcode: null,
};

export const orderForm: QaMachine = {
  key: 'order-form',
  name: 'Order form',
  story: 'Machines/Order form',
  intro:
    'The order form, on the Order Online modal’s tabs and on every product card: choose a product, its size (Amount for oil) and, except for oil, a quantity; enter the delivery postcode after the fixed BT; the price follows the choice. Add to Cart sets a new postcode on the cart first, then adds the item; the postcode is then locked until “Change postcode?” is pressed.',
  machine: orderFormMachine.provide({
    actors: { setPostcode: never(), addToCart: never() },
  }),
  events: [
    { type: 'PRODUCT_CHANGED', productId: kerosene.id },
    { type: 'PRODUCT_CHANGED', productId: gasOil.id },
    { type: 'PRODUCT_CHANGED', productId: kindling.id },
    { type: 'PRODUCT_CHANGED', productId: unpriced.id },
    { type: 'SIZE_CHANGED', sizeId: '92' },
    { type: 'SIZE_CHANGED', sizeId: '151' },
    { type: 'SIZE_CHANGED', sizeId: '152' },
    { type: 'QUANTITY_CHANGED', quantity: 3 },
    { type: 'POSTCODE_CHANGED', value: 'BT1 1AA' },
    { type: 'POSTCODE_CHANGED', value: '1AA' },
    { type: 'POSTCODE_CHANGED', value: '' },
    { type: 'POSTCODE_CHANGED', value: '201AA' },
    { type: 'CHANGE_POSTCODE' },
    { type: 'CANCEL_POSTCODE_CHANGE' },
    { type: 'ADD_TO_CART' },
    { type: 'KEEP_CART' },
    { type: 'CLEAR_CART_AND_ADD' },
    { type: 'CART_POSTCODE_CHANGED', postcode: 'BT11AA' },
    { type: 'CART_POSTCODE_CHANGED', postcode: null },
    { type: 'CART_COUNT_CHANGED', count: 2 },
    {
      type: 'xstate.done.actor.setPostcode',
      output: orderFormCart(200, messages.postcode.set, 'BT11AA'),
    },
    {
      type: 'xstate.done.actor.setPostcode',
      output: orderFormCart(400, messages.postcode.invalidModal, null),
    },
    {
      type: 'xstate.error.actor.setPostcode',
      error: new CartNetworkError(new TypeError('offline')),
    },
    {
      type: 'xstate.done.actor.addToCart',
      output: orderFormCart(200, messages.cart.added, 'BT11AA'),
    },
    {
      type: 'xstate.done.actor.addToCart',
      output: orderFormCart(422, messages.cart.cannotDeliver, 'BT11AA'),
    },
    { type: 'xstate.error.actor.addToCart', error: new CartNetworkError(new TypeError('offline')) },
  ],
  starts: [
    { label: 'Open the Oil tab of Order Online (no postcode in the cart yet)', input: oilForm },
    {
      label: 'Open the Wood & Other Products tab of Order Online (no postcode in the cart yet)',
      input: otherForm,
    },
    {
      label: `Open the order form on the ${kindling.title} product card`,
      input: { ...otherForm, productId: kindling.id },
    },
    {
      label: `Open the order form on the ${unpriced.title} product card`,
      input: { ...otherForm, productId: unpriced.id },
    },
    {
      label:
        'Open the Oil tab of Order Online as the shop shows it after BT20 1AA was sent without script over a cart of 2 items for BT1 1AA',
      input: { ...oilForm, cartPostcode: 'BT11AA', cartCount: 2, start: { postcode: '201AA' } },
    },
    {
      label: `Open the order form on the ${kindling.title} product card, with 2 items in the cart for BT1 1AA`,
      input: { ...otherForm, productId: kindling.id, cartPostcode: 'BT11AA', cartCount: 2 },
    },
  ],
  guides: {
    PRODUCT_CHANGED: {
      step: (event, before) =>
        `Choose ${quote(productTitle(before, text(event, 'productId')))} in ${messages.orderForm.product}`,
      payload: (event, before) => productTitle(before, text(event, 'productId')),
    },
    SIZE_CHANGED: {
      step: (event, before) =>
        `Choose ${quote(sizeTitle(before, text(event, 'sizeId')))} in ${
          orderContext(before).productType === 'oil'
            ? messages.orderForm.amount
            : messages.orderForm.size
        }`,
      payload: (event, before) => sizeTitle(before, text(event, 'sizeId')),
    },
    QUANTITY_CHANGED: {
      step: (event) => `Choose ${String(event.quantity)} in ${messages.orderForm.quantity}`,
    },
    POSTCODE_CHANGED: {
      step: (event) => typeInto(messages.orderForm.postcode, text(event, 'value')),
      payload: (event) => text(event, 'value') || '""',
    },
    CHANGE_POSTCODE: { step: () => `Press ${quote(messages.postcode.changePostcode)}` },
    CANCEL_POSTCODE_CHANGE: {
      step: () => `Press ${quote(messages.postcode.cancelPostcodeChange)}`,
    },
    ADD_TO_CART: { step: () => `Press ${messages.orderForm.addToCart}` },
    KEEP_CART: { step: () => `Press ${quote(messages.orderForm.keepCart)}` },
    CLEAR_CART_AND_ADD: { step: () => `Press ${quote(messages.orderForm.clearCartAndAdd)}` },
    CART_COUNT_CHANGED: {
      step: (event) =>
        `Add to the cart elsewhere, so that it holds ${String(event.count)} items (another form or tab)`,
      payload: (event) => String(event.count),
    },
    CART_POSTCODE_CHANGED: {
      step: (event) =>
        typeof event.postcode === 'string'
          ? `Set the cart’s postcode to ${event.postcode} elsewhere (the ${messages.postcode.modalTitle} dialog, or another form)`
          : 'Empty the cart elsewhere (the cart’s postcode goes)',
      payload: (event) => (typeof event.postcode === 'string' ? event.postcode : 'none'),
    },
    'xstate.done.actor.setPostcode': cartCall('the postcode'),
    'xstate.error.actor.setPostcode': noAnswer('Setting the postcode'),
    'xstate.done.actor.addToCart': cartCall('the add'),
    'xstate.error.actor.addToCart': noAnswer('Adding to the cart'),
  },
  texts: {},
  notices: orderFormTexts,
};

// ---------------------------------------------------------------------------------------------

/** Every machine of the site, in the order the coverage page lists them. */
export const qaMachines: readonly QaMachine[] = [
  enquiryForm,
  auth,
  loginForm,
  registerForm,
  forgotForm,
  resetForm,
  verifyEmailForm,
  cart,
  checkout,
  paymentStatus,
  postcode,
  orderForm,
];

/** The registry entry with this key (docs/qa/<key>.md). */
export function qaMachine(key: string): QaMachine {
  const entry = qaMachines.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`No machine "${key}" in the QA registry.`);
  return entry;
}
