import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { startAnswerThread, type AnswerThread } from '../../../main/dashboard/answer-thread';
import { createDashboardLoader, type DashboardLoader } from '../../../main/dashboard/dashboard-loader';
import { createServerViews, KEPT_SERVER_VIEWS, type ServerViews } from '../../../main/dashboard/server-views';
import { createProfileChoice } from '../../../main/dashboard/profile-choice';
import { createDashboardCacheRepository } from '../../../main/storage/repositories/dashboard-cache-repository';
import { isAppFailure } from '../../../main/shared/app-failure';
import type { Profile } from '../../../preload/contract/wire/profile';
import type { Period } from '../../../preload/contract/dashboard';
import { openConsole, type DashboardConsole } from './console';

// The dashboard's services as the feature wires them, over the real composition root (profiles, connections, the
// database), a real answer thread and the simulator on 127.0.0.1.
let sim: RunningSimulator;
let desk: DashboardConsole;
let thread: AnswerThread;
let loader: DashboardLoader;
let views: ServerViews;
let profile: Profile;

const week: Period = { preset: 'week', timezone: 'Europe/Riga' };
const all = { text: '', state: 'all' } as const;

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, hooks: true, mediaServers: 300, topMediaServers: 300 });
  desk = await openConsole();
  const id = await desk.addServer('Riga', sim.baseUrl, sim.apiToken);
  profile = (await desk.app.services.profiles.get(id))!;
  thread = startAnswerThread(desk.app.services.storage.file);
  const saved = createDashboardCacheRepository(desk.app.services.storage);
  loader = createDashboardLoader(desk.app.services.connections, thread, (profileId, periodKey) => saved.has(profileId, periodKey));
  views = createServerViews(loader, thread);
});
afterAll(async () => {
  await loader?.idle();
  await thread?.close();
  await desk?.close();
  await sim?.close();
});

async function failureOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isAppFailure(error)) return error.appError;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the dashboard loader', () => {
  it('serves the live answer and saves it for offline use once checked', async () => {
    const loaded = await loader.load(profile, week, { viewKey: 'live', keep: true }, undefined);
    expect(loaded.stale).toBeNull();
    expect(loaded.summary.first.total).toBe(300);
    await loader.idle();
    expect(createDashboardCacheRepository(desk.app.services.storage).readBytes(profile.id, 'week@Europe/Riga')?.fetchedAt).toBe(loaded.fetchedAt);
    // Main can tell a copy is there without reading it (the thread is asked only then).
    expect(createDashboardCacheRepository(desk.app.services.storage).has(profile.id, 'week@Europe/Riga')).toBe(true);
    expect(createDashboardCacheRepository(desk.app.services.storage).has(profile.id, 'year@Europe/Riga')).toBe(false);
  });

  it('refuses a malformed answer in words, serving the saved copy marked stale with that sentence', async () => {
    sim.faults.add({ path: '/api/admin/v1/dashboard', status: 200, body: JSON.stringify({ users: 'none' }), times: 1 });
    const loaded = await loader.load(profile, week, { viewKey: 'malformed', keep: true }, undefined);
    expect(loaded.stale?.kind).toBe('BadResponse');
    expect(loaded.stale?.message).toMatch(/users/);
    expect(loaded.summary.first.total).toBe(300);
  });

  it('does not save a malformed answer, and says so when there is no copy to fall back on', async () => {
    const month: Period = { preset: 'month', timezone: 'Europe/Riga' };
    sim.faults.add({ path: '/api/admin/v1/dashboard', status: 200, body: '{"users": tru', times: 1 });
    const error = await failureOf(loader.load(profile, month, { viewKey: 'cut', keep: true }, undefined));
    expect(error.kind).toBe('BadResponse');
    await loader.idle();
    expect(createDashboardCacheRepository(desk.app.services.storage).readBytes(profile.id, 'month@Europe/Riga')).toBeNull();
  });

  it('puts the server\'s refusal of a period on the period\'s fields', async () => {
    const error = await failureOf(loader.load(profile, { preset: 'today', timezone: 'Mars/Olympus_Mons' }, { viewKey: 'mars', keep: true }, undefined));
    expect(error.kind).toBe('Validation');
    expect(Object.keys(error.fieldErrors)).toEqual(['period.timezone']);
  });

  it('does not save an answer for a profile deleted while it was on its way', async () => {
    const id = await desk.addServer('Gone while asking', sim.baseUrl, sim.apiToken);
    const gone = (await desk.app.services.profiles.get(id))!;
    sim.faults.add({ path: '/api/admin/v1/dashboard', latencyMs: 400, times: 1 });
    const pending = loader.load(gone, week, { viewKey: 'gone', keep: false }, undefined);
    // The request is at the server (its one delayed answer taken) before the profile goes.
    await vi.waitFor(() => expect(sim.faults.list().every((rule) => rule.remaining === 0)).toBe(true));
    await loader.forget(id);
    expect((await pending).stale).toBeNull();
    await loader.idle();
    expect(createDashboardCacheRepository(desk.app.services.storage).count(id)).toBe(0);
    sim.faults.clear();
  });
});

describe('the server views', () => {
  it('keeps the newest views only: an older one\'s windows are refused in words', async () => {
    const first = await views.get(profile, { preset: 'custom', from: '2025-01-01', to: '2025-01-01', timezone: 'Europe/Riga' }, undefined);
    const window = await views.window({ viewKey: first.servers.viewKey, offset: 290, limit: 20, sort: null, filter: all });
    expect(window).toMatchObject({ total: 300, matched: 300, offset: 290 });
    expect(window.rows).toHaveLength(10);
    for (let day = 2; day <= KEPT_SERVER_VIEWS + 1; day += 1) {
      await views.get(profile, { preset: 'custom', from: `2025-01-0${day}`, to: `2025-01-0${day}`, timezone: 'Europe/Riga' }, undefined);
    }
    const gone = await failureOf(views.window({ viewKey: first.servers.viewKey, offset: 0, limit: 10, sort: null, filter: all }));
    expect(gone).toMatchObject({ kind: 'NotFound', message: 'This list of media servers is no longer kept. Refresh the dashboard.' });
  });

  it('keeps older views only within a budget of rows: a large platform\'s older period is let go, the newest kept', async () => {
    const budgeted = createServerViews(loader, thread, 500);
    const day = (n: number): Period => ({ preset: 'custom', from: `2025-02-0${n}`, to: `2025-02-0${n}`, timezone: 'Europe/Riga' });
    const first = await budgeted.get(profile, day(1), undefined);
    const second = await budgeted.get(profile, day(2), undefined);
    // 300 + 300 rows are over 500: the older view goes, although far fewer than the newest six views are kept.
    const gone = await failureOf(budgeted.window({ viewKey: first.servers.viewKey, offset: 0, limit: 10, sort: null, filter: all }));
    expect(gone).toMatchObject({ kind: 'NotFound', message: 'This list of media servers is no longer kept. Refresh the dashboard.' });
    expect((await budgeted.window({ viewKey: second.servers.viewKey, offset: 0, limit: 10, sort: null, filter: all })).rows).toHaveLength(10);
    // A view larger than the whole budget is still kept when it is the newest.
    const tight = createServerViews(loader, thread, 100);
    const only = await tight.get(profile, day(3), undefined);
    expect((await tight.window({ viewKey: only.servers.viewKey, offset: 290, limit: 20, sort: null, filter: all })).rows).toHaveLength(10);
  });

  it('lets a deleted profile\'s views go', async () => {
    const view = await views.get(profile, week, undefined);
    views.forget(profile.id);
    await vi.waitFor(async () => expect((await failureOf(views.window({ viewKey: view.servers.viewKey, offset: 0, limit: 1, sort: null, filter: all }))).kind).toBe('NotFound'));
  });
});

describe('the profile choice', () => {
  it('takes the named profile, else the active one, and says in words when there is none', async () => {
    const choice = createProfileChoice(desk.app.services.profiles);
    expect((await choice.profile(profile.id)).name).toBe('Riga');
    expect((await choice.profile(undefined)).id).toBe(profile.id);
    expect(await failureOf(choice.profile('no-such-profile'))).toMatchObject({ kind: 'NotFound' });
    const none = createProfileChoice({ get: async () => null, getActiveId: async () => null });
    expect((await failureOf(none.profile(undefined))).kind).toBe('NotFound');
  });
});
