import type { Page } from '@playwright/test';

/** A saved server's card on the Connect screen, found by the server's name. */
export const card = (page: Page, name: string) => page.locator(`[data-testid="profile-card"][data-profile-name="${name}"]`);

/** Opens the form for a new server and fills it as a person would; the caller picks the trust and saves. */
export async function fillNewServer(page: Page, fields: { name: string; url: string; token?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add a server' }).click();
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Server address').fill(fields.url);
  if (fields.token) await page.getByLabel('API access token').fill(fields.token);
}
