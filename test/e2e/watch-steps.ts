import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../../main/simulator';

/** The console's built-in demo server, which the e2e console runs against. */
export function sim(app: { demoServer: RunningSimulator | null }): RunningSimulator {
  return app.demoServer!;
}

/**
 * From the Agents screen: a new watch list `name` of `ids` with one rule, storage over 95%, saved and started, as an
 * operator makes it.
 */
export async function saveStorageWatchList(page: Page, name: string, ids: number[]): Promise<void> {
  await page.getByRole('tab', { name: 'Watch lists' }).click();
  await page.getByRole('button', { name: 'New watch list' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Device numbers').fill(ids.join('\n'));
  await page.getByLabel('New rule').selectOption({ label: 'Storage over N%' });
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Percent').fill('95');
  await page.getByRole('button', { name: 'Save and start' }).click();
}

/**
 * Before the page loads: every Notification the page shows is also kept in `window.shownNotes` (title, body, tag, and
 * a click that runs its onclick), so a test can read and click what an operator would see.
 */
export async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: Array<{ title: string; body: string; tag: string; click: () => void }> = [];
    (window as unknown as { shownNotes: typeof shown }).shownNotes = shown;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '', click: () => this.onclick?.(new Event('click')) });
      }
    }
    Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
    window.Notification = Recording as typeof Notification;
  });
}
