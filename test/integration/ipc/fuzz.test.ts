import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry, type Registry } from '../../../main/ipc/registry';
import { isTrustedWebSender } from '../../../main/ipc/trusted-senders';
import { secretHeader, startWebHost, type RunningWebHost } from '../../../main/web/host';
import { contract, type ChannelName } from '../../../preload/contract';
import { appErrorSchema } from '../../../preload/contract/app-error';

/**
 * IPC fuzz: every contract channel gets valid-then-mutated and random inputs, through the registry and through the
 * web host, against the real app (demo platform simulator, temporary data folder). Every answer must be a value or
 * a typed AppError; bad input is never `Internal`; no answer carries a stack or a file path; the app keeps serving.
 */
const channels = Object.keys(contract) as ChannelName[];

/** Valid inputs for channels whose input is more than "nothing" or "{}"; the others are found below. */
const validExamples: Partial<Record<ChannelName, unknown>> = {
  'app.setLanguage': { language: 'en' },
  'tokens.create': { stream: 'cam-0001-hd', live: true, ttl: 60 },
  'tokens.createUserBound': { uid: 'cam-0001-hd', user: 'operator-1', duration: 60 },
  'tokens.setNote': { token: 'st_x', note: 'lobby' },
  'profiles.save': { name: 'Fuzz', baseUrl: 'http://127.0.0.1:9', tokenStyle: 'bearer', timeoutMs: 1000, tls: { mode: 'system' } },
  'agents.lookup': { id: 1001 },
  'dashboard.get': { date: 'today' },
};

function validInput(channel: ChannelName): unknown {
  const schema = contract[channel].input;
  for (const candidate of [validExamples[channel], undefined, {}, { id: 'x' }]) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  return validExamples[channel];
}

/** A valid input with one field replaced, removed or added, or replaced as a whole. */
function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const anything = fc.anything({ maxDepth: 3, withNullPrototype: false });
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return anything;
  const keys = Object.keys(valid);
  const record = valid as Record<string, unknown>;
  return fc.oneof(
    anything,
    keys.length ? fc.tuple(fc.constantFrom(...keys), anything).map(([key, value]) => ({ ...record, [key]: value })) : anything,
    keys.length ? fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))) : anything,
    fc.tuple(fc.string({ maxLength: 8 }), anything).map(([key, value]) => ({ ...record, [key]: value })),
    fc.constantFrom('', 'x'.repeat(5000), -1, 1e308, Number.NaN, [], [record], 'cam-0001-hd\u0000', '../../etc/passwd'),
  );
}

const leak = /\n\s+at |\/work\/|\/home\/|\/tmp\/|node_modules|[A-Za-z]:\\|\.ts:\d+/;

/** Checks one answer; returns a description of what is wrong, or null. */
function problem(channel: string, input: unknown, answer: unknown, badInput: boolean): string | null {
  if (typeof answer !== 'object' || answer === null || !('ok' in answer)) return `${channel}: not a Result: ${JSON.stringify(answer)}`;
  if (answer.ok === true) return null;
  const parsed = appErrorSchema.safeParse((answer as { error?: unknown }).error);
  if (!parsed.success) return `${channel}: error is not a typed AppError: ${JSON.stringify(answer)}`;
  const error = parsed.data;
  if (badInput && error.kind === 'Internal') return `${channel}: Internal for bad input ${JSON.stringify(input)}: ${error.message}`;
  const text = [error.message, error.details ?? '', ...Object.values(error.fieldErrors).flat()].join('\n');
  if (leak.test(text)) return `${channel}: a stack or file path leaks: ${text}`;
  return null;
}

let dataDir: string;
let rendererDir: string;
let app: WatchdeskApp;
let registry: Registry;
let host: RunningWebHost;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wd-fuzz-'));
  rendererDir = mkdtempSync(join(tmpdir(), 'wd-fuzz-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Watchdesk</title>');
  app = await createApp({
    dataDir,
    keychainService: `watchdesk-fuzz-${process.pid}-${Date.now()}`,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
  });
  registry = createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender });
  host = await startWebHost({ registry: createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender }), rendererDir });
}, 30_000);

afterAll(async () => {
  await host?.close();
  await app?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

const webSender = () => ({ transport: 'web' as const, origin: host.origin, authenticated: true });

async function viaHost(channel: string, body: string): Promise<{ status: number; answer: unknown }> {
  const res = await request(`${host.origin}/ipc/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.origin, [secretHeader]: host.secret },
    body,
  });
  const text = await res.body.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: res.statusCode, answer };
}

describe('IPC fuzz through the registry', () => {
  it('answers every channel with a value or a typed error, for valid-then-mutated and random inputs', async () => {
    const problems: string[] = [];
    const kinds = new Map<string, number>();
    for (const channel of channels) {
      const valid = validInput(channel);
      // The valid input itself first: the fuzz starts from a call the channel accepts.
      const first = await registry.call(channel, valid, webSender());
      const firstProblem = problem(channel, valid, first, false);
      if (firstProblem) problems.push(firstProblem);
      const schema = contract[channel].input;
      await fc.assert(
        fc.asyncProperty(fc.oneof(mutated(valid), fc.anything({ maxDepth: 2 })), async (input) => {
          const answer = await registry.call(channel, input, webSender());
          const kind = answer.ok ? 'value' : answer.error.kind;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          const found = problem(channel, input, answer, !schema.safeParse(input).success);
          if (found) problems.push(found);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // The fuzz reached both sides: calls that succeeded and inputs refused field by field.
    expect(kinds.get('value') ?? 0).toBeGreaterThan(0);
    expect(kinds.get('Validation') ?? 0).toBeGreaterThan(channels.length);
  }, 240_000);

  it('refuses channels that are not in the contract as UnknownChannel', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }).filter((name) => !(name in contract)), async (name) => {
        const answer = await registry.call(name, undefined, webSender());
        expect(answer).toMatchObject({ ok: false, error: { kind: 'UnknownChannel' } });
      }),
      { numRuns: 50 },
    );
  });
});

describe('IPC fuzz through the web host', () => {
  it('answers every channel, for JSON and for bodies that are not JSON, and keeps serving', async () => {
    const problems: string[] = [];
    const bodies = fc.oneof(
      fc.anything({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? ''),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{', '[1,', '"unterminated', 'null', '\u0000', '{"__proto__":{"polluted":1}}'),
    );
    for (const channel of channels) {
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const { status, answer } = await viaHost(channel, body);
          if (status >= 500) problems.push(`${channel}: HTTP ${status} for ${JSON.stringify(body)}`);
          let parsedInput: unknown;
          let validJson = true;
          try {
            parsedInput = body === '' ? undefined : JSON.parse(body);
          } catch {
            validJson = false;
          }
          const bad = !validJson || !contract[channel].input.safeParse(parsedInput).success;
          const found = problem(channel, body, answer, bad);
          if (found) problems.push(found);
        }),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const info = await viaHost('app.info', '');
    expect(info).toMatchObject({ status: 200, answer: { ok: true } });
  }, 240_000);
});
