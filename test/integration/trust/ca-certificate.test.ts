import { existsSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, testSender, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { createTestPki, type TestPki } from '../../support/test-pki';
import type { ProfileView } from '../../../preload/contract/connect';
import type { ConnectionReport } from '../../../preload/contract/wire/platform';

/**
 * Issue 10, item 7: a custom CA is trusted as PEM text, never as a path the renderer names. Against the simulator
 * serving https with a certificate signed by a private CA.
 */
describe.skipIf(!hasDbus)('a server trusted through a pasted CA certificate', () => {
  let pki: TestPki;
  let simulator: RunningSimulator;
  let under: RegistryApp;
  const started: RegistryApp[] = [];

  beforeAll(async () => {
    pki = createTestPki();
    simulator = await startSimulator({ seed: 7, tls: { key: pki.caSigned.key, cert: pki.caSigned.cert } });
    under = await startRegistryApp('ca-pem');
    started.push(under);
  });
  afterAll(async () => {
    for (const app of started) {
      await app.app.dispose();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    await simulator.close();
  });

  async function test(id: string, app = under): Promise<ConnectionReport> {
    const result = await app.registry.call('profiles.test', { id }, testSender);
    if (!result.ok) return { ok: false, outcome: 'failed', steps: [], error: result.error };
    return result.value as ConnectionReport;
  }

  it('connects with the CA pasted as PEM, and the list says whom it trusts until when', async () => {
    const profile = await under.call<ProfileView>('profiles.save', {
      name: 'Site with its own CA',
      baseUrl: simulator.baseUrl,
      token: simulator.apiToken,
      tls: { mode: 'ca', caPem: `Our site CA, from the admin's mail:\n${pki.caPem}` },
    });
    expect(profile.tls).toEqual({ mode: 'ca', caPem: pki.caPem });
    expect(profile.caCertificates).toMatchObject([{ commonName: 'Watchdesk Test CA', expired: false }]);
    const report = await test(profile.id);
    expect(report).toMatchObject({ ok: true, outcome: 'works' });
    expect(report.steps.find((step) => step.name === 'TLS')?.ok).toBe(true);
  });

  it('refuses the server with the TlsUntrusted sentence when the CA is the wrong one', async () => {
    const profile = await under.call<ProfileView>('profiles.save', {
      name: 'Wrong CA',
      baseUrl: simulator.baseUrl,
      token: simulator.apiToken,
      tls: { mode: 'ca', caPem: pki.selfSignedB.cert },
    });
    const report = await test(profile.id);
    expect(report.ok).toBe(false);
    expect(report.error?.kind).toBe('TlsUntrusted');
    expect(report.error?.message).toMatch(/Review the certificate and trust it only if your administrator confirms its fingerprint\.$/);
    expect(report.error?.message).not.toMatch(/UNABLE_TO|SSL|openssl/i);
    expect(report.steps.find((step) => step.name === 'TLS')?.ok).toBe(false);
  });

  it('describes a paste before it is saved, and refuses garbage or a key next to the field', async () => {
    const described = await under.registry.call('profiles.describeCa', { caPem: `${pki.caPem}${pki.selfSignedA.cert}` }, testSender);
    expect(described).toMatchObject({ ok: true, value: [{ commonName: 'Watchdesk Test CA' }, { commonName: '127.0.0.1' }] });
    for (const [caPem, sentence] of [
      ['not a certificate', /^This is not a PEM certificate\./],
      [pki.caSigned.key, /^This is a private key, not a certificate\./],
    ] as const) {
      const result = await under.registry.call('profiles.describeCa', { caPem }, testSender);
      expect(result).toMatchObject({ ok: false, error: { kind: 'Validation' } });
      if (!result.ok) expect(result.error.fieldErrors.caPem?.[0]).toMatch(sentence);
    }
  });

  it('takes no path from the renderer: a CA path is refused alike whether the file exists or not', async () => {
    const answers = [];
    for (const caFile of ['/etc/passwd', '/etc/ssl/certs/ca-certificates.crt', `/nonexistent/${randomUUID()}.pem`]) {
      const result = await under.registry.call('profiles.save', { name: `Path ${caFile.length}`, baseUrl: simulator.baseUrl, tls: { mode: 'ca', caFile } }, testSender);
      expect(result.ok).toBe(false);
      answers.push(JSON.stringify(result));
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('tls.caPem');
    expect(answers[0]).not.toMatch(/passwd|ca-certificates|nonexistent/);
  });

  it('takes over an old profile that named a CA file, and asks again for one whose file is gone', async () => {
    const caFile = join(under.dataDir, 'old-site-ca.pem');
    writeFileSync(caFile, pki.caPem);
    const now = new Date().toISOString();
    const old = (name: string, path: string) => ({ id: randomUUID(), name, baseUrl: simulator.baseUrl, kind: 'server', tokenStyle: 'bearer', tls: { mode: 'ca', caFile: path }, timeoutMs: 15000, createdAt: now, updatedAt: now });
    const readable = old('Old readable', caFile);
    const gone = old('Old gone', `/nonexistent/${randomUUID()}.pem`);
    const notCertificate = old('Old passwd', '/etc/passwd');
    const app = await startRegistryApp('ca-pem-old');
    started.push(app);
    await app.app.dispose();
    writeFileSync(join(app.dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeId: readable.id, profiles: [readable, gone, notCertificate] }));
    const again = await startRegistryApp('ca-pem-old', app);
    started.push(again);
    await again.call('profiles.setToken', { id: readable.id, token: simulator.apiToken });

    const { profiles } = await again.call<{ profiles: ProfileView[] }>('profiles.list');
    expect(profiles.find((p) => p.id === readable.id)).toMatchObject({ tls: { mode: 'ca', caPem: pki.caPem }, caCertificates: [{ commonName: 'Watchdesk Test CA' }] });
    // Taken into the database once; the earlier file is set aside, so no path is ever read again.
    expect(existsSync(join(again.dataDir, 'profiles.json'))).toBe(false);
    expect(await test(readable.id, again)).toMatchObject({ ok: true });

    // A missing file and a file that is no certificate read the same: nothing tells which paths exist.
    const failures = [];
    for (const id of [gone.id, notCertificate.id]) {
      expect(profiles.find((p) => p.id === id)).toMatchObject({ caNeeded: true, tls: { mode: 'system' } });
      const report = await test(id, again);
      expect(report.error).toMatchObject({ kind: 'TlsUntrusted', action: 'open-connect', fieldErrors: { 'tls.caPem': ['Paste the CA certificate or choose its file.'] } });
      expect(report.error?.message).toMatch(/^The CA certificate of “Old (gone|passwd)” has to be chosen again/);
      failures.push(JSON.stringify(report.error).replace(/Old (gone|passwd)/g, 'NAME'));
    }
    expect(failures[0]).toBe(failures[1]);
    expect(failures[0]).not.toMatch(/nonexistent|passwd/);

    // Saving the CA again (as the form does) makes the profile connect.
    const fixed = await again.call<ProfileView>('profiles.save', { id: gone.id, name: 'Old gone', baseUrl: simulator.baseUrl, token: simulator.apiToken, tls: { mode: 'ca', caPem: pki.caPem } });
    expect(fixed.caNeeded).toBeUndefined();
    expect(await test(gone.id, again)).toMatchObject({ ok: true, outcome: 'works' });
  });

  it('asks again for a CA whose stored text no longer reads (damaged on disk), rather than failing with a vaguer reason', async () => {
    const now = new Date().toISOString();
    // A damaged first block before the right CA: OpenSSL would stop at it and blame the server's certificate.
    const damaged = pki.caPem.replace(/(-----BEGIN CERTIFICATE-----\n)(.{8})/, '$1AAAAAAAA') + pki.caPem;
    const profile = { id: randomUUID(), name: 'Damaged CA', baseUrl: simulator.baseUrl, kind: 'server', tokenStyle: 'bearer', tls: { mode: 'ca', caPem: damaged }, timeoutMs: 15000, createdAt: now, updatedAt: now };
    const app = await startRegistryApp('ca-pem-damaged');
    started.push(app);
    await app.app.dispose();
    writeFileSync(join(app.dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeId: profile.id, profiles: [profile] }));
    const again = await startRegistryApp('ca-pem-damaged', app);
    started.push(again);
    await again.call('profiles.setToken', { id: profile.id, token: simulator.apiToken });

    const { profiles } = await again.call<{ profiles: ProfileView[] }>('profiles.list');
    expect(profiles.find((p) => p.id === profile.id)).toMatchObject({ caNeeded: true, caCertificates: [] });
    const report = await test(profile.id, again);
    expect(report.error).toMatchObject({ kind: 'TlsUntrusted', action: 'open-connect', fieldErrors: { 'tls.caPem': ['Paste the CA certificate or choose its file.'] } });
    expect(report.error?.message).toMatch(/^The CA certificate of “Damaged CA” has to be chosen again/);
  });
});
