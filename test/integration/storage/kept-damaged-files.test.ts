import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { createSettingsRepository } from '../../../main/storage/repositories/settings-repository';

/**
 * A damaged database found after a run that did not close (a kill, a power cut) is set aside with its write-ahead log
 * and shared memory, "kept, never deleted", for support to look at: copying out what still reads must not change
 * them. Opened for writing, SQLite replayed the kept log into the kept file on closing and then deleted the log.
 */
describe('the files of a damaged database that was set aside', () => {
  it('are kept exactly as they were found, its write-ahead log included, while what reads is copied out', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-kept-'));
    const first = openStorage({ folder, migrations });
    for (let i = 0; i < 300; i += 1) createSettingsRepository(first).set(`old-${i}`, 'x'.repeat(300));
    first.close();
    // Changes still in the log when the console was killed: the files as they are while it runs.
    const running = openStorage({ folder, migrations });
    for (let i = 0; i < 50; i += 1) createSettingsRepository(running).set(`new-${i}`, 'y'.repeat(300));
    const killed = mkdtempSync(join(tmpdir(), 'wd-kept-killed-'));
    cpSync(folder, killed, { recursive: true });
    running.close();

    // Then pages of the database file go bad on disk.
    const file = join(killed, DATABASE_FILE);
    const bytes = readFileSync(file);
    for (let page = 20; page < 70; page += 1) bytes.fill(0xff, page * 4096 + 10, page * 4096 + 4000);
    writeFileSync(file, bytes);
    const found = new Map(readdirSync(killed).filter((name) => name.startsWith(DATABASE_FILE) && !name.endsWith('.in-use')).map((name) => [name, readFileSync(join(killed, name))]));
    expect([...found.keys()].sort()).toEqual([DATABASE_FILE, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-wal`]);

    const again = openStorage({ folder: killed, migrations });
    const told = again.health().notices.join('\n');
    expect(told).toMatch(/The database was damaged \(parts of the file could not be read, or no longer fit together\).* It was kept as /);
    // In words an operator understands: not SQLite's own (its check's pages, cells and bytes are in the log).
    expect(told).not.toMatch(/malformed|\*\*\*|page \d|btree|SQLITE/i);
    again.close();

    const kept = readdirSync(killed).find((name) => name.startsWith(`${DATABASE_FILE}.damaged-`) && !name.includes('-wal') && !name.includes('-shm'))!;
    expect(readFileSync(join(killed, kept)).equals(found.get(DATABASE_FILE)!), 'the kept database file is as it was found').toBe(true);
    expect(readFileSync(join(killed, `${kept}-wal`)).equals(found.get(`${DATABASE_FILE}-wal`)!), 'the kept write-ahead log is there, as it was found').toBe(true);
  });
});
