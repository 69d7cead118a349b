/**
 * Answers of the account API that the browser only ever shows as it receives them, and the
 * account e-mails' subjects: kept out of the shared catalogue (messages.ts), which every page's
 * first script carries. The API, the tests and the stories read them from here.
 */
export const authAnswers = {
  /** A confirmation link with a password that is not the one chosen with it (400). */
  verifyWrongPassword:
    'That is not the password chosen for this link. Please enter the password you chose when you created the account (or, for a change of address, your account’s password).',
  /** A confirmation link followed in a browser signed in to another account (409). */
  verifySignedInAsOther:
    'You are logged in to another account. Please log out first, then open the link again.',
  /** DELETE /api/users/me while an order still needs the customer's details (409). */
  accountHasOpenOrders: (numbers: readonly string[]) =>
    `Your account cannot be deleted yet: ${
      numbers.length === 1
        ? `order ${numbers[0]} is`
        : numbers.length <= 5
          ? `orders ${numbers.join(', ')} are`
          : `orders ${numbers.slice(0, 5).join(', ')} and ${numbers.length - 5} more are`
    } still to be delivered or being checked, and we need your details for that. Please try again once your orders have been delivered, or contact us.`,
  resetEmailSubject: 'Reset your password',
  verifyEmailSubject: 'Confirm your email address',
  registerExistingSubject: 'You already have an account',
  changeEmailSubject: 'Confirm your new email address',
  changeEmailTakenSubject: 'Someone tried to use your email address',
  emailChangedSubject: 'Your email address has been changed',
} as const;
