import { test, expect } from './fixtures';
import type { AnalyticsTask } from '../../main/simulator/seed/types';

function lineCrossingTask(app: { demoServer: { state: { tasks: Map<string, AnalyticsTask> } } | null }): AnalyticsTask {
  return [...app.demoServer!.state.tasks.values()].find((t) => t.CaseType === 'line-crossing')!;
}

for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
  test(`the review never presents a bad threshold or a case type change as ready to send (${size.width}x${size.height})`, async ({ page, console }) => {
    await page.setViewportSize(size);
    const sim = console.app.demoServer!;
    const task = lineCrossingTask(console.app);
    await console.open(page, 'analytics');
    await page.getByLabel('Paste a task body').fill(JSON.stringify({ CaseType: task.CaseType, CameraGroupUid: task.CameraGroupUid, Source: task.Source, Pipeline: { Detector: { ScoreThreshold: 0.5 }, Areas: [], Fences: [] } }));
    await page.getByRole('button', { name: 'Use this body' }).click();
    await page.getByLabel('Task identifier').fill(task.uid);
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete and create' }).click();
    await expect(page.getByText(`Task ${task.uid} was replaced`, { exact: false }).first()).toBeVisible();
    const sent = sim.state.deletedTasks.length;

    // A threshold that is not a number: the review stops at the field, no dialog says the body is ready.
    await page.getByLabel('Score threshold').fill('abc');
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByLabel('Score threshold')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The score threshold must be a number.')).toBeVisible();
    await page.getByLabel('Score threshold').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`threshold-${size.width}.png`) });

    // A case type other than the task's: said before sending, naming both; the server is never asked.
    await page.getByLabel('Score threshold').fill('0.7');
    await page.getByLabel('Case type').fill('face-recognition');
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByLabel('Case type')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`This task’s case type is “${task.CaseType}”; the platform refuses to change it to “face-recognition”.`, { exact: false })).toBeVisible();
    await page.getByLabel('Case type').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`case-type-${size.width}.png`) });
    expect(sim.state.deletedTasks.length).toBe(sent);

    // Put back: the review lists only the threshold change.
    await page.getByLabel('Case type').fill(task.CaseType);
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('listitem')).toHaveText(['Score threshold: 0.5 → 0.7.']);
    await page.screenshot({ path: test.info().outputPath(`review-${size.width}.png`) });
  });
}
