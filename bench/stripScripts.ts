/**
 * A page with its scripts removed: the no-script baseline of `npm run bench:lighthouse`, the
 * physical limit for that page (the same HTML, CSS, fonts and images, none of the JavaScript).
 */

/** Reads an attribute from one tag's source text, quoted or not. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

export interface Stripped {
  html: string;
  /** `<script>` elements removed (inline or with a src, of any type, data included). */
  scripts: number;
  /** `<link rel="modulepreload">` and `<link rel="preload" as="script">` removed. */
  preloads: number;
}

/** Removes every `<script>` element and every link that makes the browser fetch a script. */
export function stripScripts(html: string): Stripped {
  let scripts = 0;
  let preloads = 0;
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, () => {
    scripts++;
    return '';
  });
  const withoutPreloads = withoutScripts.replace(/<link\b[^>]*>/gi, (tag) => {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const as = (attribute(tag, 'as') ?? '').toLowerCase();
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) {
      preloads++;
      return '';
    }
    return tag;
  });
  return { html: withoutPreloads, scripts, preloads };
}
