import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';

/**
 * An attacker on the same machine who can read the data folder (a backup, a copied disk, another account with read
 * access) reads the database, its write-ahead log and shared memory, and the logs as they are while the console runs
 * and after it closes: no ONVIF or RTSP password, no camera credential in a link, may be there in clear.
 */

const running: RegistryApp[] = [];
afterEach(async () => {
  for (const one of running.splice(0)) await one.app.dispose();
});

/** Every file in the data folder (the database, its -wal and -shm, logs, markers), with the secrets found in each. */
function secretsIn(folder: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        for (const secret of secrets) {
          // As UTF-8 and as JSON would escape it; a URL's password may also be stored percent-encoded.
          for (const form of new Set([secret, encodeURIComponent(secret)])) if (bytes.includes(Buffer.from(form, 'utf8'))) found.push(`${secret} in ${path.slice(folder.length + 1)}`);
        }
      }
    }
  };
  walk(folder);
  return found;
}

describe('secrets at rest in the data folder', () => {
  it('keeps a camera password out of a server profile: a playback link with a user name and password is refused, not stored in clear', async () => {
    const desk = await startRegistryApp('at-rest-playback');
    running.push(desk);
    const answer = await desk.registry.call(
      'profiles.save',
      { name: 'Site', baseUrl: 'http://127.0.0.1:9', playbackUrlTemplate: 'rtsp://viewer:Pl4yback-Secret@10.0.0.7/{stream}?token={token}' },
      { transport: 'test' },
    );
    expect(answer.ok ? 'saved' : answer.error.kind).toBe('Validation');
    if (!answer.ok) expect(Object.keys(answer.error.fieldErrors ?? {})).toContain('playbackUrlTemplate');
    expect(secretsIn(desk.dataDir, ['Pl4yback-Secret'])).toEqual([]);
  });

  it('takes the user name and password out of a playback link saved by an earlier version, says so, and leaves no copy in the files', async () => {
    const first = await startRegistryApp('at-rest-old-link');
    const saved = await first.call<{ id: string }>('profiles.save', { name: 'Old site', baseUrl: 'http://127.0.0.1:9', playbackUrlTemplate: 'rtsp://10.0.0.7/{stream}?token={token}' });
    await first.app.dispose();
    // What an earlier version let through: the link with a password, written as it wrote profiles.
    const db = new DatabaseSync(join(first.dataDir, 'watchdesk.db'));
    const { body } = db.prepare('SELECT body FROM profiles WHERE id = ?').get(saved.id) as { body: string };
    db.prepare('UPDATE profiles SET body = ? WHERE id = ?').run(body.replace('rtsp://10.0.0.7', 'rtsp://viewer:0ld-Link-Secret@10.0.0.7'), saved.id);
    db.close();
    expect(secretsIn(first.dataDir, ['0ld-Link-Secret'])).not.toEqual([]);

    const again = await startRegistryApp('at-rest-old-link', first);
    running.push(again);
    const profiles = await again.call<{ profiles: Array<{ name: string; playbackUrlTemplate?: string }> }>('profiles.list');
    expect(profiles.profiles.map((p) => [p.name, p.playbackUrlTemplate])).toEqual([['Old site', 'rtsp://10.0.0.7/{stream}?token={token}']]);
    expect(again.app.services.dataFolder.status().notices.join('\n')).toMatch(/playback link of Old site held a user name and password/);
    running.splice(0);
    await again.app.dispose();
    expect(secretsIn(again.dataDir, ['0ld-Link-Secret'])).toEqual([]);
  });

  it('keeps template passwords and the camera credentials of analytics drafts sealed, in the database, its log and shared memory, running and closed', async () => {
    const desk = await startRegistryApp('at-rest-saves');
    running.push(desk);
    const secrets = ['Onvif-Templ4te-Pw', 'Dr4ft-Rtsp-Pw', 'Dr4ft-Us3r'];
    await desk.call('onboarding.saveTemplate', { name: 'Lobby', values: { onvif_credentials: { login: 'admin', password: 'Onvif-Templ4te-Pw' } } });
    await desk.call('analytics.saveDraft', { uid: 'task-1', name: 'Night', body: { stream: 'rtsp://Dr4ft-Us3r:Dr4ft-Rtsp-Pw@10.0.0.9/live', areas: [] } });
    // Changed and deleted too: the older versions of the rows are in freed pages and earlier log frames.
    await desk.call('onboarding.saveTemplate', { name: 'Lobby 2', values: { onvif_credentials: { login: 'admin', password: 'Onvif-Templ4te-Pw' } } });
    await desk.call('analytics.deleteDraft', { uid: 'task-1', name: 'Night' });
    expect(secretsIn(desk.dataDir, secrets), 'while running').toEqual([]);
    running.splice(0);
    await desk.app.dispose();
    expect(secretsIn(desk.dataDir, secrets), 'after closing').toEqual([]);
  });
});
