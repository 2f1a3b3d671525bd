import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type DashboardConsole } from '../dashboard/console';
import { createPlatformClient, type PlatformClient } from '../../../main/platform/client';
import { answerLimits, type Operation } from '../../../main/platform/answer-limits';
import * as samples from '../../unit/platform/samples';
import { failure } from '../../support/failure';
import { MB, startHostileServer, type HostileAnswer, type HostileServer } from './hostile-server';

/**
 * A server that answers far more than it should, nested too deep, without end or a byte at a time: every operation
 * says so in one sentence, the host's memory stays bounded while it happens, nothing of the answer is kept (no
 * offline copy of a dashboard or a device), and the host answers the next call as before.
 */

const TOKEN = 'hostile-test-token-0123456789';
const period = { preset: 'today' as const, timezone: 'Europe/Berlin' };
let server: HostileServer;
let host: DashboardConsole;
let client: PlatformClient;
let profileId: string;

/**
 * The host's timeout for the next calls. A dripping answer is cut at its deadline: the shortest timeout a profile
 * allows (1 s) makes that deadline 3 s. A large answer must be refused by its size limit, not by the clock: on a busy
 * machine reading 64 MB can take longer than 3 s, so those cases get 10 s.
 */
async function hostTimeout(timeoutMs: number): Promise<void> {
  await host.app.services.profiles.update(profileId, { timeoutMs });
}

beforeAll(async () => {
  server = await startHostileServer();
  host = await openConsole();
  const profile = await host.app.services.profiles.create({ name: 'Hostile', baseUrl: server.baseUrl, timeoutMs: 10_000 });
  profileId = profile.id;
  host.app.services.connections.setDemoToken(profile.id, TOKEN);
  await host.app.services.profiles.setActive(profile.id);
  client = createPlatformClient({ baseUrl: server.baseUrl, tokenStyle: 'bearer', getToken: async () => TOKEN, timeoutMs: 10_000, retry: { baseDelayMs: 5 } });
  // One good answer of each kind first: what the host starts on its first use (the dashboard's answer thread, a
  // fresh V8 with its own heap) is not what a hostile answer costs, and it would be counted in the first case's growth.
  for (const entry of throughTheHost) await keepsServing(entry);
});

afterAll(async () => {
  await client?.close();
  await host?.close();
  await server?.close();
});

/** Runs `call` while sampling this process's resident memory; answers the call's result and the growth in MB. */
async function sampled<T>(call: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await call();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

function tooLarge(operation: string, limitMb: number): string {
  return `The server sent more than ${limitMb} MB for ${operation}; nothing was kept.`;
}

function tooDeep(operation: string): string {
  return `The server sent an answer nested more than 512 levels deep for ${operation}; nothing was kept.`;
}

const mb = (operation: Operation): number => answerLimits[operation] / MB;

/** The failure the operator is shown (null when the call went through). */
type Seen = { kind: string; message: string } | null;

/**
 * The operations as the page reaches them, through the host's handler registry. `kept` reads what the host would
 * show from what it kept (the offline copy, the token history): it must never hold anything of a hostile
 * answer.
 */
const throughTheHost = [
  {
    operation: 'dashboard' as const,
    name: 'the dashboard',
    /** A failing server's dashboard is the offline copy marked stale, when there is one: its reason is the failure. */
    async call(): Promise<Seen> {
      const result = await host.call('dashboard.get', { period });
      return result.ok ? result.value.stale : result.error;
    },
    good: samples.dashboard,
    /** With the server failing, the offline copy (if any) is what is served. */
    async kept() {
      const answer = server.answer;
      server.answer = { kind: 'json', status: 500, body: {} };
      const view = await host.call('dashboard.get', { period });
      server.answer = answer;
      return view.ok ? view.value.dashboard : null;
    },
  },
  {
    operation: 'cameraAgent' as const,
    name: 'the camera-agent device',
    async call(): Promise<Seen> {
      const result = await host.call('agents.lookup', { id: '17' });
      if (!result.ok) return result.error;
      return result.value.stale ? { kind: result.value.stale.kind, message: result.value.stale.reason } : null;
    },
    good: samples.cameraAgent,
    async kept() {
      return (await host.value('agents.cached', { id: '17' }))?.raw ?? null;
    },
  },
  {
    operation: 'streamToken' as const,
    name: 'a stream token',
    async call(): Promise<Seen> {
      const result = await host.call('tokens.create', { stream: 'cam-1', live: true, ttl: 60 });
      return result.ok ? null : result.error;
    },
    good: 'stream-token-ok',
    async kept() {
      return (await host.value('tokens.history', undefined)).total;
    },
  },
];

/** The operations the page does not reach one by one here (the outbox, the analytics editor): through the client. */
const throughTheClient: Array<{ operation: Operation; name: string; call: () => Promise<unknown> }> = [
  { operation: 'apiToken', name: 'the API token', call: () => client.obtainApiToken({ client: 'watchdesk', duration: 60 }) },
  { operation: 'userBoundToken', name: 'a user-bound token', call: () => client.createUserBoundToken({ uid: 's1', user: 'u1', duration: 60 }) },
  { operation: 'cameraCreate', name: 'the new camera', call: () => client.createCamera({ name: 'x' }) },
  {
    operation: 'analyticsTask',
    name: 'the analytics task',
    call: () => client.updateAnalyticsTask('t1', { CaseType: 'face', CameraGroupUid: 'g', Source: { Uid: 's', Url: 'rtsp://x' } }),
  },
];

/**
 * Nothing of a hostile answer is among what the host kept. The offline copies may have changed meanwhile (the good
 * answer after each case is saved behind it, in its own time), but only ever to a good answer.
 */
function expectNothingKept(before: unknown, after: unknown): void {
  if (typeof before === 'number') return void expect(after).toBe(before);
  const text = JSON.stringify(after) ?? '';
  expect(text).not.toContain('"pad"');
  expect(text).not.toContain('[[[[');
  expect(text).not.toContain('"deep"');
}

/** The host still serves: a good answer right after the hostile one is taken as usual. */
async function keepsServing(entry: (typeof throughTheHost)[number]): Promise<void> {
  server.answer = { kind: 'json', status: 200, body: entry.good };
  expect(await entry.call()).toBeNull();
}

const bodies: Array<[string, HostileAnswer]> = [
  ['a 10 MB body', { kind: 'huge', bytes: 10 * MB }],
  ['a 100 MB body', { kind: 'huge', bytes: 100 * MB }],
  ['a 300 MB body', { kind: 'huge', bytes: 300 * MB }],
  ['a 300 MB body with its length declared', { kind: 'huge', bytes: 300 * MB, declareLength: true }],
  ['an endless chunked body', { kind: 'endless' }],
];

describe.each(throughTheHost)('$name through the host', (entry) => {
  it.each(bodies)('%s: refused over the limit with the sentence, memory bounded, nothing kept', async (_name, answer) => {
    await hostTimeout(10_000);
    const before = await entry.kept();
    server.answer = answer;
    const { result, growthMb } = await sampled(entry.call);
    expect(result).not.toBeNull();
    const bytes = answer.kind === 'huge' ? answer.bytes : Number.POSITIVE_INFINITY;
    if (bytes > answerLimits[entry.operation]) expect(result?.message).toBe(tooLarge(entry.name, mb(entry.operation)));
    expect(growthMb).toBeLessThan(100);
    expectNothingKept(before, await entry.kept());
    await keepsServing(entry);
  });

  it('JSON nested 200,000 levels deep: refused in words, nothing kept', async () => {
    await hostTimeout(10_000);
    const before = await entry.kept();
    server.answer = { kind: 'deep', depth: 200_000 };
    const { result, growthMb } = await sampled(entry.call);
    expect(result).toMatchObject({ kind: 'BadResponse', message: tooDeep(entry.name) });
    expect(growthMb).toBeLessThan(100);
    expectNothingKept(before, await entry.kept());
    await keepsServing(entry);
  });

  it('a body dripped a byte at a time: cut at the deadline, nothing kept', async () => {
    await hostTimeout(1_000);
    const before = await entry.kept();
    server.answer = { kind: 'drip', everyMs: 50 };
    const started = Date.now();
    const { result } = await sampled(entry.call);
    expect(result?.kind).toBe('Timeout');
    // The deadline is twice the profile's 1 s timeout plus a second; retries would have made it a multiple.
    expect(Date.now() - started).toBeLessThan(6_000);
    expectNothingKept(before, await entry.kept());
    await keepsServing(entry);
  });
});

describe.each(throughTheClient)('$name through the client', (entry) => {
  it('refuses a 100 MB body at its limit with the sentence', async () => {
    server.answer = { kind: 'huge', bytes: 100 * MB };
    const { result, growthMb } = await sampled(() => failure(entry.call()));
    expect(result).toMatchObject({ kind: 'BadResponse', message: tooLarge(entry.name, mb(entry.operation)) });
    expect(growthMb).toBeLessThan(100);
  });

  it('refuses an endless body with the sentence', async () => {
    server.answer = { kind: 'endless' };
    expect(await failure(entry.call())).toMatchObject({ message: tooLarge(entry.name, mb(entry.operation)) });
  });

  it('refuses JSON nested 200,000 levels deep in words', async () => {
    server.answer = { kind: 'deep', depth: 200_000 };
    expect(await failure(entry.call())).toMatchObject({ kind: 'BadResponse', message: tooDeep(entry.name) });
  });
});

describe('the server side of a refused answer', () => {
  it('stops sending soon after the limit: the connection was closed, not drained', async () => {
    server.answer = { kind: 'endless' };
    server.bytesSent = 0;
    await failure(client.createCamera({ name: 'x' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The limit plus what sockets and buffers held in flight; an endless body read to the end would never stop.
    expect(server.bytesSent).toBeLessThan(answerLimits.cameraCreate + 16 * MB);
  });
});
