import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import { startSimulator, type RunningSimulator } from '../../../../main/simulator';
import type { AnalyticsTask } from '../../../../main/simulator/seed/types';
import type { Bridge } from '../../../../preload/contract';
import { TaskEditor } from '../../../../renderer/features/analytics/editor-state.svelte';
import { TaskWorkState } from '../../../../renderer/features/analytics/work-state.svelte';
import { TaskSendState } from '../../../../renderer/features/analytics/send-state.svelte';
import type { JsonObject } from '../../../../renderer/features/analytics/json-path';

/** The body an operator would put in the editor for a task: its members plus one the form does not know. */
function bodyFor(task: AnalyticsTask): JsonObject {
  return {
    CaseType: task.CaseType,
    CameraGroupUid: 'cg-edited',
    Source: { Uid: task.Source.Uid ?? 'cam-1', Url: task.Source.Url ?? 'rtsp://camera/stream' },
    Regions: [{ Name: 'gate' }],
    Pipeline: { Fences: [{ Name: 'entrance', Points: [[0.1, 0.6], [0.9, 0.6]] }], Areas: [] },
  };
}

// The analytics screen's send and drafts, with the page's api over the real main process and a simulator behind it.
describe.skipIf(!hasDbus)('analytics send and work states over the real main process and the simulator', () => {
  let simulator: RunningSimulator;
  let registryApp: RegistryApp;
  let api: Bridge;
  let editor: TaskEditor;
  let work: TaskWorkState;
  let sending: TaskSendState;

  function taskOf(caseType: string): AnalyticsTask {
    const task = [...simulator.state.tasks.values()].find((t) => t.CaseType === caseType);
    if (!task) throw new Error(`the seed has no ${caseType} task`);
    return task;
  }

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 7 });
    registryApp = await startRegistryApp('analytics-states');
    await registryApp.call('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    api = registryBridge(registryApp);
    editor = new TaskEditor();
    work = new TaskWorkState(api);
    sending = new TaskSendState(api, editor, work);
  });
  afterEach(async () => {
    await registryApp.app.dispose();
    await simulator.close();
  });

  it('reviews, then replaces the task: the screen says so, and the body sent is the one to compare with next', async () => {
    const task = taskOf('line-crossing');
    editor.uid = task.uid;
    editor.load(bodyFor(task));
    editor.setFields({ cameraGroupUid: 'cg-night' });

    expect(await sending.review()).toBe(true);
    expect(sending.confirmOpen).toBe(true);
    expect(sending.changes.length).toBeGreaterThan(0);
    expect(sending.caseTypeWarning).toBeNull();

    const pending = sending.send();
    expect(sending.form.busy).toBe(true);
    expect(sending.sending).toBe(true);
    expect(await pending).toBe(true);
    expect(sending.form.busy).toBe(false);
    expect(sending.sending).toBe(false);
    expect(sending.success).toContain(task.uid);
    expect(sending.keepWarning).toBeNull();

    expect(simulator.state.tasks.get(task.uid)?.CameraGroupUid).toBe('cg-night');
    expect(editor.baseline.source).toBe('sent');
    expect(work.work?.sent.map((sent) => sent.body)).toEqual([editor.doc]);
  });

  it('stops at the review when the identifier is missing, and says so at that field without calling the server', async () => {
    const task = taskOf('line-crossing');
    editor.load(bodyFor(task));
    const before = simulator.state.tasks.get(task.uid);
    expect(await sending.review()).toBe(false);
    expect(sending.confirmOpen).toBe(false);
    expect(sending.form.errors.uid).toMatch(/\S/);
    expect(simulator.state.tasks.get(task.uid)).toBe(before);
  });

  it('an unknown task is told on the identifier field; a member the form does not show is listed by its path', async () => {
    const task = taskOf('face-recognition');
    editor.uid = 'task-does-not-exist';
    editor.load(bodyFor(task));
    expect(await sending.send()).toBe(false);
    expect(sending.form.errors.uid).toMatch(/task-does-not-exist/);
    expect(sending.success).toBeNull();

    editor.uid = task.uid;
    const errors = { 'Regions.0.Name': ['The region name is taken.'] };
    simulator.faults.add({ method: 'PUT', path: '/api/streams/', status: 422, body: JSON.stringify({ message: 'The given data was invalid.', errors }), times: 1 });
    expect(await sending.send()).toBe(false);
    expect(sending.otherErrors).toEqual([['Regions.0.Name', 'The region name is taken.']]);
    expect(sending.form.failure?.kind).toBe('Validation');
  });

  it('a send cancelled while the server holds it says nothing and keeps nothing as sent', async () => {
    const task = taskOf('line-crossing');
    editor.uid = task.uid;
    editor.load(bodyFor(task));
    simulator.faults.add({ method: 'PUT', path: '/api/streams/', latencyMs: 2_000, times: 1 });
    const pending = sending.send();
    await expect.poll(() => simulator.faults.list()).toEqual([]);
    sending.cancel();
    expect(await pending).toBe(false);
    expect(sending.form.failure).toBeNull();
    expect(sending.form.errors).toEqual({});
    await work.load(task.uid);
    expect(work.work?.sent).toEqual([]);
  });

  it('keeps named drafts per task, newest first, and deletes one', async () => {
    const task = taskOf('line-crossing');
    await work.load(task.uid);
    expect(work.work).toMatchObject({ uid: task.uid, drafts: [], sent: [] });

    const saving = work.saveDraft(task.uid, 'night shift', bodyFor(task));
    expect(work.busy).toBe(true);
    expect(await saving).toBe(true);
    expect(work.busy).toBe(false);
    expect(await work.saveDraft(task.uid, 'day shift', { ...bodyFor(task), CameraGroupUid: 'cg-day' })).toBe(true);
    expect(work.work?.drafts.map((draft) => draft.name)).toEqual(['day shift', 'night shift']);

    expect(await work.deleteDraft(task.uid, 'day shift')).toBe(true);
    await work.load(task.uid);
    expect(work.work?.drafts.map((draft) => draft.name)).toEqual(['night shift']);
    expect(work.error).toBeNull();
  });

  it('a deleted draft comes back with Undo, body and all; the undo then goes', async () => {
    const task = taskOf('line-crossing');
    await work.load(task.uid);
    const body = { ...bodyFor(task), CameraGroupUid: 'cg-evening' };
    expect(await work.saveDraft(task.uid, 'evening', body)).toBe(true);
    expect(await work.deleteDraft(task.uid, 'evening')).toBe(true);
    expect(work.work?.drafts).toEqual([]);
    expect(work.undo).toMatchObject({ shown: true, message: 'The draft “evening” was deleted.' });

    expect(await work.undo.run()).toBe(true);
    expect(work.undo.shown).toBe(false);
    expect(work.work?.drafts.map((draft) => [draft.name, draft.body])).toEqual([['evening', body]]);
    await work.load(task.uid);
    expect(work.work?.drafts.map((draft) => [draft.name, draft.body])).toEqual([['evening', body]]);
  });

  it('an answer for an identifier no longer typed is dropped, and an empty identifier shows nothing', async () => {
    const task = taskOf('line-crossing');
    await work.saveDraft(task.uid, 'night shift', bodyFor(task));
    const stale = work.load(task.uid);
    const current = work.load('task-other');
    await Promise.all([stale, current]);
    expect(work.work?.uid).toBe('task-other');
    expect(work.work?.drafts).toEqual([]);

    await work.load('  ');
    expect(work.work).toBeNull();
    expect(work.error).toBeNull();
  });
});
