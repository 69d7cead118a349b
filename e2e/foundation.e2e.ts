import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { site } from '../api/domain/site';
import { scriptsNamedIn } from '../bench/firstLoad';
import { launchBrowser, waitForHydration, watchConsole } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('the production build', () => {
  it('server-renders the home page with contacts and seeded prices, no JS needed', async () => {
    const res = await fetch(`${baseURL}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res.headers);
    const html = await res.text();
    for (const office of site.offices) expect(html).toContain(office.phone);
    expect(html).toContain(site.email);
    expect(html).toMatch(/Kerosene Heating Oil<\/h2>.*?£192\.00/s);
    expect(html).toContain('<title>');
  });

  it('answers an unknown path with 404 and the Page not found page', async () => {
    for (const path of ['/no-such-page', '/No-Such-Page/deeper']) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Page not found');
      expect(html).toContain(
        'The page you are searching for cannot be found. Sorry for any inconvenience.',
      );
      expect(html).toContain('Go back to home');
      expectSecurityHeaders(res.headers);
    }
  });

  it('puts security headers and long-lived caching on hashed assets', async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const script = scriptsNamedIn(html)[0];
    expect(script).toMatch(/^assets\/.+\.js$/);
    const res = await fetch(`${baseURL}/${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
    const api = await fetch(`${baseURL}/api/health`);
    expectSecurityHeaders(api.headers);
  });

  it('hydrates without warnings and without refetching the catalogue', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const graphqlRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/graphql')) graphqlRequests.push(req.url());
    });
    const thirdParty: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL) && !req.url().startsWith('data:'))
        thirdParty.push(req.url());
    });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await expect(
      page.getByRole('heading', { level: 1 }).first().textContent(),
    ).resolves.toBeTruthy();
    expect(problems.map((m) => m.text())).toEqual([]);
    expect(graphqlRequests).toEqual([]);
    expect(thirdParty).toEqual([]);
    await page.close();
  });
});
