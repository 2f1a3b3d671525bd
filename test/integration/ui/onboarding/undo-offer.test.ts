import { afterEach, describe, expect, it } from 'vitest';
import { UndoOffer } from '../../../../renderer/lib/undo-offer.svelte';
import { onboardingView } from '../../../../renderer/features/onboarding/onboarding-view.svelte';
import { hasDbus } from '../../../support/dbus';
import { camera } from '../../onboarding/console';
import { openOnboardingPage, type OnboardingPage } from './page';
import { eventually as until } from '../../onboarding/services';

let page: OnboardingPage;
afterEach(async () => {
  await page?.close();
});

describe.skipIf(!hasDbus)('the undo note over the real main process', () => {
  it('brings back what was removed, then goes; an undo main cannot read stays, with its sentence', async () => {
    page = await openOnboardingPage('ui-undo-offer');
    const { group, folder } = page.placement;
    // The server says it is too busy (429: nothing was created), so the camera waits in the outbox to be tried again
    // and can be removed. (After a 503 it could not: a proxy may have failed after the server made the camera.)
    page.sim.faults.add({ path: '/api/v2/billing/cameras', status: 429 });
    const queued = await page.api.onboarding.submit({ request: camera(group, folder), send: 'outbox' });
    if (!queued.ok) throw new Error(queued.error.message);
    await until(async () => {
      const got = await page.api.outbox.get({ id: queued.value.entry.id });
      return got.ok && got.value.state === 'retrying';
    });
    const removed = await page.api.outbox.discard({ id: queued.value.entry.id });
    if (!removed.ok || !removed.value.undo) throw new Error('the remove gave no undo');

    const offer = new UndoOffer((undo) => page.api.onboarding.undo({ undo }));
    expect(offer.shown).toBe(false);
    offer.offer('The camera was removed from the outbox.', removed.value.undo);
    expect(offer.shown).toBe(true);
    expect(await offer.run()).toBe(true);
    expect(offer.shown).toBe(false);
    expect(offer.busy).toBe(false);
    const listed = await page.api.outbox.list();
    expect(listed.ok && listed.value.entries.map((entry) => entry.id)).toEqual([queued.value.entry.id]);

    offer.offer('The camera was removed from the outbox.', 'nonsense');
    expect(await offer.run()).toBe(false);
    expect(offer.shown).toBe(true);
    expect(offer.failure?.message).toBeTruthy();
    offer.dismiss();
    expect(offer.shown).toBe(false);
    expect(offer.failure).toBeNull();
  });
});

describe('which part of the Onboarding screen is shown', () => {
  it('starts on the wizard, and the header can open the outbox', () => {
    expect(onboardingView.tab).toBe('wizard');
    onboardingView.tab = 'outbox';
    expect(onboardingView.tab).toBe('outbox');
    onboardingView.tab = 'wizard';
  });
});
