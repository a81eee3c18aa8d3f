/**
 * Who is calling, in the words of the login alert (spec §3 "Login/session alert"; §2.5 new-login
 * and auto-logout dialogs): device, browser and version from the User-Agent header, and where
 * the address is. No geo database ships offline, so a public address is 'unknown' (the spec's
 * country table has both 'private' and 'unknown').
 */

export type ClientDescription = { device: string; browser: string; browserVersion: string };

/** First match wins: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/([\d.]+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|OPT)\/([\d.]+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/([\d.]+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/([\d.]+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/ },
  { name: 'Safari', pattern: /\bVersion\/([\d.]+)(?: Mobile\/\S+)? Safari\// },
  { name: 'curl', pattern: /^curl\/([\d.]+)/ },
];

/** iPhone and iPad before macOS (their user agents say "like Mac OS X"), Android before Linux. */
const DEVICES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'iPhone', pattern: /\biPhone\b/ },
  { name: 'iPad', pattern: /\biPad\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'Mac', pattern: /\bMacintosh\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

const UNKNOWN = 'Unknown';

/** Device, browser and browser version of a User-Agent header; 'Unknown' for what it does not say. */
export function describeUserAgent(userAgent: string): ClientDescription {
  const browser = BROWSERS.map(({ name, pattern }) => ({ name, match: pattern.exec(userAgent) })).find(({ match }) => match);
  return {
    device: DEVICES.find(({ pattern }) => pattern.test(userAgent))?.name ?? UNKNOWN,
    browser: browser?.name ?? UNKNOWN,
    browserVersion: browser?.match?.[1] ?? '',
  };
}

function ipv4Octets(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    // Link-local and carrier-grade NAT space are not routable on the internet either.
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** 'private' for loopback and private ranges (IPv4 and IPv6), otherwise 'unknown'. */
export function networkLocation(ip: string): 'private' | 'unknown' {
  const address = ip.trim().toLowerCase();
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const octets = ipv4Octets(mappedIpv4 ?? address);
  if (octets) return isPrivateIpv4(octets) ? 'private' : 'unknown';
  // IPv6: loopback, unique local (fc00::/7) and link-local (fe80::/10).
  if (address === '::1' || /^f[cd][0-9a-f]{2}:/.test(address) || /^fe[89ab][0-9a-f]:/.test(address)) return 'private';
  return 'unknown';
}

/**
 * Image proxies and prefetchers that load a message's images without a person reading it, by the
 * user agents they publish: Gmail's image proxy says GoogleImageProxy (via ggpht.com), Yahoo's
 * YahooMailProxy. Apple Mail Privacy Protection fetches every image at delivery through Apple's
 * proxies, which send a bare `Mozilla/5.0`.
 */
const MACHINE_USER_AGENTS: readonly RegExp[] = [/GoogleImageProxy/i, /\bggpht\.com\b/i, /YahooMailProxy/i, /^Mozilla\/5\.0$/];

/**
 * Address ranges Google's image proxy and crawlers fetch from: the blocks of Google's published
 * list of its own addresses (https://www.gstatic.com/ipranges/goog.json) that hold them,
 * 66.102.0.0/20 and 66.249.64.0/19; Google publishes no list of the image proxy alone, whose
 * addresses resolve to google-proxy-*.google.com, the reverse-DNS mask of its user-triggered
 * fetchers (developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers).
 * No Apple range: Mail Privacy Protection loads through iCloud Private Relay's egress addresses
 * (developer.apple.com/support/prepare-your-network-for-icloud-private-relay), which Safari users
 * browsing through Private Relay share, so an address there says nothing; Apple's own 17.0.0.0/8
 * is where its staff read mail. MPP is told by its bare user agent.
 */
const MACHINE_RANGES: ReadonlyArray<{ base: [number, number, number, number]; bits: number }> = [
  { base: [66, 102, 0, 0], bits: 20 },
  { base: [66, 249, 64, 0], bits: 19 },
];

const ipv4Number = (octets: readonly number[]) => octets.reduce((sum, octet) => sum * 256 + octet, 0);

function isInMachineRange(ip: string): boolean {
  const address = ip.trim().toLowerCase();
  const octets = ipv4Octets(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1] ?? address);
  if (!octets) return false;
  const value = ipv4Number(octets);
  return MACHINE_RANGES.some(({ base, bits }) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(ipv4Number(base) / 2 ** (32 - bits)));
}

/** True when an open-pixel load came from a mail-privacy proxy or image prefetcher rather than a person opening the message. */
export function isMachineOpen(request: { userAgent: string; sourceIp: string }): boolean {
  const userAgent = request.userAgent.trim();
  return MACHINE_USER_AGENTS.some((pattern) => pattern.test(userAgent)) || isInMachineRange(request.sourceIp);
}
