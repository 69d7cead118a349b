/**
 * The client's address, for rate limits: the socket's, or, when TRUST_PROXY is set (Koa's
 * `app.proxy`), the left-most X-Forwarded-For entry. Framework-free: a Koa context fits as it is.
 */
export function clientIp(request: {
  ip: string;
  socket: { remoteAddress?: string | undefined };
}): string {
  return request.ip || request.socket.remoteAddress || 'unknown';
}
