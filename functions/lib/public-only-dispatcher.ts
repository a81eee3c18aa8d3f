/**
 * Outbound HTTP that reaches only the public internet (the SSRF guard of every fetch the product
 * makes on a user's behalf): an undici dispatcher whose connector refuses any address ipaddr.js
 * does not class as public unicast. The check runs where the socket is opened (on an address
 * literal before connecting, on every answer of the lookup the socket itself makes), so the
 * address checked is the address connected to, whatever an earlier lookup said (DNS rebinding),
 * and each redirect hop, being a connection of its own, is checked again.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** The `code` of the error a refused connection fails with (the `cause` of fetch's TypeError). */
export const REFUSED_ADDRESS_CODE = 'EPRIVATEADDRESS';

/** IPv6 ranges whose last 32 bits are an IPv4 address the kernel or a NAT64 gateway connects to. */
const TRAILING_IPV4_RANGES = ['::/96', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
/** 6to4: the IPv4 address of the relay's far end sits in bits 16 to 48. */
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  if (TRAILING_IPV4_RANGES.some((range) => address.match(range))) return new ipaddr.IPv4(bytes.slice(12));
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/**
 * Whether an address literal is on the public internet: ipaddr.js's `unicast` range only (so no
 * loopback, private, link-local, CGNAT, reserved such as 198.18/15 and 192.0.0/24, site-local,
 * multicast or unspecified), and an IPv6 form that carries an IPv4 address (mapped, translated,
 * compatible, NAT64, 6to4) is judged by that IPv4 address. Anything but a literal is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  const judged = parsed instanceof ipaddr.IPv6 ? (embeddedIPv4(parsed) ?? parsed) : parsed;
  return judged.range() === 'unicast';
}

const refusal = (hostname: string, address: string) =>
  Object.assign(new Error(`${hostname} (${address}) is not a public address`), { code: REFUSED_ADDRESS_CODE });

/** Every address a name resolves to; the system resolver unless a test gives its own. */
export type ResolveAddresses = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveAddresses = (hostname, options) => lookup(hostname, { ...options, all: true });

/**
 * A socket's lookup that answers only when every address of the name is public. Node asks for one
 * address or, when it races IPv4 and IPv6 (autoSelectFamily), for all of them.
 */
export function publicOnlyLookup(resolve: ResolveAddresses = resolveWithSystem): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isPublicAddress(entry.address));
        if (refused) return callback(refusal(hostname, refused.address), []);
        if (options.all) return callback(null, addresses);
        const [first] = addresses;
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

export type PublicOnlyDispatcherOptions = {
  /** The resolver the sockets use (tests map their own names). */
  resolve?: ResolveAddresses;
  /** `host:port` origins connected to without the check: tests' fixture servers, never set in AWS. */
  allowedHosts?: readonly string[];
};

/** An undici dispatcher (pass as fetch's `dispatcher`) whose connections reach public addresses only. */
export function createPublicOnlyDispatcher({ resolve, allowedHosts = [] }: PublicOnlyDispatcherOptions = {}): Agent {
  const guarded = buildConnector({ lookup: publicOnlyLookup(resolve) });
  const unguarded = buildConnector({});
  return new Agent({
    connect(options, callback) {
      if (options.host !== undefined && allowedHosts.includes(options.host)) return unguarded(options, callback);
      // An address literal is connected to without a lookup, so it is checked here.
      if (isIP(options.hostname) !== 0 && !isPublicAddress(options.hostname)) return callback(refusal(options.hostname, options.hostname), null);
      return guarded(options, callback);
    },
  });
}

/** Whether a failed fetch was refused by this guard. */
export function isRefusedAddressError(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && 'code' in cause && cause.code === REFUSED_ADDRESS_CODE;
}
