import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { createTestPki, type TestPki } from '../../../support/test-pki';
import { CaFieldState } from '../../../../renderer/features/connect/ca-field-state.svelte';
import { connectedApi, type ConnectedApi } from '../connected-api';

const privateKey = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';

describe.skipIf(!hasDbus)('CaFieldState (the CA certificate field) over the real main process', () => {
  let pki: TestPki;
  let under: ConnectedApi;
  beforeAll(() => {
    pki = createTestPki();
  });
  beforeEach(async () => {
    under = await connectedApi('ui-ca-field');
  });
  afterEach(async () => {
    await under.close();
  });

  it('checks pasted text in main shortly after typing stops, and says whom the certificate names', async () => {
    const ca = new CaFieldState(under.api, '');
    ca.edited(pki.caPem);
    expect(ca.certificates).toEqual([]);
    await vi.waitFor(() => expect(ca.certificates).toHaveLength(1), { timeout: 3_000 });
    expect(ca.certificates[0]!.subject).toContain('Watchdesk Test CA');
    expect(ca.problem).toBeNull();
    expect(ca.checking).toBe(false);
    ca.dispose();
  });

  it('removes a pasted private key from the field at once and says why; it never reaches main', async () => {
    const ca = new CaFieldState(under.api, '');
    ca.edited(privateKey);
    expect(ca.text).toBe('');
    expect(ca.problem).toMatch(/private key/);
    ca.edited('');
    expect(ca.problem).toMatch(/private key/);
    ca.dispose();
  });

  it('says what main refuses in a text of the right shape, and what is wrong with text of the wrong shape', async () => {
    const ca = new CaFieldState(under.api, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    await ca.check();
    expect(ca.certificates).toEqual([]);
    expect(ca.problem).not.toBeNull();
    const plain = new CaFieldState(under.api, 'hello');
    await plain.check();
    expect(plain.problem).toBe(plain.shapeProblem());
    ca.dispose();
    plain.dispose();
  });

  it('keeps good certificates when a chosen file is refused, and says the file was not used', async () => {
    const ca = new CaFieldState(under.api, pki.caPem);
    await ca.check();
    expect(ca.certificates).toHaveLength(1);
    await ca.readFile(new File(['not a certificate at all'], 'notes.txt'));
    expect(ca.certificates).toHaveLength(1);
    expect(ca.fileNotice).toMatch(/That file was not used/);
    // The web host has no file dialog of main's: choosing there is refused in words, the field kept.
    await ca.chooseInDialog();
    expect(ca.certificates).toHaveLength(1);
    ca.dispose();
  });
});
