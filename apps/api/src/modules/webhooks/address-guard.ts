import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where a webhook may be sent (docs/webhooks.md, docs/security.md). A workspace admin chooses the URL,
// so without these checks the server would call its own loopback services, the private network behind
// it or the cloud's metadata service for them (server-side request forgery). The address is checked
// when the socket connects (the `lookup` handed to the HTTP request), not only when the URL is saved:
// a DNS name that resolved to a public address when saved and to 127.0.0.1 when called (DNS
// rebinding) is refused too.

/** Addresses no webhook may reach, whatever the settings. */
const neverAllowed = new BlockList();
neverAllowed.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network"
neverAllowed.addSubnet('10.0.0.0', 8, 'ipv4'); // private
neverAllowed.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
neverAllowed.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, cloud metadata (169.254.169.254)
neverAllowed.addSubnet('172.16.0.0', 12, 'ipv4'); // private
neverAllowed.addSubnet('192.0.0.0', 24, 'ipv4'); // IETF protocol assignments
neverAllowed.addSubnet('192.0.2.0', 24, 'ipv4'); // documentation
neverAllowed.addSubnet('192.168.0.0', 16, 'ipv4'); // private
neverAllowed.addSubnet('198.18.0.0', 15, 'ipv4'); // benchmarking
neverAllowed.addSubnet('198.51.100.0', 24, 'ipv4'); // documentation
neverAllowed.addSubnet('203.0.113.0', 24, 'ipv4'); // documentation
neverAllowed.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
neverAllowed.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved, broadcast
neverAllowed.addAddress('::', 'ipv6'); // unspecified
neverAllowed.addSubnet('fc00::', 7, 'ipv6'); // unique local, AWS metadata (fd00:ec2::254)
neverAllowed.addSubnet('fe80::', 10, 'ipv6'); // link-local
neverAllowed.addSubnet('ff00::', 8, 'ipv6'); // multicast
neverAllowed.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
neverAllowed.addSubnet('100::', 64, 'ipv6'); // discard

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 form carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const hex = lower.match(/^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 !== undefined ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (loopback.check(ip, type)) return allowLoopback ? null : 'a loopback address';
  if (neverAllowed.check(ip, type)) return 'a private, link-local or reserved address';
  return null;
}

export interface AddressPolicy {
  /** Loopback allowed (outside production, or WEBHOOK_ALLOW_PRIVATE=true). */
  allowLoopback: boolean;
  /** http: allowed besides https (outside production). */
  allowHttp: boolean;
}

/** Resolves a host name to every address it has (dns.lookup by default; tests hand their own). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/** The host of a URL as net.connect takes it (IPv6 literals without their brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Why a URL is refused when it is saved (messages.ts words each for the person). */
export type UrlProblem = 'invalid' | 'scheme' | 'credentials' | 'unresolvable' | 'address';

/**
 * Checks a URL as it is saved: its scheme, and every address its host has now. Answers why it is
 * refused, or null. (The address is checked again at every connection.)
 */
export async function refusedUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<UrlProblem | null> {
  if (!URL.canParse(raw)) return 'invalid';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'credentials';
  const host = hostOf(url);
  if (isIP(host)) return refusedAddress(host, policy.allowLoopback) ? 'address' : null;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  const refused = addresses.some(({ address }) => refusedAddress(address, policy.allowLoopback));
  return refused ? 'address' : null;
}

/**
 * The `lookup` of the HTTP request: resolves with `resolve` and fails the connection when any address is
 * refused, so the socket only ever connects to an address that was checked.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
        const refused = addresses.map((a) => refusedAddress(a.address, policy.allowLoopback)).find(Boolean);
        if (addresses.length === 0 || refused) {
          const error = new RefusedAddressError(
            addresses.length === 0 ? `${hostname} does not resolve` : `${hostname} resolves to ${refused}`,
          );
          callback(error as NodeJS.ErrnoException, '', 4);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
