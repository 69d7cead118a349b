import { sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The shop is in British English only (`<html lang="en-GB">`, prices formatted without Intl).
 * react-aria is built for any locale, and pays for it while a page loads: these plugins take out
 * what a single-locale site never uses. Production builds only (browser and server alike, so both
 * render with the same locale); development keeps the libraries as they are.
 *
 *  - react-aria works out the visitor's locale as its i18n module loads: navigator.language,
 *    checked with `Intl.DateTimeFormat.supportedLocalesOf`, and its writing direction with
 *    `Intl.Locale`'s `maximize()`. Those are the page's first Intl calls, which load ICU's data:
 *    30 to 80 ms of one task on a fast machine, four times that on a mid-range phone, while the
 *    page hydrates. Here the module answers en-GB, left to right.
 *  - @internationalized/number checks, as it loads, whether `Intl.NumberFormat` knows
 *    `signDisplay` (with a de-DE formatter: ICU's data again). Every browser the site supports
 *    does (Chrome 77, Firefox 70, Safari 14.1), so the check is answered without asking.
 *  - react-aria's built-in strings (a dialog's "Dismiss", a menu's labels) come in 34 languages,
 *    all bundled. Only en-US is kept (en-GB reads its strings); the others become empty tables.
 */

const fixedLocaleId = '\0fuelyard:fixed-locale';

/** The source of the module that replaces react-aria's useDefaultLocale. */
export const fixedLocaleModule = [
  "const locale = Object.freeze({ locale: 'en-GB', direction: 'ltr' });",
  'export function getDefaultLocale() { return locale; }',
  'export function useDefaultLocale() { return locale; }',
].join('\n');

const posixPath = (path: string) => path.split(sep).join('/');

/** A react-aria string table other than en-US, e.g. `…/dist/private/intl/overlays/de-DE.mjs`. */
const FOREIGN_STRINGS = /\/react-aria\/dist\/.*\/intl\/[^/]+\/(?!en-US\.)[a-z]{2}-[A-Z]{2}\.mjs$/;

/** @internationalized/number's load-time check, as its built module spells it. */
export const SIGN_DISPLAY_CHECK =
  /new Intl\.NumberFormat\('de-DE',\s*\{\s*signDisplay: 'exceptZero'\s*\}\)\.resolvedOptions\(\)\.signDisplay === 'exceptZero'/;

export function fixedLocale(): Plugin {
  return {
    name: 'fuelyard:fixed-locale',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromReactAria = importer !== undefined && posixPath(importer).includes('/react-aria/');
      return fromReactAria && /\/useDefaultLocale\.mjs$/.test(source) ? fixedLocaleId : null;
    },
    load(id) {
      return id === fixedLocaleId ? fixedLocaleModule : null;
    },
    transform(code, id) {
      const path = posixPath(id);
      if (FOREIGN_STRINGS.test(path)) return { code: 'export default {};', map: null };
      if (path.includes('/@internationalized/number/') && SIGN_DISPLAY_CHECK.test(code)) {
        return { code: code.replace(SIGN_DISPLAY_CHECK, 'true'), map: null };
      }
      return null;
    },
  };
}
