import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { createTestPki, type TestPki } from '../../support/test-pki';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { isAppFailure } from '../../../main/shared/app-failure';
import { connectServices, never, saveInput } from './connect-services';

describe.skipIf(!hasDbus)('the certificate service (a TLS simulator on 127.0.0.1)', () => {
  let pki: TestPki;
  let under: RegistryApp;
  let simulator: RunningSimulator;
  beforeAll(() => {
    pki = createTestPki();
  });
  beforeEach(async () => {
    simulator = await startSimulator({ seed: 7, tls: { key: pki.selfSignedA.key, cert: pki.selfSignedA.cert } });
    under = await startRegistryApp('certificate-service');
  });
  afterEach(async () => {
    await under.app.dispose();
    await simulator.close();
  });

  it('shows the certificate the server presents and pins it, refusing a fingerprint it no longer presents', async () => {
    const { profiles, certificates } = connectServices(under.app.services);
    const saved = await profiles.save(saveInput({ name: 'Self-signed', baseUrl: simulator.baseUrl }));
    const seen = await certificates.inspect(saved.id, never);
    expect(seen.sha256).toBe(pki.selfSignedA.sha256);
    const refused = await certificates.pin(saved.id, pki.selfSignedB.sha256, never).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.kind).toBe('TlsPinMismatch');
    const pinned = await certificates.pin(saved.id, seen.sha256, never);
    expect(pinned.tls).toMatchObject({ mode: 'pin', sha256: pki.selfSignedA.sha256 });
  });

  it('says whom a CA names, refuses text that is no certificate on the CA field, and has no dialog in the web host', async () => {
    const { certificates } = connectServices(under.app.services);
    expect(certificates.describeCa(pki.caPem).map((ca) => ca.subject)).toEqual([expect.stringContaining('Watchdesk Test CA')]);
    const refused = (() => {
      try {
        return certificates.describeCa('-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----');
      } catch (error) {
        return error;
      }
    })();
    expect(isAppFailure(refused) && refused.appError.fieldErrors['caPem']).toHaveLength(1);
    const noDialog = await certificates.chooseCaFile().catch((error: unknown) => error);
    expect(isAppFailure(noDialog) && noDialog.kind).toBe('Unavailable');
  });
});
