import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { DATABASE_FILE, migrations, openStorage } from '../../main/storage';
import { createShortcutRepository } from '../../main/storage/repositories/shortcut-repository';

/**
 * A console's database with recent look-ups, its last 5% cut off as a failing disk or a copy stopped part-way leaves
 * it: the tables made last (the outbox's) are in the part cut off, the look-ups still read.
 */
function aCutDatabase(): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'wd-e2e-damage-'));
  const storage = openStorage({ folder: dir, migrations });
  const shortcuts = createShortcutRepository(storage);
  for (let i = 0; i < 3000; i += 1) shortcuts.recordLookup('site', String(10_000 + i), `Depot camera agent ${i} `.padEnd(120, '.'), new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
  storage.close();
  const file = join(dir, DATABASE_FILE);
  truncateSync(file, Math.floor(statSync(file).size * 0.95));
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

test.use({ viewport: { width: 1280, height: 1000 }, seedFiles: { [DATABASE_FILE]: aCutDatabase() } });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('a database damaged before the start', () => {
  test('Connect and About say what was kept, what could not be read and where the copy is', async ({ page, console }) => {
    await console.open(page, 'connect');
    const notices = page.getByTestId('storage-notices');
    await expect(notices).toContainText('Some saved data was set aside or could not be read');
    await expect(notices).toContainText(`It was kept as ${console.dataDir}/${DATABASE_FILE}.damaged-`);
    await expect(notices).toContainText('started a new one with what could still be read');
    await expect(notices).toContainText('recent and pinned devices (12)');
    // The console's own bookkeeping is not counted among what was kept: it says nothing to an operator.
    await expect(notices).not.toContainText('database facts');
    await expect(notices).not.toContainText('token history counts');
    await expect(notices).toContainText('Could not be read: cameras in the outbox');
    await shot(page, 'connect-set-aside');
    await page.getByRole('link', { name: /About/ }).click();
    await expect(page.getByTestId('storage-notices')).toContainText('Could not be read: cameras in the outbox');
    // The start went on: the folder can be written.
    await expect(page.getByTestId('storage-problem')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, 'about-set-aside');
  });

  // Main keeps how to say the notice, not the English sentence it made at start: it is said in the language on
  // screen when it is read.
  test('in Russian, the notice is in Russian', async ({ page, console }) => {
    await console.open(page, 'about');
    await page.getByTestId('language').selectOption('ru');
    await page.reload();
    const notices = page.getByTestId('storage-notices');
    await expect(notices).toContainText('Часть сохранённых данных');
    await shot(page, 'about-set-aside-ru');
    await expect(notices).toContainText('База данных была повреждена', { timeout: 3_000 });
  });
});
