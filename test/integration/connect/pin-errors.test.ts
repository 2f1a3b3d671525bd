import { hasDbus } from '../../support/dbus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRegistryApp, testSender, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { ProfileView } from '../../../preload/contract/connect';

describe.skipIf(!hasDbus)('pinning a certificate that cannot be read answers a typed error with a sentence', () => {
  let under: RegistryApp;
  let simulator: RunningSimulator;

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 13 });
    under = await startRegistryApp('pin-errors');
  });
  afterEach(async () => {
    await under.app.dispose();
    await simulator.close();
  });

  it('says an http:// address has no certificate, next to the address', async () => {
    const profile = await under.call<ProfileView>('profiles.save', { name: 'Plain', baseUrl: simulator.baseUrl });
    const result = await under.registry.call('profiles.pinCertificate', { id: profile.id, sha256: 'AA'.repeat(32) }, testSender);
    expect(result).toMatchObject({ ok: false, error: { kind: 'Validation', message: 'This server uses plain http: there is no certificate to review.' } });
    if (!result.ok) expect(result.error.fieldErrors.baseUrl).toEqual(['Use an https:// address to check a certificate.']);
  });

  it('says a failed handshake in words and keeps the TLS library text for support', async () => {
    // https:// to a port that speaks plain HTTP: the handshake fails with OpenSSL's "wrong version number".
    const profile = await under.call<ProfileView>('profiles.save', { name: 'Not TLS', baseUrl: simulator.baseUrl.replace('http://', 'https://') });
    for (const channel of ['profiles.pinCertificate', 'profiles.inspectCertificate']) {
      const result = await under.registry.call(channel, { id: profile.id, sha256: 'AA'.repeat(32) }, testSender);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error).toMatchObject({ kind: 'Offline', data: { reason: 'tls-handshake' } });
      expect(result.error.message).toMatch(/^A secure connection to 127\.0\.0\.1:\d+ could not be set up\./);
      expect(result.error.message).not.toMatch(/SSL|ssl3|version number/);
      expect(result.error.details).toMatch(/SSL|version number|EPROTO/i);
    }
  });
});
