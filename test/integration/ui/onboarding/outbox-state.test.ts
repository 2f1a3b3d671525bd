import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { OutboxState } from '../../../../renderer/features/onboarding/outbox-state.svelte';
import { camera } from '../../onboarding/console';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openOnboardingPage, until, type OnboardingPage } from './page';

let page: OnboardingPage;
const stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await page?.close();
});

describe.skipIf(!hasDbus)('the outbox state (header and outbox panel) over the real main process', () => {
  it('follows the pushed summary and reads the list again on a change while the list is shown', async () => {
    page = await openOnboardingPage('ui-outbox');
    const outbox = new OutboxState(page.api);
    stops.push(outbox.watchList());
    await until(() => outbox.summary !== null && outbox.view !== null);
    expect(outbox.entries).toEqual([]);
    page.sim.faults.add({ path: '/api/v2/billing/cameras', status: 503 });
    const { group, folder } = page.placement;
    const saved = await page.api.onboarding.submit({ request: camera(group, folder, { name: 'Yard' }), send: 'outbox' });
    expect(saved.ok).toBe(true);
    await until(() => outbox.summary?.retrying === 1 && outbox.entries[0]?.state === 'retrying');
    expect(outbox.entries.map((entry) => entry.request.name)).toEqual(['Yard']);
    expect(outbox.entries[0]!.lastError?.message).toContain('temporarily unavailable');

    page.sim.faults.clear();
    await outbox.retry(outbox.entries[0]!.id);
    await until(() => outbox.summary?.created === 1 && outbox.entries[0]?.state === 'created');
    expect(outbox.summary).toMatchObject({ pending: 0, created: 1 });
  });

  it('removes an entry with an undo, clears created ones with an undo, and reopens an entry with its password', async () => {
    page = await openOnboardingPage('ui-outbox-undo');
    const outbox = new OutboxState(page.api);
    stops.push(outbox.watchList());
    const { group, folder } = page.placement;
    // Refused for a reason the installer must settle (no permission): held, not tried again on its own, so it stays put.
    page.sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const queued = await page.api.onboarding.submit({ request: camera(group, folder, { name: 'Queued', onvif_credentials: { login: 'admin', password: 'onvif-secret', port: 80 } }), send: 'outbox' });
    if (!queued.ok) throw new Error(queued.error.message);
    await until(() => outbox.entries[0]?.state === 'held');
    expect(JSON.stringify(outbox.entries)).not.toContain('onvif-secret');
    const full = await outbox.entry(queued.value.entry.id);
    expect(full?.request.onvif_credentials?.password).toBe('onvif-secret');
    expect(await outbox.entry('no-such-entry')).toBeNull();
    expect(outbox.failure?.kind).toBe('NotFound');

    await outbox.discard(outbox.entries[0]!);
    expect(outbox.entries).toHaveLength(0);
    expect(outbox.failure).toBeNull();
    expect(outbox.undo).toMatchObject({ shown: true, message: '"Queued" was removed from the outbox.' });
    await outbox.runUndo();
    expect(outbox.undo.shown).toBe(false);
    expect(outbox.entries.map((entry) => entry.request.name)).toEqual(['Queued']);

    page.sim.faults.clear();
    await outbox.retry();
    await until(() => outbox.summary?.created === 1);
    await outbox.clearCreated();
    expect(outbox.entries).toHaveLength(0);
    expect(outbox.undo.message).toBe('Created cameras were cleared from the outbox.');
    await outbox.runUndo();
    expect(outbox.entries).toHaveLength(1);
  });

  it('reads the summary once when its event stream fell behind (events.resync)', async () => {
    page = await openOnboardingPage('ui-outbox-resync');
    const outbox = new OutboxState(page.api);
    stops.push(outbox.watch());
    await until(() => outbox.summary !== null);
    const { group, folder } = page.placement;
    await page.api.onboarding.submit({ request: camera(group, folder), send: 'now' });
    await until(() => outbox.summary?.created === 1);
    // A summary the page never got: the next resync notice makes it read the counts again.
    outbox.summary = { ...outbox.summary!, created: 0 };
    flushSync();
    page.registryApp.app.services.events.emit('events.resync', { dropped: 1 });
    await until(() => outbox.summary?.created === 1);
  });

  it('a summary pushed while the first read of the counts is on its way is not undone by that read’s older answer', async () => {
    page = await openOnboardingPage('ui-outbox-late-read');
    // A page whose read of the counts reaches it only after a later push.
    const summary = lateAnswer(page.api.outbox.summary);
    summary.hold();
    const slow: typeof page.api = { ...page.api, outbox: { ...page.api.outbox, summary: summary.call } };
    const outbox = new OutboxState(slow);
    stops.push(outbox.watch());
    const { group, folder } = page.placement;
    await page.api.onboarding.submit({ request: camera(group, folder), send: 'now' });
    await until(() => outbox.summary?.created === 1);
    summary.letGo();
    await until(() => summary.answered === 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outbox.summary?.created).toBe(1);
  });
});
