import { isIPv6 } from 'node:net';

/**
 * The site's own origin ("https://shop.example"), for absolute links (robots.txt, sitemap.xml),
 * the URL handed to the server renderer, and comparisons with a request's `Origin` header.
 * Framework-free: a Koa context fits `RequestAuthority` as it is (`ctx.protocol`, `ctx.host`;
 * with TRUST_PROXY those come from X-Forwarded-Proto and X-Forwarded-Host).
 */
export interface RequestAuthority {
  /** "http" or "https" (a trailing ":" is accepted). */
  protocol: string;
  /** The Host header (or X-Forwarded-Host): "name[:port]", "1.2.3.4[:port]" or "[v6][:port]". */
  host: string;
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HOST_AND_PORT = /^([^:[\]]+)(?::([0-9]{1,5}))?$/;
const IPV6_AND_PORT = /^\[([0-9a-f:.]+)\](?::([0-9]{1,5}))?$/i;

function validPort(port: string | undefined): boolean {
  if (port === undefined) return true;
  const value = Number(port);
  return value >= 1 && value <= 65535;
}

/** A DNS name (letters, digits, "-" and "_" in labels of at most 63) or a dotted IPv4 address. */
function validHostname(name: string): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  // A numeric last label makes the whole name an IPv4 address to URL parsers ("999.1.1.1",
  // "0x7f.1"): accept only the plain dotted-decimal form.
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) return IPV4.test(name);
  return labels.every((label) => LABEL.test(label));
}

/**
 * Whether `host` is a well-formed Host header value: a hostname, an IPv4 address or a bracketed
 * IPv6 address (no zone), with an optional port from 1 to 65535. No userinfo, path or spaces.
 */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 261) return false;
  const v6 = IPV6_AND_PORT.exec(host);
  if (v6) return isIPv6(v6[1] ?? '') && validPort(v6[2]);
  const named = HOST_AND_PORT.exec(host);
  return named !== null && validHostname(named[1] ?? '') && validPort(named[2]);
}

/**
 * The origin of an http(s) URL ("https://shop.example", lower case, without a default port),
 * or null for anything else (another scheme, unparsable).
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The site's origin for a request: PUBLIC_URL's origin when it is set (the Host header is then
 * ignored), else `protocol://host` when both are valid, else null (answer 400). The result is
 * normalised as browsers send `Origin` (lower case, no default port), so the two can be compared
 * as strings.
 */
export function requestOrigin(request: RequestAuthority, publicUrl?: string | null): string | null {
  if (publicUrl) return originOf(publicUrl);
  const protocol = request.protocol.toLowerCase().replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') return null;
  if (!isValidHost(request.host)) return null;
  return originOf(`${protocol}://${request.host}`);
}
