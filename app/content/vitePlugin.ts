import type { Plugin } from 'vite';
import { parseContent } from './markdown.ts';

/**
 * Imports of `*.md` files become `{ title, description, heading, html, sections }`, rendered at
 * build time, so no Markdown parser ships to the browser.
 */
export function contentPlugin(): Plugin {
  return {
    name: 'fuelyard-content',
    transform(code, id) {
      if (!id.endsWith('.md')) return null;
      const doc = parseContent(code, id);
      return { code: `export default ${JSON.stringify(doc)};`, map: null };
    },
  };
}
