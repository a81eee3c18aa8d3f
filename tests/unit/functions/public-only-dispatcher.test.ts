import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import {
  createPublicOnlyDispatcher,
  isPublicAddress,
  isRefusedAddressError,
  publicOnlyLookup,
  REFUSED_ADDRESS_CODE,
  type ResolveAddresses,
} from '../../../functions/lib/public-only-dispatcher.js';

/** A resolver that knows only the names a test gives it, as a hostile DNS server would answer. */
const resolverOf =
  (names: Record<string, string[]>): ResolveAddresses =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('isPublicAddress', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['private', '10.1.2.3'],
    ['private', '172.16.0.1'],
    ['private', '192.168.1.1'],
    ['instance metadata (link-local)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['unspecified', '0.0.0.0'],
    ['benchmarking 198.18/15', '198.18.0.1'],
    ['benchmarking 198.18/15', '198.19.255.254'],
    ['IETF protocol assignments 192.0.0/24', '192.0.0.8'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 unique local', 'fd00::1'],
    ['IPv6 site-local fec0::/10', 'fec0::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped loopback, written in full', '0:0:0:0:0:ffff:7f00:1'],
    ['IPv4-mapped metadata address', '::ffff:a9fe:a9fe'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of the metadata address', '2002:a9fe:a9fe::'],
    ['Teredo', '2001::1'],
    ['documentation', '2001:db8::1'],
    ['a name', 'localhost'],
  ])('%s %s is not public', (_range, address) => {
    // Assess
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('%s is public', (address) => {
    // Assess
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('publicOnlyLookup', () => {
  const lookUp = (resolve: ResolveAddresses | undefined, hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((settle) =>
      publicOnlyLookup(resolve)(hostname, { all }, (error, address, family) => settle({ error, address, family })),
    );
  const resolve = resolverOf({
    'intranet.example': ['10.0.0.5'],
    'rebind.example': ['93.184.216.34', '::ffff:127.0.0.1'],
    'nat64.example': ['64:ff9b::a9fe:a9fe'],
    'www.example': ['93.184.216.34', '2606:2800:220:1::'],
  });

  it.each(['intranet.example', 'rebind.example', 'nat64.example'])('refuses %s, one of whose addresses is not public', async (hostname) => {
    // Act
    const one = await lookUp(resolve, hostname, false);
    const all = await lookUp(resolve, hostname, true);

    // Assess
    expect(one.error?.code).toBe(REFUSED_ADDRESS_CODE);
    expect(all.error?.code).toBe(REFUSED_ADDRESS_CODE);
  });

  it('answers a public name the way the socket asked: one address, or all', async () => {
    // Act
    const one = await lookUp(resolve, 'www.example', false);
    const all = await lookUp(resolve, 'www.example', true);

    // Assess
    expect(one).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(all.error).toBeNull();
    expect(all.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::', family: 6 },
    ]);
  });

  it("passes the resolver's own failure on", async () => {
    // Act
    const { error } = await lookUp(resolve, 'missing.example', false);

    // Assess
    expect(error?.code).toBe('ENOTFOUND');
  });

  it('refuses localhost with the system resolver', async () => {
    // Act
    const { error } = await lookUp(undefined, 'localhost', false);

    // Assess
    expect(error?.code).toBe(REFUSED_ADDRESS_CODE);
  });
});

describe('createPublicOnlyDispatcher', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('internal'));
    server.keepAliveTimeout = 100;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ({ port } = server.address() as AddressInfo);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchThrough = async (url: string, options: Parameters<typeof createPublicOnlyDispatcher>[0] = {}) => {
    const dispatcher = createPublicOnlyDispatcher(options);
    try {
      const response = await fetch(url, { dispatcher, signal: AbortSignal.timeout(5_000) });
      return { body: await response.text() };
    } catch (error) {
      return { error };
    } finally {
      await dispatcher.destroy();
    }
  };

  it.each([
    ['a dotted IPv4 address', () => `http://127.0.0.1:${port}/`],
    ['an IPv4-mapped IPv6 address', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['an IPv4-mapped IPv6 address in hex', () => `http://[::ffff:7f00:1]:${port}/`],
    ['an IPv4-mapped IPv6 address written in full', () => `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`],
    ['a decimal IPv4 address', () => `http://2130706433:${port}/`],
    ['an octal IPv4 address', () => `http://0177.0.0.1:${port}/`],
    ['a short IPv4 address', () => `http://127.1:${port}/`],
    ['a name that resolves to loopback', () => `http://localhost:${port}/`],
  ])('keeps a connection from reaching loopback by %s', async (_form, url) => {
    // Act
    const { error, body } = await fetchThrough(url());

    // Assess
    expect(body).toBeUndefined();
    expect(isRefusedAddressError(error)).toBe(true);
  });

  it.each(['198.18.0.1', '192.0.0.8', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[fec0::1]', '169.254.169.254'])(
    'refuses the address %s before connecting',
    async (host) => {
      // Act
      const { error } = await fetchThrough(`http://${host}:${port}/`);

      // Assess
      expect(isRefusedAddressError(error)).toBe(true);
    },
  );

  it('keeps a connection from reaching a private address whatever a first lookup said (DNS rebinding)', async () => {
    // Prepare: the name answered a public address to whoever asked before; the socket's own lookup gets loopback.
    const resolve = resolverOf({ 'fixture.test': ['127.0.0.1'] });

    // Act
    const { error } = await fetchThrough(`http://fixture.test:${port}/`, { resolve });

    // Assess
    expect(isRefusedAddressError(error)).toBe(true);
  });

  it('lets a listed host:port through, and nothing else', async () => {
    // Act
    const listed = await fetchThrough(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] });
    const byName = await fetchThrough(`http://localhost:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] });
    const otherPort = await fetchThrough(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port + 1}`] });

    // Assess
    expect(listed.body).toBe('internal');
    expect(isRefusedAddressError(byName.error)).toBe(true);
    expect(isRefusedAddressError(otherPort.error)).toBe(true);
  });
});
