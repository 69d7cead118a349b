/**
 * Runs `task` when the browser is next idle, or after `timeoutMs` at the latest (and after
 * `timeoutMs` where there is no requestIdleCallback). Returns the function that cancels it.
 * For work the first load leaves out: code a visitor may soon need, deferred parts to hydrate.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, timeoutMs);
  return () => clearTimeout(timer);
}
