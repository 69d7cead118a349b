/**
 * The confirmation page's own words (issue 46), apart from `authTexts` so that only the page and
 * its form carry them (authTexts is in every page's first script).
 */
export const verifyTexts = {
  /** The address the link proves, from the server (never from the link's own text). */
  confirms: (email: string) => `This link confirms the email address ${email}.`,
  passwordHint:
    'The password you chose when you created the account. For a change of address: your account’s password.',
  /** Shown to a browser signed in to an account when the link is for a new one. */
  signedInAsOther: (email: string) =>
    `You are logged in as ${email}. This link is for a new account: please log out first, then open the link again.`,
} as const;
