import { afterEach, describe, expect, it } from 'vitest';
import { CreatedState } from '../../../../renderer/features/onboarding/created-state.svelte';
import { camera } from '../../onboarding/console';
import { hasDbus } from '../../../support/dbus';
import { openOnboardingPage, type OnboardingPage } from './page';

let page: OnboardingPage;
afterEach(async () => {
  await page?.close();
});

describe.skipIf(!hasDbus)('the created cameras state over the real main process', () => {
  it('lists the created cameras, narrows them by a search, and exports the matches as CSV', async () => {
    page = await openOnboardingPage('ui-created');
    const { group, folder } = page.placement;
    for (const serial of ['SN-A1', 'SN-B2', 'SN-C3']) {
      const answer = await page.api.onboarding.submit({ request: camera(group, folder, { serial_number: serial }), send: 'now' });
      expect(answer.ok && answer.value.outcome).toBe('created');
    }
    const created = new CreatedState(page.api);
    await created.load();
    expect(created.list).toMatchObject({ total: 3, matched: 3 });
    expect(created.list!.cameras.every((c) => c.profileName === 'Site server' && c.cameraId !== null)).toBe(true);

    created.search = 'sn-b2';
    await created.load();
    expect(created.list).toMatchObject({ total: 3, matched: 1 });
    expect(created.list!.cameras[0]!.serialNumber).toBe('SN-B2');
    const file = await created.exportCsv();
    expect(file).toMatchObject({ rows: 1, filename: expect.stringMatching(/^created-cameras-.*\.csv$/) });
    expect(file!.csv).toContain('SN-B2');
    expect(file!.csv).not.toContain('SN-A1');
    expect(created.failure).toBeNull();
  });

  it('keeps the answer to the latest search when an earlier one comes back later', async () => {
    page = await openOnboardingPage('ui-created-order');
    const created = new CreatedState(page.api);
    created.search = 'first';
    const first = created.load();
    created.search = 'second';
    const second = created.load();
    await Promise.all([first, second]);
    expect(created.list).toMatchObject({ total: 0, matched: 0 });
  });

  it('shows why the list cannot be read when the search is too long', async () => {
    page = await openOnboardingPage('ui-created-bad');
    const created = new CreatedState(page.api);
    created.search = 'x'.repeat(201);
    await created.load();
    expect(created.failure?.kind).toBe('Validation');
    expect(created.list).toBeNull();
  });
});
