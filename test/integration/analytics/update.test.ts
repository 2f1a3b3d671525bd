import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openDesk, type Desk } from '../tokens/desk';
import type { AnalyticsTask } from '../../../main/simulator/seed/types';
import type { CallContext } from '../../../main/ipc/registry';

function taskOf(desk: Desk, caseType: string): AnalyticsTask {
  const task = [...desk.app.demoServer!.state.tasks.values()].find((t) => t.CaseType === caseType);
  if (!task) throw new Error(`the seed has no ${caseType} task`);
  return task;
}

/** The body an operator would send for a task: its members plus some the form does not know. */
function bodyFor(task: AnalyticsTask): Record<string, unknown> {
  return {
    CaseType: task.CaseType,
    CameraGroupUid: 'cg-edited',
    Source: { ...task.Source },
    Regions: [{ Name: 'gate' }],
    Pipeline: {
      Tracker: { MaxAge: 30 },
      Fences: [{ Name: 'entrance', Points: [[0.1, 0.6], [0.9, 0.6]] }],
      Areas: [{ Points: [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]] }],
    },
  };
}

describe.skipIf(!hasDbus)('analytics task update against the simulator', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('replaces the task (204): the simulator holds a new task with the body’s shapes, and the body is kept to put back', async () => {
    const task = taskOf(desk, 'line-crossing');
    const body = bodyFor(task);
    const result = await desk.value('analytics.update', { uid: task.uid, body });

    const sim = desk.app.demoServer!.state;
    const replaced = sim.tasks.get(task.uid)!;
    expect(replaced.id).not.toBe(task.id);
    expect(sim.deletedTasks.map((t) => t.id)).toContain(task.id);
    expect(replaced.CameraGroupUid).toBe('cg-edited');
    expect(replaced.Pipeline?.Fences).toEqual([{ Name: 'entrance', Points: [[0.1, 0.6], [0.9, 0.6]] }]);
    expect(replaced.Pipeline?.Areas).toEqual([{ Points: [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]] }]);

    expect(result.keepWarning).toBeNull();
    expect(result.work.sent[0]?.body).toEqual(body);
    const work = await desk.value('analytics.work', { uid: task.uid });
    expect(work.sent.map((s) => s.body)).toEqual([body]);
  });

  it('an unknown task is a 404 explained on the task identifier', async () => {
    const body = bodyFor(taskOf(desk, 'line-crossing'));
    const result = await desk.call('analytics.update', { uid: 'task-does-not-exist', body });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('NotFound');
    expect(result.error.fieldErrors.uid?.[0]).toMatch(/no analytics task “task-does-not-exist”/);
  });

  it('a CaseType change the server refuses is explained on the CaseType field, and the task is left alone', async () => {
    const task = taskOf(desk, 'face-recognition');
    const result = await desk.call('analytics.update', { uid: task.uid, body: { ...bodyFor(task), CaseType: 'line-crossing' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('Conflict');
    expect(result.error.fieldErrors.CaseType?.[0]).toMatch(/refused to change the case type/);
    expect(desk.app.demoServer!.state.tasks.get(task.uid)?.id).toBe(task.id);
  });

  it('a 422 from the server puts each field error next to its member', async () => {
    const task = taskOf(desk, 'face-recognition');
    const sim = desk.app.demoServer!;
    const errors = { 'Pipeline.Detector.ScoreThreshold': ['The score threshold must be between 0 and 1.'], stream: ['Unknown stream.'] };
    sim.faults.add({ method: 'PUT', path: '/api/streams/', status: 422, body: JSON.stringify({ message: 'The given data was invalid.', errors }), times: 1 });
    const body = { ...bodyFor(task), Collections: ['col-1'], Pipeline: { Detector: { ScoreThreshold: 1.5 } } };
    const result = await desk.call('analytics.update', { uid: task.uid, body });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('Validation');
    expect(result.error.fieldErrors['Pipeline.Detector.ScoreThreshold']).toEqual(['The score threshold must be between 0 and 1.']);
    expect(result.error.fieldErrors.uid).toEqual(['Unknown stream.']);
    expect(result.error.message).toMatch(/rejected some members/);
  });

  it('a body missing required members is refused before sending, each member named', async () => {
    const task = taskOf(desk, 'line-crossing');
    const before = desk.app.demoServer!.state.tasks.get(task.uid);
    const result = await desk.call('analytics.update', { uid: task.uid, body: { CaseType: task.CaseType, Source: { Uid: '' } } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.error.fieldErrors)).toEqual(['CameraGroupUid', 'Source.Uid', 'Source.Url']);
    expect(desk.app.demoServer!.state.tasks.get(task.uid)).toBe(before);
  });

  it('honours the call’s AbortSignal: a cancelled update comes back Cancelled and nothing is kept as sent', async () => {
    const task = taskOf(desk, 'line-crossing');
    desk.app.demoServer!.faults.add({ method: 'PUT', path: '/api/streams/', latencyMs: 2_000, times: 1 });
    const controller = new AbortController();
    const context = { sender: { transport: 'test' }, signal: controller.signal } as CallContext;
    const call = desk.app.handlers['analytics.update']({ uid: task.uid, body: bodyFor(task) }, context);
    // Aborted once the server holds the update.
    await vi.waitFor(() => expect(desk.app.demoServer!.faults.list()).toEqual([]), { timeout: 5_000 });
    controller.abort();
    await expect(call).rejects.toMatchObject({ appError: { kind: 'Cancelled' } });
    expect((await desk.value('analytics.work', { uid: task.uid })).sent).toEqual([]);
  });

  it('keeps named drafts per task on disk, across a restart', async () => {
    const task = taskOf(desk, 'line-crossing');
    await desk.value('analytics.saveDraft', { uid: task.uid, name: 'night shift', body: bodyFor(task) });
    await desk.value('analytics.saveDraft', { uid: 'task-other', name: 'x', body: { CaseType: 'y' } });
    await desk.dispose();
    const again = await openDesk({ dataDir: desk.dataDir, keychainService: desk.keychainService });
    try {
      const work = await again.value('analytics.work', { uid: task.uid });
      expect(work.drafts.map((d) => d.name)).toEqual(['night shift']);
      expect(work.drafts[0]?.body).toEqual(bodyFor(task));
      const removed = await again.value('analytics.deleteDraft', { uid: task.uid, name: 'night shift' });
      expect(removed.drafts).toEqual([]);
    } finally {
      await again.dispose();
    }
  });
});
