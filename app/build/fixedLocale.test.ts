import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { SIGN_DISPLAY_CHECK, fixedLocale, fixedLocaleModule } from './fixedLocale';

/** react-aria's and @internationalized/number's built files, as the production build reads them. */
const modules = join(import.meta.dirname, '../../node_modules');
const reactAriaDist = join(modules, 'react-aria/dist/private');
const numberFormatter = join(modules, '@internationalized/number/dist/private/NumberFormatter.mjs');

type Hook = (this: unknown, ...args: unknown[]) => unknown;
/** Calls one of the plugin's hooks as Vite would (plain functions here, no filter objects). */
function hook(plugin: Plugin, name: 'resolveId' | 'load' | 'transform', ...args: unknown[]) {
  const h = plugin[name] as Hook | undefined;
  if (typeof h !== 'function') throw new Error(`no ${name} hook`);
  return h.call({}, ...args);
}

describe('fixedLocale', () => {
  const plugin = fixedLocale();

  it("puts its module in place of react-aria's useDefaultLocale, for the importer react-aria has", () => {
    const provider = join(reactAriaDist, 'i18n/I18nProvider.mjs');
    // If react-aria moves the module, this fails rather than the plugin silently doing nothing.
    expect(readFileSync(provider, 'utf8')).toContain('from "./useDefaultLocale.mjs"');
    const id = hook(plugin, 'resolveId', './useDefaultLocale.mjs', provider);
    expect(id).toEqual(expect.any(String));
    expect(hook(plugin, 'load', id)).toBe(fixedLocaleModule);
    // Anything else resolves as usual.
    expect(hook(plugin, 'resolveId', './useDefaultLocale.mjs', '/app/somewhere.ts')).toBeNull();
    expect(hook(plugin, 'resolveId', './utils.mjs', provider)).toBeNull();
  });

  it('exports what the module it replaces exports, answering en-GB left to right', async () => {
    const original = readFileSync(join(reactAriaDist, 'i18n/useDefaultLocale.mjs'), 'utf8');
    const exported = [...original.matchAll(/ as (\w+)[,}]/g)].map((m) => m[1]).sort();
    expect(exported).toEqual(['getDefaultLocale', 'useDefaultLocale']);
    const module = (await import(
      `data:text/javascript,${encodeURIComponent(fixedLocaleModule)}`
    )) as Record<string, () => unknown>;
    for (const name of exported) {
      expect(module[name ?? '']?.()).toEqual({ locale: 'en-GB', direction: 'ltr' });
    }
  });

  it('answers the number formatter’s signDisplay check without calling Intl', () => {
    const code = readFileSync(numberFormatter, 'utf8');
    expect(code).toMatch(SIGN_DISPLAY_CHECK);
    const result = hook(plugin, 'transform', code, numberFormatter) as { code: string };
    expect(result.code).not.toMatch(SIGN_DISPLAY_CHECK);
    expect(result.code).not.toContain("new Intl.NumberFormat('de-DE'");
    // The rest of the module is untouched.
    expect(result.code.length).toBeGreaterThan(code.length - 200);
  });

  it('keeps only the en-US table of react-aria’s strings', () => {
    const strings = (locale: string) => join(reactAriaDist, `intl/overlays/${locale}.mjs`);
    expect(readFileSync(strings('de-DE'), 'utf8')).toContain('dismiss');
    expect(
      hook(plugin, 'transform', readFileSync(strings('de-DE'), 'utf8'), strings('de-DE')),
    ).toEqual({
      code: 'export default {};',
      map: null,
    });
    expect(
      hook(plugin, 'transform', readFileSync(strings('en-US'), 'utf8'), strings('en-US')),
    ).toBeNull();
    expect(hook(plugin, 'transform', 'export const x = 1;', '/app/pages/de-DE.mjs')).toBeNull();
  });
});
