import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { DATABASE_FILE } from '../../../main/storage';
import { startRegistryApp, testSender } from '../../support/registry-app';

/**
 * A database the console opened read-only (written by a newer version of Watchdesk: "left exactly as it is, this
 * version saves nothing") must not be written by any part of the console, the dashboard's offline copies included
 * (they are written on a connection of their own, off main's thread).
 */

const started: WatchdeskApp[] = [];
afterEach(async () => {
  for (const app of started.splice(0)) await app.dispose();
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a database opened read-only', () => {
  it('is not written when a dashboard is loaded (its offline copy is not saved into a newer console\'s file)', async () => {
    const first = await startRegistryApp('read-only-dashboard');
    await first.app.dispose();
    const file = join(first.dataDir, DATABASE_FILE);
    const db = new DatabaseSync(file);
    db.exec('PRAGMA user_version = 999');
    db.close();
    const before = readFileSync(file);

    // Started as the desktop app starts it: the demo server, since the file shows no profile to this version.
    const app = await createApp({ dataDir: first.dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, keychainService: first.keychainService });
    started.push(app);
    expect(app.services.storage.writable).toBe(false);
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    const answer = await registry.call('dashboard.get', { period: { preset: 'today', timezone: 'Europe/Berlin' } }, testSender);
    expect(answer.ok).toBe(true);
    // The offline copy is written behind the answer: given time to, it must still not be.
    await settle(1500);
    await app.dispose();
    started.splice(0);

    const untouched = new DatabaseSync(file, { readOnly: true });
    expect((untouched.prepare('SELECT count(*) AS n FROM dashboard_cache').get() as { n: number }).n).toBe(0);
    expect(untouched.prepare('PRAGMA user_version').get()).toEqual({ user_version: 999 });
    untouched.close();
    expect(readFileSync(file).equals(before), 'the database file is byte for byte as it was').toBe(true);
  });
});
