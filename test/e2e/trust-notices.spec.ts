import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { streamsWith } from '../support/streams';
import { createTokenHistoryRepository } from '../../main/storage/repositories/token-history-repository';
import { createTokenBatchesRepository } from '../../main/storage/repositories/token-batches-repository';
import type { HistoryEntry } from '../../preload/contract/tokens';
import type { Sealer, Storage } from '../../main/storage';

const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

/** A batch of 600 marked running in the console's database, and a way to write tokens to its history. */
async function runningBatch(services: { storage: Storage; sealer(): Promise<Sealer> }, batchId: string) {
  const sealer = await services.sealer();
  createTokenBatchesRepository(services.storage).started(sealer, { uid: batchId, startedAt: new Date().toISOString(), total: 600, profileName: 'Site 12' });
  const history = createTokenHistoryRepository(services.storage);
  return { history, append: (entries: HistoryEntry[], batch: string | null) => history.append(sealer, entries, batch, Number.MAX_SAFE_INTEGER) };
}

function entry(n: number, batchId: string | null = null): HistoryEntry {
  return {
    id: `e2e-${n}`, kind: 'stream', stream: `cam-000${n}-hd`, user: null, live: true, dvr: false, copy: false, ttl: 3600, from: 0, to: 0,
    token: `st_e2e_fake_${n}`, issuedAt: new Date().toISOString(), expiresAt: null, profileId: 'p', profileName: 'Site', note: '', batchId,
  };
}

test.describe('Stream tokens tells what was set aside and why a batch stopped', () => {
  test('pauses a batch against a dead server with one sentence and Resume as the main action', async ({ page, console }) => {
    const streams = streamsWith(console.app.demoServer!.state, 'private').slice(0, 40);
    console.app.demoServer!.faults.add({ path: '/api/', drop: true });
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill(streams.join('\n'));
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue 40 tokens' }).click();

    const paused = page.getByTestId('batch-paused');
    await expect(paused).toContainText(/^Paused after \d+ connection failures in a row, .*was dropped before the server answered.* \d+ streams are waiting\. Resume when the server is back\.$/);
    await expect(page.getByTestId('batch-progress-label')).toContainText('Paused.');
    const resume = page.getByRole('button', { name: 'Resume' });
    await expect(resume).toHaveClass(/primary/);
    await expect(page.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await paused.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`batch-paused-${size.width}.png`) });
    }

    console.app.demoServer!.faults.clear();
    await resume.click();
    await expect(page.getByTestId('batch-progress-label')).toContainText('Finished.');
    await expect(paused).toHaveCount(0);
    // The rows that failed before the pause may work now: retrying them is the main action.
    await expect(page.getByRole('button', { name: /^Retry \d+ without a token$/ })).toHaveClass(/primary/);
  });

  test('offers no Retry when every failure is permanent', async ({ page, console }) => {
    const state = console.app.demoServer!.state;
    const rows = [streamsWith(state, 'private')[0]!, streamsWith(state, 'public')[0]!, 'cam-9999-xx'];
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill(rows.join('\n'));
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue 3 tokens' }).click();
    await expect(page.getByTestId('batch-progress-label')).toHaveText('3 of 3 done — 1 issued, 2 failed. Finished.');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  });

  test('tells on the next start that a batch was interrupted, and lists its issued tokens', async ({ page, console }) => {
    // What a kill -9 during a batch leaves: the batch still marked running, and the tokens issued until then.
    const batchId = '5d0c1a9e-0000-4000-8000-00000000e2e0';
    const { append } = await runningBatch(console.app.services, batchId);
    append([entry(1, batchId), entry(2, batchId)], batchId);
    append([entry(3)], null);

    await console.open(page, 'tokens');
    const told = page.getByTestId('batch-interrupted');
    await expect(told).toContainText('A batch was interrupted');
    await expect(told).toContainText('2 issued, 598 not.');
    await expect(told).toContainText('The server may have issued a few more in the last moment that never reached it');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('batch-interrupted.png') });
    await told.getByRole('button', { name: 'Show the 2 issued tokens' }).click();
    await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(2);
    await told.getByRole('button', { name: 'Dismiss' }).click();
    await expect(told).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('history-table')).toBeVisible();
    await expect(page.getByTestId('batch-interrupted')).toHaveCount(0);
  });

  test('counts the tokens a clear of the history took since, and says they are no longer listed', async ({ page, console }) => {
    const batchId = '5d0c1a9e-0000-4000-8000-00000000e2e1';
    const { history, append } = await runningBatch(console.app.services, batchId);
    append([entry(1, batchId), entry(2, batchId)], batchId);
    history.clear();
    append([entry(3, batchId)], batchId);

    await console.open(page, 'tokens');
    const told = page.getByTestId('batch-interrupted');
    await expect(told).toContainText('3 issued, 597 not.');
    await expect(told).toContainText('The history was cleared since, so 2 of the issued tokens are no longer listed there.');
    await expect(told).not.toContainText('The issued tokens are in the history.');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('batch-interrupted-cleared.png') });
    await told.getByRole('button', { name: 'Show the 1 issued token' }).click();
    await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(1);
  });
});

test.describe('data-folder notices', () => {
  test('show on Connect and About: a folder that cannot be written and a damaged file set aside', async ({ page, console }) => {
    const folder = console.app.services.dataFolder;
    const refused = () => folder.writeFailed(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
    // This folder can in truth be written, and any change committed there (a connection check kept with its profile,
    // the outbox waking) rightly ends a told write problem, as once a full disk has room again. So the refusal is told
    // again right before each screen reads the folder's state, until the screen shows it standing.
    await console.open(page, 'connect');
    folder.notice(() => 'The server profiles file was damaged (it is not valid JSON). A copy was kept as profiles.json.corrupt-1 in the data folder, and Watchdesk continued with what could be read.');
    await expect(async () => {
      refused();
      await page.reload();
      await expect(page.getByTestId('storage-problem')).toContainText('Changes cannot be saved', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('storage-problem')).toContainText(`The data folder ${console.dataDir} cannot be written (the disk or folder is read-only).`);
    await expect(page.getByTestId('storage-notices')).toContainText('profiles.json.corrupt-1');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('connect-storage.png') });

    await expect(async () => {
      refused();
      await page.goto(page.url().replace(/#.*$/, '#/about'));
      await page.reload();
      await expect(page.getByTestId('storage-problem')).toContainText('cannot be written', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('storage-notices')).toContainText('profiles.json.corrupt-1');
    await expect(page.getByTestId('about-data-folder')).toContainText(console.dataDir);
    await expect(page.getByTestId('about-data-folder')).toContainText('Cannot be written');
    await expectNoAxeViolations(page);
    await page.setViewportSize(sizes[1]!);
    await page.screenshot({ path: test.info().outputPath('about-storage-1024.png') });
  });
});

test.describe('a damaged database', () => {
  test.use({ seedFiles: { 'watchdesk.db': 'This is not a database. '.repeat(4096) } });

  test('starts, and Connect and About say the database was set aside and what could be read', async ({ page, console }) => {
    await console.open(page, 'connect');
    const notices = page.getByTestId('storage-notices');
    await expect(notices).toContainText('Some saved data was set aside or could not be read');
    await expect(notices).toContainText('The database was damaged');
    await expect(notices).toContainText('watchdesk.db.damaged-');
    await expect(page.getByTestId('storage-problem')).toHaveCount(0);

    await page.getByRole('link', { name: /About/ }).click();
    await expect(page.getByTestId('storage-notices')).toContainText('The database was damaged');
    await expectNoAxeViolations(page);
    await page.setViewportSize(sizes[1]!);
    await page.screenshot({ path: test.info().outputPath('about-database-set-aside-1024.png') });
  });
});
