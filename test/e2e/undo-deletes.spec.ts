import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { saveStorageWatchList, sim } from './watch-steps';

test.use({ viewport: { width: 1280, height: 1100 } });

/** A delete done by mistake is asked about first and can be undone right after, as every delete in the console. */
test.describe('deletes ask first and offer Undo', () => {
  test('a watch list deleted by mistake comes back with its devices', async ({ page, console }) => {
    const ids = [...sim(console.app).state.agents.keys()].slice(0, 3);
    await console.open(page, 'agents');
    await saveStorageWatchList(page, 'Roof cameras', ids);
    await expect(page.getByRole('region', { name: 'Devices of Roof cameras' }).getByRole('row')).toHaveCount(ids.length + 1);

    await page.getByRole('button', { name: 'Delete list' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Roof cameras”?' });
    await expect(dialog).toContainText('You can undo this right after');
    await dialog.getByRole('button', { name: 'Delete list' }).click();

    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('The watch list “Roof cameras” was deleted.');
    await page.screenshot({ path: test.info().outputPath('watch-list-deleted.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(note).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Devices of Roof cameras' }).getByRole('row')).toHaveCount(ids.length + 1);
  });

  test('an analytics draft is deleted only after a yes, and comes back with Undo', async ({ page, console }) => {
    const task = [...console.app.demoServer!.state.tasks.values()][0]!;
    await console.open(page, 'analytics');
    await page.getByLabel('Task identifier').fill(task.uid);
    await page.getByLabel('Draft name').fill('night shift');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const drafts = page.getByRole('region', { name: 'Drafts of this task' });
    await expect(drafts.getByText('night shift', { exact: true })).toBeVisible();

    await drafts.getByRole('button', { name: 'Delete draft night shift' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the draft “night shift”?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('draft-delete-asked.png'), fullPage: true });
    // No: the draft stays.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(drafts.getByText('night shift', { exact: true })).toBeVisible();

    await drafts.getByRole('button', { name: 'Delete draft night shift' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(drafts.getByText('No drafts for this task yet.')).toBeVisible();
    await expect(drafts.getByText('Draft “night shift” saved.')).toHaveCount(0);
    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('The draft “night shift” was deleted.');
    await page.screenshot({ path: test.info().outputPath('draft-deleted.png'), fullPage: true });
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(drafts.getByText('night shift', { exact: true })).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  test('"Clear recent" asks first, keeps pinned devices, and the look-ups come back with Undo', async ({ page, console }) => {
    const [first, second] = [...sim(console.app).state.agents.keys()];
    await console.open(page, 'agents');
    const field = page.getByLabel('Device number', { exact: true });
    for (const id of [first, second]) {
      await field.fill(String(id));
      await field.press('Enter');
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    const recent = page.getByRole('navigation', { name: 'Recent' });
    await expect(recent.getByRole('button')).toHaveCount(3);

    await recent.getByRole('button', { name: 'Clear recent' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear the recent look-ups?' });
    await expect(dialog).toContainText('pinned devices stay');
    await dialog.getByRole('button', { name: 'Clear recent' }).click();
    await expect(recent).toHaveCount(0);
    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('Recent look-ups cleared.');
    await page.screenshot({ path: test.info().outputPath('recent-cleared.png'), fullPage: true });
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(recent.getByRole('button')).toHaveCount(3);
  });
});
