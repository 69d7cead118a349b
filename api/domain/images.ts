/**
 * Product image URL rewrite (SPEC §7):
 * - URLs inside the cloud-storage uploads bucket map to the site's /cdn path;
 * - relative URLs (the API's own /uploads) get /api prefixed;
 * - any other absolute URL is kept as it is.
 */
export function rewriteImageUrl(url: string, uploadsBaseUrl: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return trimmed;
  const base = uploadsBaseUrl.endsWith('/') ? uploadsBaseUrl : `${uploadsBaseUrl}/`;
  if (uploadsBaseUrl !== '' && trimmed.startsWith(base)) {
    return `/cdn/${trimmed.slice(base.length)}`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  return trimmed.startsWith('/') ? `/api${trimmed}` : `/api/${trimmed}`;
}
