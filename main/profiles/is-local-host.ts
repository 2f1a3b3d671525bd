import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';

export interface LocalHostFacts {
  /** Defaults to os.networkInterfaces(); tests pass their own. */
  interfaces?: ReturnType<typeof networkInterfaces>;
  /** Defaults to os.hostname(). */
  hostname?: string;
}

/**
 * True when `baseUrl` points at this machine: localhost (and *.localhost), 127.0.0.0/8, ::1, the unspecified
 * addresses, this machine's host name, or any address of its network interfaces. The platform hands out API tokens
 * only to requests from its own host, so this decides whether the Connect screen offers "obtain a token on the
 * media-server host". No DNS lookup is made: a name that merely resolves here does not count.
 */
export function isLocalHost(baseUrl: string, facts: LocalHostFacts = {}): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  host = host.replace(/\.$/, '');
  if (host === '') return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;

  const family = isIP(host);
  if (family === 0) {
    const own = (facts.hostname ?? osHostname()).toLowerCase();
    return own !== '' && (host === own || host.split('.')[0] === own);
  }
  if (family === 4 && (host.startsWith('127.') || host === '0.0.0.0')) return true;
  if (family === 6) {
    if (host === '::1' || host === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
    if (mapped?.startsWith('127.')) return true;
    if (/^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)) return true;
  }
  const normalised = family === 6 ? canonicalIpv6(host) : host;
  for (const addresses of Object.values(facts.interfaces ?? networkInterfaces())) {
    for (const address of addresses ?? []) {
      const own = address.address.toLowerCase().replace(/%.*$/, '');
      if ((address.family === 'IPv6' ? canonicalIpv6(own) : own) === normalised) return true;
    }
  }
  return false;
}

/** One spelling per IPv6 address (URL already compresses, interfaces may not), via the URL parser. */
function canonicalIpv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}
