/**
 * `promise`, or a rejection with `timeoutError()` once `ms` milliseconds have passed. The work
 * itself is not stopped: what it gives after the deadline is handed to `late` (to give back a
 * connection, say), and a late failure is ignored. Anything rejected that is not an Error is
 * wrapped in one.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  timeoutError: () => Error,
  late: (value: T) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(timeoutError());
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (expired) late(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
