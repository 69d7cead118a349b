/** /login: the auth callback. Its loader always redirects, so this never renders. */
export default function LoginCallbackPage(): null {
  return null;
}
