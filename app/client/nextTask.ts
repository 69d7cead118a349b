/** Resolves in a later task, after the browser has had a turn (the page's start runs in stages). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
