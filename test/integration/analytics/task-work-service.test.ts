import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { createTaskWorkService } from '../../../main/analytics/task-work-service';
import type { ProfileView } from '../../../preload/contract/connect';

const body = { CaseType: 'line-crossing', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://admin:gate-4711@10.0.0.9/stream' } };

/** Every byte of the data folder (database, its WAL), to look for what must be sealed. */
function folderBytes(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

describe.skipIf(!hasDbus)('the analytics work service (drafts and sent bodies) on the real database and keychain', () => {
  let registryApp: RegistryApp;
  beforeEach(async () => {
    registryApp = await startRegistryApp('task-work');
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('keeps named drafts per task, newest first, sealed on disk, and across a restart', async () => {
    const work = createTaskWorkService(registryApp.app.services);
    await work.saveDraft('task-a', 'night', body);
    await work.saveDraft('task-b', 'other task', { CaseType: 'x' });
    const saved = await work.saveDraft('task-a', 'day', { ...body, CameraGroupUid: 'cg-2' });
    expect(saved.drafts.map((draft) => draft.name)).toEqual(['day', 'night']);
    expect(saved.sessionOnly).toBe(false);
    expect((await work.deleteDraft('task-a', 'day')).drafts.map((draft) => draft.name)).toEqual(['night']);
    expect(folderBytes(registryApp.dataDir)).not.toContain('gate-4711');

    await registryApp.app.dispose();
    registryApp = await startRegistryApp('task-work', registryApp);
    const again = createTaskWorkService(registryApp.app.services);
    const read = await again.read('task-a');
    expect(read.drafts.map((draft) => [draft.name, draft.body])).toEqual([['night', body]]);
  });

  it('shows the bodies sent to the active server only', async () => {
    const first = await registryApp.call<ProfileView>('profiles.save', { name: 'Site A', baseUrl: 'http://127.0.0.1:9' });
    const second = await registryApp.call<ProfileView>('profiles.save', { name: 'Site B', baseUrl: 'http://127.0.0.1:10' });
    await registryApp.call('profiles.activate', { id: first.id });
    const work = createTaskWorkService(registryApp.app.services);
    const kept = await work.keepSent({ uid: 'task-a', body, sentAt: new Date().toISOString(), profileId: first.id, profileName: first.name });
    expect(kept.sent.map((sent) => [sent.profileName, sent.body])).toEqual([['Site A', body]]);

    await registryApp.call('profiles.activate', { id: second.id });
    expect((await work.read('task-a')).sent).toEqual([]);
  });

});
