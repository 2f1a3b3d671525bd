import { hasDbus } from '../../support/dbus';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry, type Registry } from '../../../main/ipc/registry';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { ProfileView } from '../../../preload/contract/connect';
import type { ConnectionReport } from '../../../preload/contract/wire/platform';
import { setLanguage } from '../../../main/shared/i18n';

const sender = { transport: 'test' as const };

describe.skipIf(!hasDbus)('Connect services over the registry (real keychain, real HTTP)', () => {
  let app: WatchdeskApp;
  let registry: Registry;
  let simulator: RunningSimulator;
  const answers: string[] = [];

  async function call<T>(channel: string, input?: unknown): Promise<T> {
    const result = await registry.call(channel, input, sender);
    answers.push(JSON.stringify(result));
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
    return result.value as T;
  }

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 3 });
    app = await createApp({
      dataDir: mkdtempSync(join(tmpdir(), 'wd-connect-')),
      hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
      keychainService: `watchdesk-test-connect-${process.pid}-${Date.now()}`,
      demo: false,
    });
    registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  });
  afterEach(async () => {
    setLanguage('en');
    await app.dispose();
    await simulator.close();
  });

  it('obtains an API token on the media-server host and stores it in the keychain without returning it', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'This host', baseUrl: simulator.baseUrl });
    expect(profile.isLocal).toBe(true);
    const updated = await call<ProfileView>('profiles.obtainToken', { id: profile.id, client: 'watchdesk-test', duration: 3600 });
    expect(updated.tokenSource).toBe('keychain');
    const stored = await app.services.vault.getToken(profile.id);
    expect(stored).toMatch(/\S{8,}/);
    const report = await call<{ ok: boolean }>('profiles.test', { id: profile.id });
    expect(report.ok).toBe(true);
    expect(answers.join('\n')).not.toContain(stored!);
  });

  it('explains that the token endpoint answers only its own console', async () => {
    await simulator.close();
    simulator = await startSimulator({ seed: 3, localAddresses: [] });
    const profile = await call<ProfileView>('profiles.save', { name: 'Refusing host', baseUrl: simulator.baseUrl });
    const result = await registry.call('profiles.obtainToken', { id: profile.id, client: 'watchdesk-test', duration: 60 }, sender);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('Forbidden');
  });

  it('refuses a token endpoint request for a server that is not this machine', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Remote', baseUrl: 'https://vms.example.com' });
    const result = await registry.call('profiles.obtainToken', { id: profile.id, client: 'watchdesk', duration: 60 }, sender);
    expect(result).toMatchObject({ ok: false, error: { kind: 'Validation' } });
  });

  it('replaces and forgets a token, and reports only whether one is stored', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    expect(profile.tokenSource).toBe('keychain');
    expect((await call<{ ok: boolean }>('profiles.test', { id: profile.id })).ok).toBe(true);
    await call('profiles.setToken', { id: profile.id, token: 'wrong-token' });
    expect((await call<{ ok: boolean }>('profiles.test', { id: profile.id })).ok).toBe(false);
    const cleared = await call<ProfileView>('profiles.clearToken', { id: profile.id });
    expect(cleared.tokenSource).toBe('none');
    expect(answers.join('\n')).not.toContain(simulator.apiToken);
  });

  it('deletes the keychain entry together with the profile', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Gone', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    await call('profiles.remove', { id: profile.id });
    expect(await app.services.vault.hasToken(profile.id)).toBe(false);
    expect((await call<{ profiles: ProfileView[] }>('profiles.list')).profiles).toEqual([]);
  });

  it('shows a bad address next to the field', async () => {
    const result = await registry.call('profiles.save', { name: 'Bad', baseUrl: 'ftp://x' }, sender);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.fieldErrors.baseUrl?.[0]).toMatch(/full address/);
  });

  it('speaks Russian once the console asks for it: field errors, refusals and the test steps', async () => {
    await call('app.setLanguage', { language: 'ru' });
    const bad = await registry.call('profiles.save', { name: 'Плохой', baseUrl: 'ftp://x' }, sender);
    if (bad.ok) throw new Error('expected a validation failure');
    expect(bad.error.fieldErrors.baseUrl?.[0]).toBe('Введите полный адрес, например https://vms.example.com');

    const remote = await call<ProfileView>('profiles.save', { name: 'Удалённый', baseUrl: 'https://vms.example.com' });
    const refused = await registry.call('profiles.obtainToken', { id: remote.id, client: 'watchdesk', duration: 60 }, sender);
    if (refused.ok) throw new Error('expected a refusal');
    expect(refused.error.message).toMatch(/^Платформа выдаёт API-токены только своей консоли/);

    const site = await call<ProfileView>('profiles.save', { name: 'Площадка', baseUrl: simulator.baseUrl });
    const report = await call<ConnectionReport>('profiles.test', { id: site.id });
    expect(report.steps.map((step) => step.message)).toEqual([
      expect.stringMatching(/IP-адрес|найдено/),
      expect.stringMatching(/^Порт \d+ на .* принимает подключения\.$/),
      'Адрес начинается с http://, поэтому соединение не шифруется. Вне лаборатории лучше использовать https://.',
      expect.stringMatching(/^Сервер ответил \(HTTP \d+\)\.$/),
      'Для этого сервера ещё не сохранён API-токен. Добавьте его, чтобы завершить настройку.',
    ]);
  });
});
