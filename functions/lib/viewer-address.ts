/**
 * Whose address a request came from. Behind CloudFront, API Gateway's `sourceIp` is the edge's
 * address, shared by every viewer of that edge; the distribution's viewer-request function writes
 * the viewer's own address into VIEWER_ADDRESS_HEADER (overwriting any a viewer sent) and the
 * origin adds ORIGIN_VERIFY_HEADER with the stack's secret. A direct caller of the API can send
 * both headers but not the secret, so the viewer header counts only beside the right secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/** Set by the distribution's viewer-request function to CloudFront's `event.viewer.ip`. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
/** Added by CloudFront to every origin request of the API; its value is the origin secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Constant-time equality of two strings of any length (digests are compared, not the texts). */
function isSameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A dotted-quad IPv4 or an IPv6 literal in its canonical form (an IPv4-mapped IPv6 address as its
 * IPv4), or undefined: CloudFront writes exactly these, never the legacy `127.1` or hex forms.
 */
function canonicalAddress(text: string): string | undefined {
  const trimmed = text.trim();
  const isLiteral = ipaddr.IPv4.isValidFourPartDecimal(trimmed) || ipaddr.IPv6.isValid(trimmed);
  return isLiteral ? ipaddr.process(trimmed).toString() : undefined;
}

/**
 * The viewer's address: the one CloudFront vouches for when the request carries the origin
 * secret, otherwise the connection's own (`sourceIp`: a direct caller, or the local host). Without
 * a configured secret (the local host) no header is trusted.
 */
export function viewerAddress(request: {
  sourceIp: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** Asked only when the request presents a secret, so a request without one needs no configuration. */
  originSecret: () => string | undefined;
}): string {
  const { sourceIp, headers } = request;
  const presented = headers[ORIGIN_VERIFY_HEADER];
  if (presented === undefined) return sourceIp;
  const originSecret = request.originSecret();
  if (!originSecret || !isSameSecret(presented, originSecret)) return sourceIp;
  const vouched = headers[VIEWER_ADDRESS_HEADER];
  return (vouched !== undefined ? canonicalAddress(vouched) : undefined) ?? sourceIp;
}
