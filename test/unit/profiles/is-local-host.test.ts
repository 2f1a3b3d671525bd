import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLocalHost } from '../../../main/profiles/is-local-host';

type Interfaces = ReturnType<typeof networkInterfaces>;
const lan: Interfaces = {
  eth0: [
    { address: '192.168.10.20', netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:01', internal: false, cidr: '192.168.10.20/24' },
    { address: 'fe80::fc:ff:fe00:1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '00:00:00:00:00:01', internal: false, cidr: 'fe80::fc:ff:fe00:1/64', scopeid: 2 },
    { address: 'fd00:0:0:0:0:0:0:2', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '00:00:00:00:00:01', internal: false, cidr: 'fd00::2/64', scopeid: 0 },
  ],
};
const facts = { interfaces: lan, hostname: 'media-01' };

describe('isLocalHost', () => {
  it.each(['http://localhost:8080', 'https://LOCALHOST', 'http://app.localhost'])('treats %s as local', (url) => {
    expect(isLocalHost(url, facts)).toBe(true);
  });

  it.each(['http://127.0.0.1', 'http://127.1.2.3:9000'])('treats loopback IPv4 %s as local', (url) => {
    expect(isLocalHost(url, facts)).toBe(true);
  });

  it.each(['http://[::1]:8080', 'http://[::ffff:127.0.0.1]'])('treats loopback IPv6 %s as local', (url) => {
    expect(isLocalHost(url, facts)).toBe(true);
  });

  it('treats an address of this machine as local', () => {
    expect(isLocalHost('http://192.168.10.20:8080', facts)).toBe(true);
  });

  it('treats an IPv6 address of this machine as local whatever its spelling', () => {
    expect(isLocalHost('http://[fd00::2]/', facts)).toBe(true);
    expect(isLocalHost('http://[fe80::fc:ff:fe00:1]/', facts)).toBe(true);
  });

  it("treats this machine's host name as local", () => {
    expect(isLocalHost('http://media-01:8080', facts)).toBe(true);
  });

  it.each(['http://192.168.10.21', 'https://vms.example.com', 'http://[fd00::3]', 'http://10.0.0.1'])(
    'treats another host %s as remote',
    (url) => {
      expect(isLocalHost(url, facts)).toBe(false);
    },
  );

  it('answers false for something that is not an address', () => {
    expect(isLocalHost('not a url', facts)).toBe(false);
  });

  it("uses this machine's real interfaces by default", () => {
    expect(isLocalHost('http://127.0.0.1')).toBe(true);
    const firstExternal = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (firstExternal) expect(isLocalHost(`http://${firstExternal.address}/`)).toBe(true);
  });
});
