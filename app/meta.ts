import { isRouteErrorResponse } from 'react-router-dom';
import { escapeHtml } from '../api/domain/html';
import { messages } from '../api/domain/messages';
import { site } from '../api/domain/site';

export interface PageMeta {
  title: string;
  description: string;
}

/** Route `handle.meta`: fixed, or worked out from the route's loader data. */
export interface RouteHandle {
  meta?: PageMeta | ((data: unknown) => PageMeta);
}

interface MatchLike {
  handle?: unknown;
  data?: unknown;
}

export const defaultMeta: PageMeta = {
  title: `${site.companyName} | Coal, Heating Oil & Wood Pellets Delivered in Northern Ireland`,
  description: `${site.tagline}. Order bagged coal, kerosene, wood pellets and briquettes online for delivery to any BT postcode.`,
};

export function titleFor(page: string): string {
  return `${page} | ${site.companyName}`;
}

/** The deepest route with meta wins; an error replaces it with the error page's own title. */
export function resolveMeta(matches: readonly MatchLike[], error?: unknown): PageMeta {
  if (error !== undefined && error !== null) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return {
      title: titleFor(notFound ? messages.notFound.heading : messages.error.heading),
      description: notFound ? messages.notFound.text : messages.error.heading,
    };
  }
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const meta = (match?.handle as RouteHandle | undefined)?.meta;
    if (!meta) continue;
    if (typeof meta !== 'function') return meta;
    // A route whose loader has not produced data (it failed) cannot describe itself.
    if (match?.data !== undefined && match.data !== null) return meta(match.data);
  }
  return defaultMeta;
}

export function renderHeadTags(meta: PageMeta): string {
  return `<title>${escapeHtml(meta.title)}</title>\n<meta name="description" content="${escapeHtml(meta.description)}" />`;
}
