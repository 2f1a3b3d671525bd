import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

test.use({ timezoneId: 'Europe/Riga' });

const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('camera wizard: what a first-time installer types', () => {
  for (const size of sizes) {
    test(`decimal commas, the demo server's places and every request field at ${size.width}x${size.height}`, async ({ page, console }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      const tag = `${size.width}x${size.height}`;
      await console.open(page, 'onboarding');
      await page.getByLabel('Camera name').fill('Depot gate west');
      await page.getByLabel('MAC address').fill('02-00-00-00-c0-01');
      await page.getByLabel('Extra information (log_extra)').fill('{"work_order": "RIGA-1042"}');
      await page.getByLabel('Send it as').selectOption('json');
      await shot(page, `1-identity-${tag}`);
      await page.getByRole('button', { name: /Placement/ }).click();

      // The demo server's tree elements and folders are listed; one click fills both fields.
      await expect(page.locator('#group_type')).toHaveValue('private');
      await page.getByTestId('demo-placements').locator('summary').click();
      await expect(page.getByTestId('demo-placements')).toContainText('Riga Depot');
      await shot(page, `2-demo-places-${tag}`);
      await page.getByRole('button', { name: 'Use Gates riga-depot-gates' }).click();
      await expect(page.locator('#group')).toHaveValue('site-riga-depot');
      await expect(page.locator('#folder')).toHaveValue('riga-depot-gates');

      // "56,9496" then Tab is one latitude with a decimal comma: the longitude stays empty until it is typed.
      await page.locator('#latitude').fill('56,9496');
      await page.locator('#latitude').press('Tab');
      await expect(page.locator('#latitude')).toHaveValue('56,9496');
      await expect(page.locator('#longitude')).toHaveValue('');
      await page.locator('#longitude').fill('24,1052');
      await page.locator('#longitude').press('Tab');
      await page.locator('#latitude').scrollIntoViewIfNeeded();
      await shot(page, `3-placement-${tag}`);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: /Recording/ }).click();
      await page.getByLabel('The user may change how many days the archive is kept').check();
      await shot(page, `4-recording-${tag}`);
      await page.getByRole('button', { name: /Review/ }).click();
      const review = page.getByTestId('review-request');
      await expect(review).toContainText('"latitude": 56.9496');
      await expect(review).toContainText('"longitude": 24.1052');
      await expect(review).toContainText('"group_type": "private"');
      await expect(review).toContainText('"is_can_manage_archive_storage_days": true');
      await expect(review).toContainText('"work_order": "RIGA-1042"');
      await shot(page, `5-review-${tag}`);
      await page.getByRole('button', { name: 'Create now' }).click();
      await expect(page.getByRole('heading', { name: 'Camera "Depot gate west" created' })).toBeVisible();
      const created = console.app.demoServer!.state.createdCameras;
      expect(created).toHaveLength(1);
      expect(created[0]!.response).toMatchObject({ latitude: 56.9496, longitude: 24.1052, group_type: 'private', folder: { key: 'riga-depot-gates' } });
    });
  }

  test('numbers and commas that read two ways are asked about at the field, and nothing is sent', async ({ page, console }) => {
    await console.open(page, 'onboarding');
    await page.getByLabel('Camera name').fill('Yard');
    await page.getByLabel('MAC address').fill('02-00-00-00-c0-02');
    await page.getByRole('button', { name: /Placement/ }).click();
    await page.locator('#group').fill('site-riga-depot');
    await page.locator('#folder').fill('riga-depot-yard');
    await page.locator('#latitude').fill('56,9496,24,1052');
    await page.locator('#latitude').press('Tab');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Is this one number or latitude and longitude?')).toBeVisible();
    await expect(page.locator('#longitude')).toHaveValue('');
    await shot(page, 'ambiguous-coordinates');
    await expectNoAxeViolations(page);
    expect(console.app.demoServer!.state.createdCameras).toHaveLength(0);
  });

  test('the downloadable template imports as it is into the demo server', async ({ page, console }) => {
    await console.open(page, 'onboarding');
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template CSV' }).click();
    const file = await (await download).path();
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByTestId('import-summary')).toContainText('2 rows, 2 ready, 0 with problems.');
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toContainText('2 of 2 done: 2 created', { timeout: 30_000 });
    await shot(page, 'template-imported');
    const folders = console.app.demoServer!.state.createdCameras.map((c) => c.response.folder.key);
    expect(folders).toContain('riga-depot-gates');
  });
});
