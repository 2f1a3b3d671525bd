import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceCache } from '../../../main/agents/device-cache';
import { createShortcutStore } from '../../../main/agents/shortcut-store';
import { createTaskWorkStore, draftsOf, sentOf } from '../../../main/analytics/task-work-store';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { createSealer, DATABASE_FILE, importLegacyData, legacySources, migrations, openStorage, type Storage } from '../../../main/storage';
import { createDashboardCacheRepository } from '../../../main/storage/repositories/dashboard-cache-repository';
import { createWatchRepository } from '../../../main/storage/repositories/watch-repository';
import { dashboardSchema } from '../../../preload/contract/wire/platform';
import { FIXTURE_DATA_KEY, FIXTURE_RTSP_PASSWORD } from '../../fixtures/legacy/make-rest-fixtures';

/** A data folder written by the console before the database (test/fixtures/legacy/make-rest-fixtures.ts). */
const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'legacy', 'rest');
const opened: Storage[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function copyOfFixtures(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-legacy-import-'));
  folders.push(dataDir);
  cpSync(FIXTURES, dataDir, { recursive: true });
  return dataDir;
}

async function start(dataDir: string, getDataKey: () => Promise<Buffer> = async () => FIXTURE_DATA_KEY) {
  const storage = openStorage({ folder: dataDir, migrations });
  opened.push(storage);
  const told: string[] = [];
  await importLegacyData(storage, { dataDir, getDataKey }, legacySources, (sentence) => told.push(sentence()));
  return { storage, told };
}

describe('the first start after the database takes in what earlier versions kept', () => {
  it('imports profiles, watch lists, alerts, shortcuts, device and dashboard copies and analytics drafts, and sets the old files aside', async () => {
    const dataDir = copyOfFixtures();
    const { storage, told } = await start(dataDir);
    expect(told).toEqual([]);

    const profiles = createProfileStore(storage);
    const [site, lab] = await profiles.list();
    expect([site?.name, lab?.name]).toEqual(['Site North', 'Lab']);
    expect(await profiles.getActiveId()).toBe(lab!.id);
    expect(lab!.tls).toEqual({ mode: 'pin', sha256: Array(32).fill('AB').join(':') });

    const watch = createWatchRepository(storage).load();
    expect(watch.lists.map((list) => [list.name, list.active, list.profileId])).toEqual([['Lobby cameras', true, site!.id], ['Parking', false, site!.id]]);
    expect(watch.alerts.map((alert) => [alert.id, alert.clearedAt === null])).toEqual([['alert-1', true], ['alert-2', false]]);

    const shortcuts = await createShortcutStore(storage).get(site!.id);
    expect(shortcuts.recent.map((r) => r.id)).toEqual(['1001', '555']);
    expect(shortcuts.pinned).toEqual([{ id: '555', name: 'Gate' }]);

    const sealer = createSealer(FIXTURE_DATA_KEY);
    const copy = await createDeviceCache(storage, async () => sealer).load(site!.id, '1001');
    expect(copy).toMatchObject({ id: '1001', fetchedAt: '2026-11-20T10:00:00.000Z', device: { id: 1001 } });
    expect(copy!.raw).not.toContain(FIXTURE_RTSP_PASSWORD);

    const saved = createDashboardCacheRepository(storage).readBytes(site!.id, 'today@Europe/Berlin');
    expect(saved?.fetchedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(dashboardSchema.parse(JSON.parse(Buffer.from(saved!.body).toString('utf8'))).cameras.count_all).toEqual(expect.any(Number));

    const work = await createTaskWorkStore(storage, async () => sealer).read();
    expect(draftsOf(work, 'task-1').map((d) => d.name)).toEqual(['Morning', 'Evening']);
    expect(sentOf(work, 'task-1', site!.id)).toHaveLength(1);
    expect(JSON.stringify(work.drafts[0]!.body)).toContain(FIXTURE_RTSP_PASSWORD);

    for (const file of ['profiles.json', 'agents', 'dashboard-cache', 'analytics-tasks.enc']) {
      expect(existsSync(join(dataDir, file)), file).toBe(false);
      expect(existsSync(join(dataDir, `${file}.before-database`)), file).toBe(true);
    }
    // Sealed at rest: the camera password in a draft's stream link is nowhere in the database's files.
    storage.close();
    for (const name of readdirSync(dataDir).filter((file) => file.startsWith(DATABASE_FILE))) {
      expect(readFileSync(join(dataDir, name)).includes(FIXTURE_RTSP_PASSWORD), name).toBe(false);
    }
  });

  it('takes the files in once: a second start finds them set aside and changes nothing', async () => {
    const dataDir = copyOfFixtures();
    const first = await start(dataDir);
    await createProfileStore(first.storage).create({ name: 'Added later', baseUrl: 'https://later.example.com' });
    first.storage.close();
    const again = await start(dataDir);
    expect((await createProfileStore(again.storage).list()).map((p) => p.name)).toEqual(['Site North', 'Lab', 'Added later']);
    expect(createWatchRepository(again.storage).load().lists).toHaveLength(2);
  });

  it('leaves a file it cannot read where it is, says so, and still takes in the others in one transaction', async () => {
    const dataDir = copyOfFixtures();
    const { storage, told } = await start(dataDir, async () => Buffer.alloc(32, 1));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/analytics drafts .*analytics-tasks\.enc.* could not be read/);
    expect(existsSync(join(dataDir, 'analytics-tasks.enc'))).toBe(true);
    expect(existsSync(join(dataDir, 'profiles.json.before-database'))).toBe(true);
    expect(await createProfileStore(storage).list()).toHaveLength(2);
    expect(storage.health().counts).toMatchObject({ profiles: 2, watch_lists: 2, watch_alerts: 2, dashboard_cache: 1, analytics_drafts: 0 });
  });

  it('starts even when the import cannot be committed, says so, and leaves every file where it is', async () => {
    const dataDir = copyOfFixtures();
    const storage = openStorage({ folder: dataDir, migrations });
    opened.push(storage);
    const told: string[] = [];
    const refusing = { ...legacySources[1]!, read: async () => () => {
      throw new Error('The disk holding the folder is full.');
    } };
    await importLegacyData(storage, { dataDir, getDataKey: async () => FIXTURE_DATA_KEY }, [legacySources[0]!, refusing], (sentence) => told.push(sentence()));
    expect(told).toEqual([expect.stringMatching(/^What an earlier version kept \(server profiles, watch lists and device look-ups\) could not be taken into the database: The disk holding the folder is full\./)]);
    expect(existsSync(join(dataDir, 'profiles.json'))).toBe(true);
    expect(existsSync(join(dataDir, 'agents'))).toBe(true);
    expect(await createProfileStore(storage).list()).toEqual([]);
  });
});
