import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../../support/fake-keychain';
import { FIXTURE_DATA_KEY } from '../../fixtures/legacy/make-rest-fixtures';

/** The first start of this console on a data folder an earlier version wrote (test/fixtures/legacy/rest). */
let app: WatchdeskApp | null = null;
let dataDir: string;

afterEach(async () => {
  await app?.dispose();
  app = null;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the first start on a data folder of an earlier version', () => {
  it('shows the earlier profiles, watch lists, alerts and analytics drafts on their screens, and keeps the old files aside', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wd-legacy-start-'));
    cpSync(join(import.meta.dirname, '..', '..', 'fixtures', 'legacy', 'rest'), dataDir, { recursive: true });
    const keychain = memoryKeychain();
    keychain.entries.set('watchdesk-legacy-start\u0000data-key', FIXTURE_DATA_KEY.toString('base64'));
    app = await createApp({ dataDir, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'watchdesk-legacy-start', backend: keychain }) });
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    const value = async <T>(channel: string, input?: unknown): Promise<T> => {
      const answer = await registry.call(channel, input, { transport: 'test' });
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
      return answer.value as T;
    };

    const { profiles, storage } = await value<{ profiles: Array<{ name: string }>; storage: { notices: string[] } }>('profiles.list');
    expect(profiles.map((p) => p.name)).toEqual(['Site North', 'Lab']);
    expect(storage.notices).toEqual([]);
    expect((await value<Array<{ name: string }>>('agents.watchLists')).map((l) => l.name)).toEqual(['Lobby cameras', 'Parking']);
    expect((await value<{ unacknowledged: number }>('agents.alerts')).unacknowledged).toBe(1);
    expect((await value<{ drafts: Array<{ name: string }> }>('analytics.work', { uid: 'task-1' })).drafts.map((d) => d.name)).toEqual(['Morning', 'Evening']);
    for (const file of ['profiles.json', 'agents', 'dashboard-cache', 'analytics-tasks.enc']) expect(existsSync(join(dataDir, `${file}.before-database`)), file).toBe(true);
  });
});
