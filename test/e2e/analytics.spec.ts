import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import type { AnalyticsTask } from '../../main/simulator/seed/types';

// A tall window so full-page screenshots show the whole screen (the shell scrolls inside its main area).
test.use({ viewport: { width: 1400, height: 1900 } });

function lineCrossingTask(app: { demoServer: { state: { tasks: Map<string, AnalyticsTask> } } | null }): AnalyticsTask {
  const task = [...app.demoServer!.state.tasks.values()].find((t) => t.CaseType === 'line-crossing');
  if (!task) throw new Error('the seed has no line-crossing task');
  return task;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: proves it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the control could not be reached with Tab');
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** The body in the JSON box, parsed, once the box has caught up with the last change (it follows when idle). */
async function bodyOnScreen(page: Page): Promise<{ Pipeline?: { Areas?: Array<{ Points: number[][] }>; Fences?: Array<{ Points: number[][] }> } }> {
  const box = page.getByLabel('Task body as JSON', { exact: false });
  await expect(box).toHaveAttribute('aria-busy', 'false');
  return JSON.parse(await box.inputValue());
}

test.describe('analytics task editor', () => {
  test('draws a four-point zone and a line on a blank frame with the mouse, shows them in the JSON, and replaces the task', async ({ page, console }) => {
    const task = lineCrossingTask(console.app);
    await console.open(page, 'analytics');
    await page.getByLabel('Task identifier').fill(task.uid);
    await page.getByLabel('Case type').fill(task.CaseType);
    await page.getByLabel('Camera group uid').fill(task.CameraGroupUid);
    await page.getByLabel('Video stream uid').fill(task.Source.Uid);
    await page.getByLabel('Video stream link').fill(task.Source.Url);

    const canvas = page.getByRole('application');
    const box = (await canvas.boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });

    await page.getByRole('button', { name: 'Draw a zone' }).click();
    for (const [x, y] of [[0.25, 0.25], [0.75, 0.25], [0.75, 0.75], [0.25, 0.75]] as const) await page.mouse.click(at(x, y).x, at(x, y).y);
    await page.getByRole('button', { name: 'Finish shape' }).click();

    await page.getByRole('button', { name: 'Draw a line' }).click();
    await page.mouse.click(at(0.1, 0.5).x, at(0.1, 0.5).y);
    await page.mouse.dblclick(at(0.9, 0.5).x, at(0.9, 0.5).y);

    let body = await bodyOnScreen(page);
    expect(body.Pipeline?.Areas).toHaveLength(1);
    expect(body.Pipeline?.Areas?.[0]?.Points).toHaveLength(4);
    expect(body.Pipeline?.Fences?.[0]?.Points).toHaveLength(2);
    const [x0, y0] = body.Pipeline!.Areas![0]!.Points[0]!;
    expect(x0).toBeCloseTo(0.25, 1);
    expect(y0).toBeCloseTo(0.25, 1);

    // Drag the zone's first point: the JSON follows, and one undo puts it back.
    await page.getByRole('button', { name: 'Zone 1' }).click();
    await page.mouse.move(at(0.25, 0.25).x, at(0.25, 0.25).y);
    await page.mouse.down();
    await page.mouse.move(at(0.3, 0.2).x, at(0.3, 0.2).y, { steps: 5 });
    await page.mouse.up();
    body = await bodyOnScreen(page);
    expect(body.Pipeline!.Areas![0]!.Points[0]![0]).toBeCloseTo(0.3, 1);
    await page.getByRole('button', { name: 'Undo' }).click();
    body = await bodyOnScreen(page);
    expect(body.Pipeline!.Areas![0]!.Points[0]![0]).toBeCloseTo(0.25, 1);

    await page.screenshot({ path: test.info().outputPath('analytics-drawn.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`The platform will delete task ${task.uid} and create a new one`);
    await expect(dialog).toContainText('Zone 1 added (4 points).');
    await expect(dialog).toContainText('Line 1 added (2 points).');
    await page.screenshot({ path: test.info().outputPath('analytics-confirm.png'), fullPage: true });
    await expectNoAxeViolations(page, { include: '[role="alertdialog"]' });
    await dialog.getByRole('button', { name: 'Delete and create' }).click();

    await expect(page.getByRole('status').filter({ hasText: `Task ${task.uid} was replaced` }).first()).toBeVisible();
    const replaced = console.app.demoServer!.state.tasks.get(task.uid)!;
    expect(replaced.id).not.toBe(task.id);
    expect((replaced.Pipeline?.Areas as Array<{ Points: unknown[] }>)[0]?.Points).toHaveLength(4);
    expect((replaced.Pipeline?.Fences as Array<{ Points: unknown[] }>)[0]?.Points).toHaveLength(2);
    await expect(page.getByRole('button', { name: /^Put this body back/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('analytics-sent.png'), fullPage: true });
  });

  test('does the same with the keyboard alone', async ({ page, console }) => {
    // A few hundred key presses, each a round trip to the browser: about 15 s alone, over a minute on a machine whose
    // cores are shared with other work.
    test.setTimeout(150_000);
    const task = lineCrossingTask(console.app);
    await console.open(page, 'analytics');
    const uid = page.getByLabel('Task identifier');
    await tabTo(page, uid);
    await page.keyboard.type(task.uid);
    await press(page, 'Tab');
    await page.keyboard.type(task.CaseType);
    await tabTo(page, page.getByLabel('Camera group uid'));
    await page.keyboard.type(task.CameraGroupUid);
    await tabTo(page, page.getByLabel('Video stream uid'));
    await page.keyboard.type(task.Source.Uid);
    await tabTo(page, page.getByLabel('Video stream link'));
    await page.keyboard.type(task.Source.Url);

    const canvas = page.getByRole('application');
    await tabTo(page, page.getByRole('button', { name: 'Draw a zone' }));
    await page.keyboard.press('Enter');
    await tabTo(page, canvas);
    // The cursor starts in the middle; Shift+arrow moves a tenth of the frame. Space adds a point, Enter finishes.
    await press(page, 'Shift+ArrowLeft', 3);
    await press(page, 'Shift+ArrowUp', 3);
    await page.keyboard.press('Space');
    await press(page, 'Shift+ArrowRight', 6);
    await page.keyboard.press('Space');
    await press(page, 'Shift+ArrowDown', 6);
    await page.keyboard.press('Space');
    await press(page, 'Shift+ArrowLeft', 6);
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page.locator('#canvas-status')).toHaveText('Zone 1 finished with 4 points');

    await tabTo(page, page.getByRole('button', { name: 'Draw a line' }), true);
    await page.keyboard.press('Enter');
    await tabTo(page, canvas);
    await press(page, 'Shift+ArrowUp', 3);
    await page.keyboard.press('Space');
    await press(page, 'Shift+ArrowRight', 6);
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');

    // Select the zone's first point, move it, insert a point after it, delete that point again.
    await page.keyboard.press('n');
    await press(page, 'ArrowRight', 2);
    await page.keyboard.press('i');
    await expect(page.locator('#canvas-status')).toHaveText(/^Zone 1, point 2 at /);
    await page.keyboard.press('Delete');

    const body = await bodyOnScreen(page);
    expect(body.Pipeline?.Areas?.[0]?.Points).toEqual([[0.22, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]]);
    expect(body.Pipeline?.Fences?.[0]?.Points).toEqual([[0.2, 0.5], [0.8, 0.5]]);
    await page.screenshot({ path: test.info().outputPath('analytics-keyboard.png'), fullPage: true });

    await tabTo(page, page.getByRole('button', { name: 'Review and replace the task…' }), true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // A dangerous dialog starts on Cancel; Tab reaches the confirming button.
    await tabTo(page, dialog.getByRole('button', { name: 'Delete and create' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Task ${task.uid} was replaced` }).first()).toBeVisible();
    expect((console.app.demoServer!.state.tasks.get(task.uid)!.Pipeline?.Areas as unknown[]).length).toBe(1);
    await expectNoAxeViolations(page);
  });

  test('when zoomed in, the view moves with Ctrl+arrows, the scroll wheel and the middle button; Reset view shows the whole frame', async ({ page, console }) => {
    await console.open(page, 'analytics');
    const canvas = page.getByRole('application');
    const status = page.locator('#canvas-status');
    const viewBox = async () => (await canvas.getAttribute('viewBox'))!.split(' ').map(Number);
    await tabTo(page, canvas);
    await page.keyboard.press('Control+ArrowRight');
    await expect(status).toHaveText('The whole frame is in view. Zoom in (+) first to move around.');

    await press(page, '+', 2);
    await expect(page.getByText('Zoom 200%')).toBeVisible();
    await expect(page.getByText('Zoomed in: scroll, drag with the middle button', { exact: false })).toBeVisible();
    await press(page, 'Control+ArrowRight', 3);
    await expect(status).toHaveText('Showing 40–90% across and 25–75% down the frame.');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.press('Control+ArrowDown');
    await expect(status).toHaveText('Showing 50–100% across and 30–80% down the frame.');
    await page.screenshot({ path: test.info().outputPath('analytics-zoomed.png'), fullPage: true });
    await expectNoAxeViolations(page);

    // A scroll over the zoomed canvas moves the view up; the middle button drags the picture along.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const [, yBefore] = await viewBox();
    await page.mouse.wheel(0, -100);
    await expect.poll(async () => (await viewBox())[1]).toBeLessThan(yBefore!);
    const [xBefore] = await viewBox();
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up({ button: 'middle' });
    await expect.poll(async () => (await viewBox())[0]).toBeLessThan(xBefore!);

    await page.getByRole('button', { name: 'Reset view' }).click();
    await expect(page.getByText('Zoom 100%')).toBeVisible();
    expect(await viewBox()).toEqual([0, 0, 1000, 562.5]);
  });

  test('an unknown task is explained next to the identifier, and a refused case type next to the case type', async ({ page, console }) => {
    const task = lineCrossingTask(console.app);
    await console.open(page, 'analytics');
    await page.getByLabel('Paste a task body').fill(JSON.stringify({ CaseType: 'face-recognition', CameraGroupUid: 'cg', Source: task.Source, Regions: [1] }));
    await page.getByRole('button', { name: 'Use this body' }).click();
    await expect(page.getByLabel('Collections')).toBeVisible();
    await page.getByLabel('Task identifier').fill('task-9999');
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete and create' }).click();
    await expect(page.getByText('The server has no analytics task “task-9999”', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Task identifier')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Task identifier').fill(task.uid);
    await page.getByRole('button', { name: 'Review and replace the task…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete and create' }).click();
    await expect(page.getByText('refused to change the case type', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Case type')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: test.info().outputPath('analytics-refused.png'), fullPage: true });
    await expectNoAxeViolations(page);
  });
});
