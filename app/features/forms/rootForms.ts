import { useSiteLocation, useSiteRootData } from '../navigation';
import type { FormOutcome } from '../../../api/domain/pageForms';

/*
 * What the server rendered for one request about a form (api/ssr/forms), as the root loader
 * hands it over. A module of its own, apart from the forms' components (pageForm.tsx): the layout
 * reads it on every page (ServerNotices), the forms only on theirs.
 */

export interface RootForms {
  form?: FormOutcome | null;
  notice?: string | null;
}

export function useRootForms(): RootForms {
  return (useSiteRootData() as RootForms | undefined) ?? {};
}

/**
 * Whether this is still the page the server rendered (no client navigation since): what the
 * server rendered for one request (a refused form, a notice) belongs to that page only.
 */
export function useFirstPage(): boolean {
  return useSiteLocation().key === 'default';
}
