import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type AnalyticsTask, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

function someTask(caseType = 'line-crossing'): AnalyticsTask {
  const task = [...sim.state.tasks.values()].find((t) => t.CaseType === caseType);
  if (!task) throw new Error(`no ${caseType} task`);
  return task;
}

function updateBody(task: AnalyticsTask, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    CaseType: task.CaseType,
    CameraGroupUid: task.CameraGroupUid,
    Source: { Uid: task.Source.Uid, Url: task.Source.Url },
    Pipeline: { Detector: { ScoreThreshold: 0.7 }, Fences: [{ Points: [[0, 0], [1, 1]] }], Areas: [] },
    ...overrides,
  };
}

function put(uid: string, body: unknown, query = `?format=json&stream=${uid}`) {
  return call(sim, 'PUT', `/api/streams/${uid}/${query}`, { token: sim.apiToken, body });
}

describe('PUT /api/streams/{stream-uid}/', () => {
  it('answers 204 with no body', async () => {
    const task = someTask();
    const res = await put(task.uid, updateBody(task));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('replaces the task: the old one is deleted, the new one has a new internal id and the new settings', async () => {
    const task = someTask();
    await put(task.uid, updateBody(task, { CameraGroupUid: 'cg-new' }));
    const replaced = sim.state.tasks.get(task.uid);
    expect(replaced?.id).not.toBe(task.id);
    expect(replaced?.CameraGroupUid).toBe('cg-new');
    expect(replaced?.Pipeline?.Detector?.ScoreThreshold).toBe(0.7);
    expect(sim.state.deletedTasks.map((t) => t.id)).toEqual([task.id]);
  });

  it('accepts a body without the optional Pipeline and Collections', async () => {
    const task = someTask('face-recognition');
    const res = await put(task.uid, { CaseType: task.CaseType, CameraGroupUid: 'cg-1', Source: task.Source });
    expect(res.status).toBe(204);
  });

  it('answers 404 for a task that does not exist', async () => {
    const res = await put('task-9999', updateBody(someTask()));
    expect(res.status).toBe(404);
    expect(res.json<{ message: string }>().message).toContain('task-9999');
  });

  it.each([
    ['CaseType', { CaseType: undefined }],
    ['CameraGroupUid', { CameraGroupUid: '' }],
    ['Source', { Source: undefined }],
    ['Source.Uid', { Source: { Url: 'rtsp://10.0.0.1:554/x' } }],
    ['Source.Url', { Source: { Uid: 'cam-0001-hd' } }],
    ['Pipeline.Detector.ScoreThreshold', { Pipeline: { Detector: { ScoreThreshold: 'high' } } }],
    ['Pipeline.Fences', { Pipeline: { Fences: 'none' } }],
    ['Collections', { Collections: 'col-1' }],
  ])('answers 422 naming %s', async (field, overrides) => {
    const task = someTask();
    const res = await put(task.uid, updateBody(task, overrides));
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual([field]);
    expect(sim.state.tasks.get(task.uid)?.id).toBe(task.id);
  });

  it('answers 422 when the stream query parameter names another task', async () => {
    const task = someTask();
    const res = await put(task.uid, updateBody(task), '?format=json&stream=task-0002');
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['stream']);
  });

  it('answers 422 for a format other than json', async () => {
    const task = someTask();
    const res = await put(task.uid, updateBody(task), `?format=xml&stream=${task.uid}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['format']);
  });

  it('reads a percent-encoded uid in the path as the uid it encodes', async () => {
    const task = someTask();
    const encoded = task.uid.replace('-', '%2D');
    const res = await put(encoded, updateBody(task), `?format=json&stream=${task.uid}`);
    expect(res.status).toBe(204);
    expect(sim.state.tasks.get(task.uid)?.id).not.toBe(task.id);
  });

  it('answers 404 for a uid with a malformed escape', async () => {
    const res = await put('%E0%A4%A', updateBody(someTask()), '?format=json');
    expect(res.status).toBe(404);
  });

  it('answers 409 with errors.CaseType when the CaseType differs, and keeps the task', async () => {
    const task = someTask('line-crossing');
    const res = await put(task.uid, updateBody(task, { CaseType: 'face-recognition' }));
    expect(res.status).toBe(409);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['CaseType']?.[0]).toContain('line-crossing');
    expect(sim.state.tasks.get(task.uid)).toBe(task);
  });
});
