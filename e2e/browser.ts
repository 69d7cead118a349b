import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

/** Collects console errors and warnings (React reports hydration mismatches there). */
export function watchConsole(page: Page): ConsoleMessage[] {
  const messages: ConsoleMessage[] = [];
  page.on('console', (message) => {
    // Tests that block the service worker see our registration's own warning about it.
    if (message.text().includes('Service Worker registration blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message);
  });
  page.on('pageerror', (error) => {
    messages.push({ type: () => 'error', text: () => error.message } as ConsoleMessage);
  });
  return messages;
}

/** The client entry marks the document once React has hydrated it. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
