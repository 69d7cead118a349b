import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { HttpTimeouts } from './config';

/**
 * Node's own defaults let a slow client hold a connection for minutes: 60 s for the headers and
 * 300 s for the whole request, checked only every 30 s (measured before this: a header line every
 * 2 s was cut after 86 s, a trickled body after 325 s). These options set all three limits and
 * check them often enough that each fires close to its value.
 */
export function httpServerOptions(timeouts: HttpTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(timeouts),
  };
}

/**
 * Node checks the headers and request timeouts on an interval (default 30 s), so a timeout fires
 * up to one interval late: check four times per headers timeout (10 s -> every 2.5 s), between
 * 50 ms and Node's 30 s default. The check walks the open connections, so it is cheap.
 */
export function checkingIntervalMs(timeouts: HttpTimeouts): number {
  const shortest = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  return Math.min(30_000, Math.max(50, Math.floor(shortest / 4)));
}

/** The HTTP server for `listener` (Koa's `app.callback()`), with the slow-client limits set. */
export function createHttpServer(listener: RequestListener, timeouts: HttpTimeouts): Server {
  const server = createServer(httpServerOptions(timeouts), listener);
  // Also a documented property, in case a Node version ignores the option.
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return server;
}
