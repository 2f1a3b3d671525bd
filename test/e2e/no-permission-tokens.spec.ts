import { test, expect } from './fixtures';
import { streamsWith } from '../support/streams';
import { expectNoAxeViolations } from './axe';

/**
 * With live, DVR and download all off the platform grants nothing. The desk starts that way (as the platform does),
 * so it says so in words before anything is sent, for one token and for a batch, and sends only after a yes.
 */
test.describe('tokens that would allow nothing', () => {
  test('one token: the form says nothing is allowed yet, asks, and sends only after the yes', async ({ page, console }) => {
    const stream = streamsWith(console.app.demoServer!.state, 'private')[0]!;
    await console.open(page, 'tokens');
    await expect(page.getByTestId('no-permission-note').first()).toHaveText('Nothing is allowed yet: with live, DVR and download all off, a token opens nothing.');
    await page.getByLabel('Stream uid').fill(stream);
    await page.screenshot({ path: test.info().outputPath('single-note.png') });
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('This token would not allow live viewing, DVR or download.');
    await page.screenshot({ path: test.info().outputPath('single-ask.png') });
    await page.getByRole('button', { name: 'Go back' }).click();
    expect(console.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
    // Switching one on takes the note away.
    await page.getByRole('switch', { name: /Live/ }).check();
    await expect(page.getByTestId('no-permission-note')).toHaveCount(0);
  });

  test('a batch: asks in words before any of its tokens is sent, then issues them with no permission', async ({ page, console }) => {
    const streams = streamsWith(console.app.demoServer!.state, 'private').slice(0, 3);
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill(streams.join('\n'));
    await expect(page.getByTestId('no-permission-note').first()).toBeVisible();
    await page.getByRole('button', { name: 'Issue 3 tokens' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('These tokens would not allow live viewing, DVR or download.');
    await page.screenshot({ path: test.info().outputPath('batch-ask.png') });
    await expectNoAxeViolations(page);
    expect(console.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
    await page.getByRole('button', { name: 'Issue without permissions' }).click();
    await expect(page.getByTestId('batch-progress-label')).toHaveText('3 of 3 done — 3 issued. Finished.');
    const issued = console.app.demoServer!.state.issuedStreamTokens;
    expect(issued).toHaveLength(3);
    expect(issued.every((token) => !token.live && !token.dvr && !token.copy)).toBe(true);
  });
});
