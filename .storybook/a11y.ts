/**
 * What axe checks in every story (`parameters.a11y`, see preview.tsx): WCAG 2.0–2.2 A and AA and
 * axe's best practices, the same tags as the end-to-end check over the whole site (e2e/axe.ts).
 *
 * A component story shows one component on its own, not a page, so the rules about a whole page
 * are off there: that all content sits in landmarks (`region`), that a page has one `main`
 * (`landmark-one-main`), one `h1` (`page-has-heading-one`) and a way to skip to its content
 * (`bypass`). axe runs them only over a whole document anyway, and a component story is checked
 * inside `body`. Every other best-practice rule applies (heading order, unique landmarks, empty
 * headings, ARIA roles, …).
 *
 * A page story (`app/pages/**`) is a page: it is checked as one, over the whole document, with
 * those rules on (preview.tsx puts it in a `main`, as the site's layout does). The Storybook
 * frame's own `<html lang>` and `<title>` are the frame's, not the page's: the end-to-end check
 * holds the site's pages to `html-has-lang` and `document-title`.
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const pageLevelRules = ['region', 'landmark-one-main', 'page-has-heading-one', 'bypass'];

const runOnly = { type: 'tag', values: axeTags } as const;

export const componentA11y = {
  test: 'error',
  options: { runOnly },
  config: { rules: pageLevelRules.map((id) => ({ id, enabled: false })) },
} as const;

export const pageA11y = {
  test: 'error',
  context: { include: ['html'] },
  options: { runOnly },
  config: { rules: pageLevelRules.map((id) => ({ id, enabled: true })) },
} as const;

/** Whether a story's file is one of the site's pages. */
export function isPageStory(fileName: unknown): boolean {
  return typeof fileName === 'string' && /(?:^|\/)app\/pages\//.test(fileName);
}
