import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import type { Logger } from '../logger';

/**
 * Server rendering runs app code (loaders, React, React Router) that reports through `console`.
 * Inside `withConsoleLogger`, and everything it awaits, console output becomes structured log
 * lines of the given logger instead of raw text on stdout/stderr. Outside it, `console` behaves
 * as before.
 */
const current = new AsyncLocalStorage<Logger>();
/** The wrappers this module put on `console`, so each method is wrapped once. */
const wrappers = new WeakSet<object>();

const levels = {
  error: 'error',
  warn: 'warn',
  info: 'info',
  log: 'info',
  debug: 'debug',
} as const;

type ConsoleMethod = keyof typeof levels;

/**
 * Wraps each console method (again, if something replaced a wrapper since): inside a
 * `withConsoleLogger` task the call becomes a log line, anywhere else it goes to the method that
 * was there before.
 */
function install(target: Console): void {
  for (const method of Object.keys(levels) as ConsoleMethod[]) {
    if (wrappers.has(target[method])) continue;
    const original = target[method].bind(target);
    const wrapper = (...args: unknown[]) => {
      const logger = current.getStore();
      if (!logger) {
        original(...args);
        return;
      }
      // An Error goes to `err`, where the logger's serializer (with its redaction) handles it.
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = err === undefined ? args : args.filter((arg) => arg !== err);
      logger[levels[method]]({ source: 'console', ...(err ? { err } : {}) }, format(...rest));
    };
    wrappers.add(wrapper);
    target[method] = wrapper;
  }
}

/** Runs `task` with console output routed to `logger`. */
export function withConsoleLogger<T>(logger: Logger, task: () => Promise<T>): Promise<T> {
  install(console);
  return current.run(logger, task);
}
