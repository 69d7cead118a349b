import { describe, expect, inject, it } from 'vitest';

/** What the production build serves as files, over plain HTTP (no browser needed). */
const baseURL = inject('baseURL');

async function scriptsOfHome(): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/`)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return scripts.filter((src): src is string => typeof src === 'string');
}

describe('static files of the production build', () => {
  it('serves no source maps, and the bundle names none', async () => {
    const scripts = await scriptsOfHome();
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const res = await fetch(`${baseURL}${src}`);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('sourceMappingURL');
      for (const map of [`${src}.map`, `${src.replace(/\.js$/, '.js%2Emap')}`]) {
        const answer = await fetch(`${baseURL}${map}`);
        expect(answer.status, map).toBe(404);
        expect(await answer.text()).not.toContain('sourcesContent');
      }
    }
  });

  it('never serves the SSR template, however its path is spelt', async () => {
    for (const path of [
      '/app/index.html',
      '/app%2findex.html',
      '/%61pp/index.html',
      '/./app/index.html',
    ]) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toContain('__CSP_NONCE__');
      expect(body, path).not.toContain('<!--app-html-->');
    }
  });
});
