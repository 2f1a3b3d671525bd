import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxSummary } from '../../../preload/contract/onboarding';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { createSubmitService } from '../../../main/onboarding/submit-service';
import { createCreatedService } from '../../../main/onboarding/created-service';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { eventually, openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
let restarted: RunningSimulator | null = null;
afterEach(async () => {
  await restarted?.close();
  restarted = null;
  await desk?.close();
});

describe.skipIf(!hasDbus)('the camera outbox the onboarding services share', () => {
  it('pushes outbox.changed and tells its listeners on every change, until they unsubscribe', async () => {
    desk = await openServices('camera-outbox-changes');
    const heard: OutboxSummary[] = [];
    const stop = desk.outbox.onChange((summary) => heard.push(summary));
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const { group, folder } = desk.placement;
    await submits.submit({ request: camera(group, folder), send: 'now' });
    const last = await eventually(() => heard.find((summary) => summary.created === 1));
    expect(desk.pushed('outbox.changed')).toContainEqual(last);
    stop();
    const before = heard.length;
    await submits.submit({ request: camera(group, folder), send: 'now' });
    await eventually(() => (desk.pushed('outbox.changed') as OutboxSummary[]).some((summary) => summary.created === 2));
    expect(heard).toHaveLength(before);
  });

  it('sends at once when the connection check reaches the server again, not at its next probe a minute away', async () => {
    desk = await openServices('camera-outbox-wake', { baseDelayMs: 60_000, maxDelayMs: 120_000 });
    const port = desk.sim.port;
    await desk.sim.close();
    const submits = createSubmitService(desk.outbox, desk.services.connections);
    const { group, folder } = desk.placement;
    await submits.submit({ request: camera(group, folder), send: 'outbox' });
    await eventually(async () => (await desk.outbox.get()).summary().offline);
    restarted = await startSimulator({ seed: 42, port });
    // What the header's connection check does when it reaches the server: the outbox hears it and stops waiting.
    desk.services.connections.observe((await desk.services.profiles.getActiveId())!, null);
    await eventually(async () => (await desk.outbox.get()).summary().created === 1, 5_000);
    expect(restarted.state.createdCameras).toHaveLength(1);
  });

  it('opens no outbox once it is closed, even when a connection check reaches the server afterwards', async () => {
    desk = await openServices('camera-outbox-closed');
    await desk.outbox.get();
    await desk.outbox.dispose();
    // A connection check that lands while the app winds down must not open an outbox on the database being closed.
    desk.services.connections.observe((await desk.services.profiles.getActiveId())!, null);
    await expect(desk.outbox.get()).rejects.toThrow('the outbox was closed with the app');
  });

  it('counts a camera as created in its summary only once the created list (on disk) has it', async () => {
    desk = await openServices('camera-outbox-durable-count');
    const created = createCreatedService(desk.outbox);
    const seen: Array<{ said: number; listed: number }> = [];
    const checks: Array<Promise<void>> = [];
    // Each summary, as the header gets it, against what the created list reads at that moment.
    desk.outbox.onChange((summary) => {
      checks.push(created.list('', 1_000).then((list) => void seen.push({ said: summary.created, listed: list.total })));
    });
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const { group, folder } = desk.placement;
    await Promise.all(Array.from({ length: 12 }, () => submits.submit({ request: camera(group, folder), send: 'outbox' })));
    await eventually(async () => (await desk.outbox.get()).summary().created === 12);
    await Promise.all(checks);
    expect(seen.length).toBeGreaterThan(0);
    for (const { said, listed } of seen) expect(listed).toBeGreaterThanOrEqual(said);
  });
});
