/** The account pages' paths (SPEC §8). */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/user/login';
export const AUTH_CALLBACK_PATH = '/login';
export const REGISTER_PATH = '/user/register';
export const FORGOT_PATH = '/user/password-forgot';
export const RESET_PATH = '/user/password-reset';
export const VERIFY_EMAIL_PATH = '/user/verify-email';
export const ACCOUNT_PATH = '/user/account';
export const ORDERS_PATH = '/order';
