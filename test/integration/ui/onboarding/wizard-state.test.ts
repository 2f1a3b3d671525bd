import { afterEach, describe, expect, it } from 'vitest';
import { WizardState } from '../../../../renderer/features/onboarding/wizard-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { openOnboardingPage, type OnboardingPage } from './page';

let page: OnboardingPage;
afterEach(async () => {
  await page?.close();
});

/** A wizard with the fewest fields a camera needs. */
function filled(page: OnboardingPage, name: string, mac: string): WizardState {
  const wizard = new WizardState(page.api);
  wizard.draft.name = name;
  wizard.draft.mac = mac;
  wizard.draft.group = page.placement.group;
  wizard.draft.folder = page.placement.folder;
  return wizard;
}

describe.skipIf(!hasDbus)('the camera wizard state over the real main process', () => {
  it('creates a camera now and then suggests its placement', async () => {
    page = await openOnboardingPage('ui-wizard');
    const wizard = filled(page, 'Depot gate', 'aa-bb-cc-00-00-f1');
    await wizard.loadSuggestions();
    expect(wizard.suggestions.groups).toEqual([]);
    await wizard.submit('now');
    expect(wizard.failure).toBeNull();
    expect(wizard.result).toMatchObject({ outcome: 'created', entry: { request: { name: 'Depot gate', mac: 'AA:BB:CC:00:00:F1' } } });
    expect(page.sim.state.createdCameras).toHaveLength(1);
    await wizard.loadSuggestions();
    expect(wizard.suggestions.groups).toEqual([{ by: 'key', value: page.placement.group }]);
    expect(wizard.suggestions.folders).toEqual([{ by: 'key', value: page.placement.folder }]);
  });

  it("puts main's refusal of a camera it already has on the MAC field and keeps the draft", async () => {
    page = await openOnboardingPage('ui-wizard-known');
    await filled(page, 'First', '02:00:00:00:cc:01').submit('now');
    const again = filled(page, 'Second', '02:00:00:00:cc:01');
    await again.submit('outbox');
    expect(again.result).toBeNull();
    expect(again.error('mac')).toContain('Already created from this console on Site server');
    expect(again.step).toBe('identity');
  });
});
