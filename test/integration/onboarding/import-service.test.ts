import { afterEach, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../../preload/contract/onboarding';
import { createImportService, type ImportService } from '../../../main/onboarding/import-service';
import { createUndoService } from '../../../main/onboarding/undo-service';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { eventually, openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
let imports: ImportService;
afterEach(async () => {
  imports?.dispose();
  await desk?.close();
});

async function open(name: string): Promise<void> {
  desk = await openServices(name);
  imports = createImportService(desk.outbox, desk.services.connections, (status) => desk.services.events.emit('onboarding.importProgress', status));
}
const progressOf = (importId: string) => (desk.pushed('onboarding.importProgress') as ImportStatus[]).filter((status) => status.importId === importId);

describe.skipIf(!hasDbus)('bulk import through the outbox, with its progress pushed', () => {
  it('pushes the progress of a 60-row import in order, each push newer than the last, and the final one says done', async () => {
    await open('import-progress');
    const { group, folder } = desk.placement;
    // Each create answered 100 ms late: 60 rows, four at a time, take at least 1.5 s, so the import is still running
    // when its start is answered however busy the machine (without it, a slow answer to the start once came after all
    // 60 were created).
    desk.sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 100 });
    const started = await imports.start(Array.from({ length: 60 }, () => camera(group, folder)), 'refuse');
    expect(started).toMatchObject({ total: 60, done: false, cancelled: 0, skipped: 0, rev: 1 });

    const final = await eventually(() => progressOf(started.importId).find((status) => status.done));
    const pushes = progressOf(started.importId);
    expect(pushes.map((p) => p.rev)).toEqual(pushes.map((_, i) => started.rev + 1 + i));
    const done = pushes.map((p) => p.created + p.needsFixing + p.held);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(pushes.at(-1)).toBe(final);
    expect(final).toMatchObject({ total: 60, created: 60, waiting: 0, done: true });
    expect(desk.sim.state.createdCameras).toHaveLength(60);
    desk.sim.faults.clear();
    // Once it said done, outbox changes that do not touch it push nothing more about it.
    const other = await imports.start([camera(group, folder)], 'refuse');
    // (A one-row import can be done before its start is answered: then the answer says so and nothing is pushed.)
    await eventually(() => other.done || progressOf(other.importId).some((status) => status.done));
    expect(progressOf(started.importId)).toHaveLength(pushes.length);
    expect(await imports.status(started.importId)).toMatchObject({ done: true, created: 60, rev: final.rev });
  });

  it('skips rows of cameras already created when asked, and says how many', async () => {
    await open('import-skip');
    const { group, folder } = desk.placement;
    const first = camera(group, folder);
    const one = await imports.start([first], 'refuse');
    await eventually(() => one.done || progressOf(one.importId).some((status) => status.done));
    const again = await imports.start([{ ...first, external_id: undefined }, camera(group, folder)], 'skip');
    expect(again).toMatchObject({ total: 1, skipped: 1 });
    await expect(imports.start([{ ...first, external_id: undefined }], 'refuse')).rejects.toMatchObject({ kind: 'Validation' });
  });

  it('cancels the rows not sent yet, pushes that, and an undo brings them back as waiting, not cancelled', async () => {
    await open('import-cancel');
    const { group, folder } = desk.placement;
    // A slow server: a few rows are on the wire (or marked so ahead of their turn), the rest wait in the queue.
    desk.sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 1_000 });
    const started = await imports.start(Array.from({ length: 200 }, () => camera(group, folder)), 'refuse');
    const undo = createUndoService(desk.outbox, imports, { undoRemove: async () => 0 });

    const cancelled = await imports.cancel(started.importId);
    expect(cancelled.cancelled).toBeGreaterThan(0);
    expect(cancelled).toMatchObject({ total: 200, waiting: 200 - cancelled.cancelled - cancelled.created });
    expect(cancelled.undo).toMatch(/^import:/);
    expect(progressOf(started.importId).at(-1)).toMatchObject({ rev: cancelled.rev, cancelled: cancelled.cancelled });

    desk.sim.faults.clear();
    expect(await undo.undo(cancelled.undo!)).toBe(cancelled.cancelled);
    const back = await imports.status(started.importId);
    expect(back).toMatchObject({ cancelled: 0, total: 200, done: false });
    // (The cancel's own push said done, when nothing was left waiting: the one wanted comes after the undo.)
    const final = await eventually(() => progressOf(started.importId).find((status) => status.rev > back.rev && status.done), 30_000);
    expect(final).toMatchObject({ cancelled: 0, total: 200, created: 200 });
    expect(desk.sim.state.createdCameras).toHaveLength(200);
  });

  it('says an import it does not know is not found', async () => {
    await open('import-unknown');
    await expect(imports.status('no-such-import')).rejects.toMatchObject({ kind: 'NotFound' });
  });
});
