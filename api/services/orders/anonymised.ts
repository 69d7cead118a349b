/**
 * Deleting an account anonymises its orders (api/services/auth/service.ts): the e-mail address
 * becomes `deleted-{order id}@deleted.invalid`, an address that can never be delivered to (the
 * `.invalid` top-level domain is reserved). It keeps the column's uniqueness and shape; it is no
 * one's address, so nothing shows it to a person and nothing writes to it.
 */
const anonymisedDomain = '@deleted.invalid';

/** Whether an order's e-mail address is the one an account's deletion left. */
export function isAnonymisedEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(anonymisedDomain);
}

/** The order's e-mail address as a person may see it: empty for a deleted customer's order. */
export function shownEmail(email: string): string {
  return isAnonymisedEmail(email) ? '' : email;
}
