import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

test.use({ viewport: { width: 1024, height: 700 } });

test('a data folder that cannot be written: the banner tells an installer that new cameras are not kept either', async ({ page, console }) => {
  const folder = console.app.services.dataFolder;
  const refused = () => folder.writeFailed(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
  // This folder can in truth be written, and a change committed there ends a told write problem: the refusal is told
  // again right before the screen reads the folder's state, until the screen shows it (as trust-notices.spec.ts does).
  await console.open(page, 'connect');
  await expect(async () => {
    refused();
    await page.reload();
    await expect(page.getByTestId('storage-problem')).toContainText('Changes cannot be saved', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const problem = page.getByTestId('storage-problem');
  await expect(problem).toContainText(`The data folder ${console.dataDir} cannot be written (the disk or folder is read-only).`);
  await expect(problem).toContainText('nothing new is kept: cameras added now do not go into the outbox, and server profiles, templates, watch lists and the token history stay as they were.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('connect-read-only-1024.png') });
});
