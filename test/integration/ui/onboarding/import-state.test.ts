import { afterEach, describe, expect, it } from 'vitest';
import { ImportState } from '../../../../renderer/features/onboarding/import-state.svelte';
import { checkImport } from '../../../../renderer/features/onboarding/import-check';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openOnboardingPage, until, type OnboardingPage } from './page';

let page: OnboardingPage;
let disconnect: (() => void) | null = null;
afterEach(async () => {
  disconnect?.();
  disconnect = null;
  await page?.close();
});

const header = 'name,mac,serial_number,group_external_id,folder_key,high_storage_days';
function csv(placement: { group: string; folder: string }, count: number, bad: number[] = []): { name: string; text(): Promise<string> } {
  const rows = Array.from({ length: count }, (_, i) => {
    const mac = `02:00:00:10:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;
    return `Import cam ${i + 1},${bad.includes(i) ? 'not-a-mac' : mac},SN-${i + 1},${placement.group},${placement.folder},30`;
  });
  const text = [header, ...rows].join('\r\n');
  return { name: 'site.csv', text: async () => text };
}

describe.skipIf(!hasDbus)('the import panel state over the real main process', () => {
  it('checks a file, shows only the rows with problems, and follows the pushed progress to "done"', async () => {
    page = await openOnboardingPage('ui-import');
    const importing = new ImportState(page.api, checkImport);
    disconnect = importing.connect();
    await importing.choose(csv(page.placement, 40, [4, 9]));
    expect(importing.fileName).toBe('site.csv');
    expect(importing.file!.total).toBe(40);
    expect(importing.goodCount).toBe(38);
    expect(importing.badCount).toBe(2);
    expect(importing.shown.map((row) => row.row)).toEqual([5, 10]);
    importing.showAll = true;
    expect(importing.shown.map((row) => row.row)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(importing.shown[5]!.cells).toEqual({ name: 'Import cam 6', mac: '02:00:00:10:00:05' });
    importing.showAll = false;

    const seen: number[] = [];
    page.api.on('onboarding.importProgress', (status) => seen.push(status.rev));
    await importing.start();
    expect(importing.status).toMatchObject({ total: 38 });
    await until(() => importing.status!.done);
    expect(importing.status).toMatchObject({ total: 38, created: 38, waiting: 0, done: true });
    expect(importing.done).toBe(38);
    expect(importing.running).toBe(false);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(page.sim.state.createdCameras).toHaveLength(38);
  });

  it('finds an import still running when the page is opened again (a reload), and can cancel its rest', async () => {
    page = await openOnboardingPage('ui-import-reload');
    page.sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 1_000 });
    const first = new ImportState(page.api, checkImport);
    disconnect = first.connect();
    await first.choose(csv(page.placement, 200));
    await first.start();
    disconnect();

    // The reloaded page: a state of its own, no file, nothing asked yet.
    const reloaded = new ImportState(page.api, checkImport);
    disconnect = reloaded.connect();
    await until(() => reloaded.status !== null);
    expect(reloaded.status).toMatchObject({ importId: first.status!.importId, total: 200 });
    expect(reloaded.running).toBe(true);
    await reloaded.cancel();
    page.sim.faults.clear();
    await until(() => reloaded.status?.done === true, 30_000);
    expect(reloaded.status!.cancelled).toBeGreaterThan(0);
    expect(reloaded.status!.created + reloaded.status!.cancelled).toBe(200);

    // Once it is done, a page opened again finds nothing running.
    const later = new ImportState(page.api, checkImport);
    const off = later.connect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    off();
    expect(later.status).toBeNull();
  });

  it('a reloaded page whose look-up of the running import answers after the import finished shows it finished, not running', async () => {
    page = await openOnboardingPage('ui-import-reload-late');
    page.sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 300 });
    const first = new ImportState(page.api, checkImport);
    disconnect = first.connect();
    await first.choose(csv(page.placement, 3));
    await first.start();
    disconnect();

    // The reloaded page asks what runs; main answers "running" at once, but the answer reaches the page only after
    // the pushes of the rest of the import, the last of them "done" (they come by the event stream).
    const runningImport = lateAnswer(page.api.onboarding.runningImport);
    runningImport.hold();
    const slow: typeof page.api = { ...page.api, onboarding: { ...page.api.onboarding, runningImport: runningImport.call } };
    const pushed: boolean[] = [];
    page.api.on('onboarding.importProgress', (status) => pushed.push(status.done));
    const reloaded = new ImportState(slow, checkImport);
    disconnect = reloaded.connect();
    page.sim.faults.clear();
    await until(() => pushed.includes(true));
    runningImport.letGo();
    await until(() => runningImport.answered === 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloaded.status).toMatchObject({ importId: first.status!.importId, created: 3, done: true });
    expect(reloaded.running).toBe(false);
  });

  it('puts the reason on each row of a camera that exists, and queues only the new ones when told to skip them', async () => {
    page = await openOnboardingPage('ui-import-existing');
    const importing = new ImportState(page.api, checkImport);
    disconnect = importing.connect();
    await importing.choose(csv(page.placement, 3));
    await importing.start();
    await until(() => importing.status?.done === true);

    await importing.choose(csv(page.placement, 5));
    expect(importing.status).toBeNull();
    await importing.start();
    expect(importing.status).toBeNull();
    expect([...importing.existing.keys()]).toEqual([1, 2, 3]);
    expect(importing.existing.get(1)![0]).toContain('Already created from this console on Site server');
    expect(importing.shown.map((row) => row.row)).toEqual([1, 2, 3]);
    await importing.start('skip');
    expect(importing.existing.size).toBe(0);
    await until(() => importing.status?.done === true);
    expect(importing.status).toMatchObject({ total: 2, created: 2, skipped: 3 });
  });

  it('cancels what was not sent, offers the undo, and the undo sends them after all', async () => {
    page = await openOnboardingPage('ui-import-cancel');
    page.sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 1_000 });
    const importing = new ImportState(page.api, checkImport);
    disconnect = importing.connect();
    await importing.choose(csv(page.placement, 200));
    await importing.start();
    await importing.cancel();
    expect(importing.status!.cancelled).toBeGreaterThan(0);
    expect(importing.undo.shown).toBe(true);
    expect(importing.undo.message).toBe('The rest of the import was cancelled.');
    page.sim.faults.clear();
    await importing.runUndo();
    expect(importing.undo.shown).toBe(false);
    await until(() => importing.status?.done === true, 30_000);
    expect(importing.status).toMatchObject({ total: 200, created: 200, cancelled: 0 });
  });

  it('reads the status once when its event stream fell behind (events.resync)', async () => {
    page = await openOnboardingPage('ui-import-resync');
    const importing = new ImportState(page.api, checkImport);
    await importing.choose(csv(page.placement, 10));
    await importing.start();
    // Not following the pushes (as if every one was dropped): the screen holds the start's answer only.
    await until(() => page.sim.state.createdCameras.length === 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(importing.status!.done).toBe(false);
    disconnect = importing.connect();
    page.registryApp.app.services.events.emit('events.resync', { dropped: 3 });
    await until(() => importing.status?.done === true);
    expect(importing.status).toMatchObject({ created: 10 });
  });

  it('says what is wrong with a file that cannot be read as a camera list', async () => {
    page = await openOnboardingPage('ui-import-bad-file');
    const importing = new ImportState(page.api, checkImport);
    await importing.choose({ name: 'empty.csv', text: async () => '' });
    expect(importing.file?.fileProblem).toBeTruthy();
    expect(importing.goodCount).toBe(0);
    await importing.start();
    expect(importing.status).toBeNull();
  });
});
