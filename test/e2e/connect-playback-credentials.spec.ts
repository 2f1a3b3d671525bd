import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { card, fillNewServer } from './server-form';
import { filesUnder } from '../support/files';

test('refuses a playback address with a user name and password at the field, and keeps the password nowhere', async ({ page, console }) => {
  await console.open(page, 'connect');
  await fillNewServer(page, { name: 'Site 9', url: 'http://127.0.0.1:9' });
  const playback = page.getByLabel('Playback address template (optional)');
  await playback.fill('rtsp://viewer:Pl4yback-Secret@10.0.0.7/{stream}?token={token}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Leave the user name and password out of the link')).toBeVisible();
  await expect(playback).toHaveAttribute('aria-invalid', 'true');
  await expect(card(page, 'Site 9')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('connect-playback-credentials.png'), fullPage: true });
  for (const file of filesUnder(console.dataDir)) expect(readFileSync(file).includes('Pl4yback-Secret'), file).toBe(false);

  await playback.fill('rtsp://10.0.0.7/{stream}?token={token}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(card(page, 'Site 9')).toBeVisible();
});
