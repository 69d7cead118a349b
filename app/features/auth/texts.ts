/**
 * The account pages' own words (the browser's side of issue 16), in the style of the SPEC's
 * messages. Validation messages and the API's answers are the shared ones from the API's
 * catalogue (api/domain/messages.ts) through the shared yup schemas; these are what only the
 * pages say.
 */
export const authTexts = {
  loggedOut: 'You have been logged out.',
  networkFailure: 'We could not reach the shop. Please check your connection and try again.',
  logoutFailed: 'We could not log you out. Please try again.',
  checkErrors: 'Please check the highlighted fields.',
  login: {
    pageTitle: 'Customer Login',
    description: 'Log in to see your orders and check out faster.',
    formLabel: 'Customer Login',
    submit: 'Log in',
    forgotLink: 'Forgotten your password?',
    registerPrompt: 'New here?',
    registerLink: 'Create an account',
    welcome: (fullName: string) => `Welcome back, ${fullName}!`,
  },
  register: {
    pageTitle: 'Create an account',
    description: 'Create a customer account to see your orders and check out faster.',
    formLabel: 'Create an account',
    submit: 'Create account',
    loginPrompt: 'Already have an account?',
    loginLink: 'Log in',
    passwordHint: 'At least 8 characters. A few unusual words make a strong password.',
    welcome: (fullName: string) => `Welcome, ${fullName}! Your account has been created.`,
    /** After sending: what happens next (the API's answer is shown above it). */
    nextSteps:
      'Nothing arrived? Check your spam folder, or register again to get a new link. If you already have an account, the email tells you how to log in.',
  },
  verify: {
    pageTitle: 'Confirm your email address',
    description: 'Confirm your email address to finish.',
    intro:
      'Enter your password and press the button to confirm your email address. This finishes your new account, or the change of your account’s address, and logs you in.',
    formLabel: 'Confirm your email address',
    submit: 'Confirm my email address',
    noToken:
      'This confirmation link is incomplete. Please use the whole link from the email, or register again for a new one.',
    registerAgain: 'Register again',
  },
  forgot: {
    pageTitle: 'Forgotten password',
    description: 'We will e-mail you a link to choose a new password.',
    formLabel: 'Forgotten password',
    submit: 'Send reset link',
    intro:
      'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    sent: 'If an account uses that address, we have sent it a link to reset the password. The link works for 60 minutes.',
    backToLogin: 'Back to login',
  },
  reset: {
    pageTitle: 'Choose a new password',
    description: 'Choose a new password for your account.',
    formLabel: 'Choose a new password',
    submit: 'Save new password',
    noToken:
      'This password reset link is incomplete. Please use the link from the e-mail, or ask for a new one.',
    askAgain: 'Ask for a new link',
    done: 'Your password has been changed. Please log in with your new password.',
  },
  fields: {
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    currentPassword: 'Current password',
    phone: 'Phone',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  menu: {
    orders: 'Your orders',
    account: 'Your account',
    logout: 'Logout',
  },
  orders: {
    pageTitle: 'Your orders',
    description: 'The orders placed with your account.',
    loading: 'Loading your orders…',
    empty: 'You have not placed any orders with this account yet.',
    failed: 'We could not load your orders.',
    retry: 'Try again',
    number: 'Order',
    placed: 'Placed',
    status: 'Status',
    total: 'Total',
    view: (number: string) => `View order ${number}`,
  },
  claim: {
    prompt: 'Keep this order with your account, so it is listed under Your orders.',
    button: 'Add to my account',
    done: 'The order has been added to your account.',
  },
  account: {
    pageTitle: 'Your account',
    description: 'Your details, your password and your account.',
    details: 'Your details',
    save: 'Save details',
    saved: 'Your details have been saved.',
    address: 'Delivery address',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    town: 'Town',
    postcode: 'Postcode',
    passwordTitle: 'Change password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    deleteTitle: 'Delete account',
    deleteIntro:
      'Deleting your account signs you out and removes your details. We keep your past orders, without your name, for 6 years, as UK law requires for sales records.',
    deleteConfirm: 'Enter your password to confirm',
    deleteButton: 'Delete my account',
    deleted: 'Your account has been deleted.',
  },
} as const;
