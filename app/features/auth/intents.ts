/**
 * The server's name for each account form (api/ssr/forms/auth.ts): the hidden `intent` field of a
 * post made without JavaScript.
 */
export const authIntents = {
  login: 'login',
  register: 'register',
  forgot: 'forgotPassword',
  reset: 'resetPassword',
  verify: 'verifyEmail',
  accountDetails: 'accountDetails',
  changePassword: 'changePassword',
  deleteAccount: 'deleteAccount',
  claimOrder: 'claimOrder',
  logout: 'logout',
} as const;
