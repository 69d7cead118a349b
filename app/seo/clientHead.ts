/**
 * The one part of app/seo the browser loads (from app/routes.tsx), kept tiny for the first-load
 * budget. The server's canonical link, Open Graph tags and structured data (app/seo/head.ts)
 * describe the page it rendered. A client-side navigation to another address drops them rather
 * than leave them describing the page before: a browser's share sheet reads the canonical link.
 * Crawlers and link previews read the server's HTML of each address, which has its own.
 */
export const serverHeadTags =
  'link[rel=canonical],meta[property^="og:"],script[type="application/ld+json"]';

export function dropServerHead(request: Request): void {
  if (typeof document === 'undefined' || request.url === location.href.split('#')[0]) return;
  for (const tag of document.head.querySelectorAll(serverHeadTags)) tag.remove();
}
