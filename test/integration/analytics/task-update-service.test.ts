import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { AnalyticsTask } from '../../../main/simulator/seed/types';
import { createTaskWorkService, type TaskWorkService } from '../../../main/analytics/task-work-service';
import { createTaskUpdateService, type TaskUpdateService } from '../../../main/analytics/task-update-service';
import { migrations, openStorage } from '../../../main/storage';

describe.skipIf(!hasDbus)('the analytics update service against the simulator', () => {
  let simulator: RunningSimulator;
  let registryApp: RegistryApp;
  let work: TaskWorkService;
  let updates: TaskUpdateService;
  const never = new AbortController().signal;

  function task(caseType = 'line-crossing'): AnalyticsTask {
    const found = [...simulator.state.tasks.values()].find((t) => t.CaseType === caseType);
    if (!found) throw new Error(`the seed has no ${caseType} task`);
    return found;
  }
  const bodyOf = (t: AnalyticsTask) => ({ CaseType: t.CaseType, CameraGroupUid: 'cg-edited', Source: { Uid: 'cam-1', Url: 'rtsp://camera/1' }, Extra: { Kept: true } });

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 11 });
    registryApp = await startRegistryApp('task-update');
    await registryApp.call('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    work = createTaskWorkService(registryApp.app.services);
    updates = createTaskUpdateService(registryApp.app.services.connections, work);
  });
  afterEach(async () => {
    await registryApp.app.dispose();
    await simulator.close();
  });

  it('replaces the task and keeps the whole body (members the server does not know too) as the last one sent to this server', async () => {
    const target = task();
    const result = await updates.update(target.uid, bodyOf(target), never);
    expect(simulator.state.tasks.get(target.uid)).toMatchObject({ CameraGroupUid: 'cg-edited' });
    expect(result).toMatchObject({ uid: target.uid, profileName: 'Site', keepWarning: null });
    expect(result.work.sent.map((sent) => sent.body)).toEqual([bodyOf(target)]);
    expect((await work.read(target.uid)).sent.map((sent) => sent.sentAt)).toEqual([result.sentAt]);
  });

  it('refuses a body missing required members before sending, naming each', async () => {
    const target = task();
    const before = simulator.state.tasks.get(target.uid);
    const error = await updates.update(target.uid, { CaseType: target.CaseType }, never).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ appError: { kind: 'Validation' } });
    expect(Object.keys((error as { appError: { fieldErrors: object } }).appError.fieldErrors)).toEqual(['CameraGroupUid', 'Source.Uid', 'Source.Url']);
    expect(simulator.state.tasks.get(target.uid)).toBe(before);
  });

  it('an unknown task is told on the identifier', async () => {
    const error = await updates.update('task-nowhere', bodyOf(task()), never).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ appError: { kind: 'NotFound', fieldErrors: { uid: [expect.stringContaining('task-nowhere')] } } });
  });

  it('says the task was replaced even when the body could not be kept', async () => {
    const target = task();
    // The work is kept in a database that is closed: keeping the body fails. It is not the app's own database, whose
    // other users (the outbox's timers) would then fail outside this test's reach.
    const folder = mkdtempSync(join(tmpdir(), 'wd-task-update-closed-'));
    const closed = openStorage({ folder, migrations });
    closed.close();
    const unkept = createTaskUpdateService(registryApp.app.services.connections, createTaskWorkService({ ...registryApp.app.services, storage: closed }));
    const result = await unkept.update(target.uid, bodyOf(target), never).finally(() => rmSync(folder, { recursive: true, force: true }));
    expect(simulator.state.tasks.get(target.uid)?.CameraGroupUid).toBe('cg-edited');
    expect(result.keepWarning).toMatch(/\S/);
    expect(result.work).toEqual({ uid: target.uid, drafts: [], sent: [], sessionOnly: false });
  });
});
