import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPki, type TestPki } from '../../support/test-pki';

// Electron cannot run on these machines: it is the one thing mocked. The dialog answers what a person would choose.
const electron = vi.hoisted(() => ({
  dialog: { showOpenDialog: vi.fn(), showErrorBox: () => undefined },
}));
vi.mock('electron', () => electron);

const { createElectronFileDialogs, certificateExtensions } = await import('../../../main/electron/file-dialogs');
const { createApp } = await import('../../../main/app/create-app');
const { createRegistry } = await import('../../../main/ipc/registry');

let pki: TestPki;
let dir: string;
beforeAll(() => {
  pki = createTestPki();
  dir = mkdtempSync(join(tmpdir(), 'wd-file-dialogs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => electron.dialog.showOpenDialog.mockReset());

function chooses(path: string | null): void {
  electron.dialog.showOpenDialog.mockResolvedValueOnce(path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] });
}

describe("the desktop app's file dialog for a CA certificate", () => {
  it('opens a single-file dialog, modal to the window, offering certificate files first', async () => {
    const window = { isDestroyed: () => false };
    chooses(null);
    await createElectronFileDialogs(() => window as never).chooseCertificateFile();
    const [parent, options] = electron.dialog.showOpenDialog.mock.calls[0]!;
    expect(parent).toBe(window);
    expect(options).toMatchObject({
      title: 'Choose the CA certificate',
      properties: ['openFile', 'dontAddToRecent'],
      filters: [
        { name: 'Certificates (PEM, CRT, CER)', extensions: certificateExtensions },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    expect(certificateExtensions).toEqual(expect.arrayContaining(['pem', 'crt', 'cer']));
  });

  it('reads the chosen file in main and hands on only its bytes', async () => {
    const path = join(dir, 'site-ca.pem');
    writeFileSync(path, pki.caPem);
    chooses(path);
    const file = await createElectronFileDialogs(() => null).chooseCertificateFile();
    expect(file).toEqual({ ok: true, bytes: new Uint8Array(Buffer.from(pki.caPem)) });
    // Without a window the dialog still opens (unparented).
    expect(electron.dialog.showOpenDialog.mock.calls[0]).toHaveLength(1);
  });

  it('answers null when the dialog is closed, and refuses a folder or a huge file before reading it', async () => {
    chooses(null);
    expect(await createElectronFileDialogs(() => null).chooseCertificateFile()).toBeNull();
    mkdirSync(join(dir, 'a-folder'));
    chooses(join(dir, 'a-folder'));
    expect(await createElectronFileDialogs(() => null).chooseCertificateFile()).toEqual({ ok: false, reason: 'not-a-file' });
    writeFileSync(join(dir, 'huge.pem'), Buffer.alloc(2 * 1024 * 1024, 0x41));
    chooses(join(dir, 'huge.pem'));
    expect(await createElectronFileDialogs(() => null).chooseCertificateFile()).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('profiles.chooseCaFile through the registry, with the dialog', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-choose-ca-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start(withDialog: boolean) {
    const app = await createApp({
      dataDir,
      demo: false,
      hostFacts: { host: withDialog ? 'electron' : 'web', electronVersion: null, chromeVersion: null },
      keychainService: `watchdesk-choose-ca-${process.pid}`,
      ...(withDialog ? { fileDialogs: createElectronFileDialogs(() => null) } : {}),
    });
    return { app, registry: createRegistry(app.handlers, { isTrustedSender: () => true }) };
  }
  const sender = { transport: 'test' as const };

  it('answers the certificates as text and what they name; the path never leaves main', async () => {
    const { app, registry } = await start(true);
    const path = join(dir, 'bundle.crt');
    writeFileSync(path, `${pki.caPem}${pki.selfSignedA.cert}`);
    chooses(path);
    const result = await registry.call('profiles.chooseCaFile', undefined, sender);
    expect(result).toMatchObject({ ok: true, value: { caPem: `${pki.caPem}${pki.selfSignedA.cert}`, certificates: [{ commonName: 'Watchdesk Test CA' }, { commonName: '127.0.0.1' }] } });
    expect(JSON.stringify(result)).not.toContain(dir);
    await app.dispose();
  });

  it('says the capability in the profile list, and nothing happens when the dialog is closed', async () => {
    const { app, registry } = await start(true);
    const list = await registry.call('profiles.list', undefined, sender);
    expect(list).toMatchObject({ ok: true, value: { fileDialog: true } });
    chooses(null);
    expect(await registry.call('profiles.chooseCaFile', undefined, sender)).toEqual({ ok: true, value: null });
    await app.dispose();
  });

  it('refuses a private key or a non-certificate file next to the field, without the path in the sentence', async () => {
    const { app, registry } = await start(true);
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['server.key', pki.caSigned.key, /^The chosen file holds a private key, not a certificate\. It was not used or kept/],
      ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, ...new Array(60).fill(1)]), /^The chosen file is not a certificate\./],
      ['empty.pem', '', /^The chosen file is not a certificate\./],
    ];
    for (const [name, content, sentence] of cases) {
      writeFileSync(join(dir, name), content);
      chooses(join(dir, name));
      const result = await registry.call('profiles.chooseCaFile', undefined, sender);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.kind).toBe('Validation');
      expect(result.error.fieldErrors.caPem?.[0]).toMatch(sentence);
      expect(JSON.stringify(result.error)).not.toContain(name);
    }
    await app.dispose();
  });

  it('refuses any input (a path above all) and, without a dialog (the web host), says to use the form', async () => {
    const { app, registry } = await start(true);
    const withPath = await registry.call('profiles.chooseCaFile', { path: '/etc/passwd' }, sender);
    expect(withPath).toMatchObject({ ok: false, error: { kind: 'Validation' } });
    expect(electron.dialog.showOpenDialog).not.toHaveBeenCalled();
    await app.dispose();

    const web = await start(false);
    expect(await web.registry.call('profiles.list', undefined, sender)).toMatchObject({ ok: true, value: { fileDialog: false } });
    expect(await web.registry.call('profiles.chooseCaFile', undefined, sender)).toMatchObject({
      ok: false,
      error: { kind: 'Unavailable', retryable: false, message: expect.stringContaining('“Choose file…”') },
    });
    await web.app.dispose();
  });
});
