import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { saveStorageWatchList } from './watch-steps';

/**
 * The disk under the data folder fills up while the console runs: a 24 MB tmpfs (mounting one needs root; the test is
 * skipped without it), filled to the byte by a file the test writes, and emptied again by deleting that file.
 */
const disk = join(tmpdir(), `wd-e2e-small-disk-${process.pid}`);
const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;
test.use({ viewport: { width: 1280, height: 1100 }, dataDirParent: disk });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.beforeAll(() => {
  if (!canMount) return;
  mkdirSync(disk, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', disk]);
});
test.afterAll(() => {
  if (!canMount) return;
  spawnSync('umount', ['-l', disk]);
  rmSync(disk, { recursive: true, force: true });
});

/**
 * Fills the small disk to the byte; returns the file to delete to give the room back. The console goes on writing
 * beside the filler (its log, its database), so the room left is a moving figure: the filler grows until the disk
 * refuses it, in smaller and smaller pieces down to 512 bytes, rather than by a size read a moment before.
 */
function fillDisk(): string {
  const filler = join(disk, 'filler.bin');
  writeFileSync(filler, '');
  for (const piece of [1 << 20, 64 << 10, 4096, 512]) {
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(piece));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  return filler;
}

/** The size of the database's write-ahead log in `dataDir` (0 when it is empty or not there). */
function walSize(dataDir: string): number {
  return statSync(join(dataDir, 'watchdesk.db-wal'), { throwIfNoEntry: false })?.size ?? 0;
}

test('with the data folder’s disk full, each save says so and keeps what was typed, Connect and About tell it, and saving works again once there is room', async ({ page, console }) => {
  test.skip(!canMount, 'mounting a small disk needs root');
  const sim = console.app.demoServer!;
  const [first, second] = [...sim.state.agents.values()];
  const full = new RegExp(`^The disk holding ${console.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is full, so this change was not saved`);
  await console.open(page, 'agents');
  await expect(page.getByLabel('Device number', { exact: true })).toBeVisible();
  // The console's start-up writes sit in its write-ahead log until the checkpoint worker copies them into the database
  // and, an interval later, empties the log (checkpointer.ts): a disk filled between those two steps gets that room
  // back, about 470 KB, and the save below went through on a busy machine. Filled once the log is empty, it stays full.
  await expect.poll(() => walSize(console.dataDir)).toBe(0);
  const filler = fillDisk();

  // A NOC operator's watch list: refused in words, the form still holds what was typed.
  await saveStorageWatchList(page, 'Depot disks', [first!.id, second!.id]);
  const refused = page.getByRole('alert').filter({ hasText: 'is full' });
  await expect(refused).toContainText(full);
  await expect(page.getByLabel('Name')).toHaveValue('Depot disks');
  await shot(page, 'watch-list-refused');

  // An installer's import: refused, nothing queued.
  const folder = [...sim.state.foldersByKey.values()][0]!;
  const group = sim.state.treeById.get(folder.group_id)!.key;
  await page.getByRole('link', { name: /Onboarding/ }).click();
  await page.getByRole('tab', { name: 'Import from CSV' }).click();
  const csv = ['name,mac,serial_number,group_external_id,folder_key', `Full 1,02:00:00:50:00:01,SN-F1,${group},${folder.key}`].join('\n');
  await page.getByTestId('import-file').setInputFiles({ name: 'full.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-summary')).toHaveText('full.csv: 1 row, 1 ready, 0 with problems.');
  await page.getByTestId('import-start').click();
  await expect(page.getByRole('alert').filter({ hasText: 'is full' })).toContainText(full);
  await expect(page.getByRole('tab', { name: 'Outbox', exact: true })).toBeVisible();
  await shot(page, 'import-refused');

  // Connect and About tell it standing.
  await page.getByRole('link', { name: /Connect/ }).click();
  await expect(page.getByTestId('storage-problem')).toContainText('Changes cannot be saved');
  // Standing, it speaks of changes made now, not of "this change" (the reader of Connect changed nothing).
  await expect(page.getByTestId('storage-problem')).toContainText(`The disk holding ${console.dataDir} is full: changes made now are not saved`);
  await page.getByRole('link', { name: /About/ }).click();
  await expect(page.getByTestId('about-data-folder')).toContainText('Cannot be written');
  await expectNoAxeViolations(page);
  await shot(page, 'about-full');
  await page.getByTestId('language').selectOption('ru');
  await expect(page.getByTestId('storage-problem')).toContainText('Изменения не сохраняются');
  await shot(page, 'about-full-ru');
  await page.getByTestId('language').selectOption('en');

  // Room again: the same save goes through and the banner goes.
  rmSync(filler);
  await page.getByRole('link', { name: /Agents/ }).click();
  await saveStorageWatchList(page, 'Depot disks', [first!.id, second!.id]);
  await expect(page.getByRole('combobox', { name: 'Watch list' })).toContainText('Depot disks');
  await page.getByRole('link', { name: /About/ }).click();
  await expect(page.getByTestId('about-data-folder')).toBeVisible();
  await expect(page.getByTestId('storage-problem')).toHaveCount(0);
});
