import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * pino's error serializer (with the cause as its own object), minus the bound values of a failed
 * query. Drizzle's DrizzleQueryError puts them in its message (and so its stack) after "params:",
 * and in `params`; they can hold a visitor's name, e-mail or address, which must never reach the
 * logs. The SQL text has only placeholders and is kept.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.errWithCause(error) as Record<string, unknown>;
  const { query } = error as Error & { query?: unknown };
  if ('params' in error && typeof query === 'string') {
    delete serialized.params;
    const message = `Failed query: ${query}\nparams: [redacted]`;
    const head = `${error.name}: ${error.message}`;
    const stack = error.stack ?? '';
    serialized.message = message;
    serialized.stack = `${error.name}: ${message}${stack.startsWith(head) ? stack.slice(head.length) : ''}`;
  }
  // The cause chain through this same serializer (a 503 wraps the failed query it came from);
  // pino's own would print the query's parameters. Bounded: a cause chain may loop.
  const { cause } = error as Error & { cause?: unknown };
  if (cause instanceof Error) {
    if (depth < 8) serialized.cause = serializeError(cause, depth + 1);
    else delete serialized.cause;
  }
  return serialized;
}

/** Structured JSON logs on stdout (or `destination`), one line per event. */
export function createLogger(
  level: string,
  base: Record<string, unknown> = {},
  destination?: DestinationStream,
): Logger {
  const options = {
    level,
    base: { service: 'fuelyard', ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
