import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRegistry } from '../../../main/ipc/registry';
import { isTrustedWebSender } from '../../../main/ipc/trusted-senders';
import { startWebHost, type RunningWebHost } from '../../../main/web/host';
import { createEventHub } from '../../../main/app/events';
import type { CallContext, Handlers } from '../../../main/ipc/registry';
import { sampleProgress } from '../../support/batch-progress';

let host: RunningWebHost;
let rendererDir: string | undefined;
const events = createEventHub();
/** The signal of the last slow call, to see it abort. */
let slowSignal: AbortSignal | undefined;
const handlers = {
  'app.info': () => ({ name: 'Watchdesk' }),
  // Stands in for a slow call: waits until its caller goes away.
  'tokens.history': (_input: unknown, { signal }: CallContext) =>
    new Promise((resolve) => {
      slowSignal = signal;
      signal.addEventListener('abort', () => resolve('aborted'));
    }),
} as unknown as Handlers;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'wd-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Watchdesk</title>');
  const registry = createRegistry(handlers, { isTrustedSender: isTrustedWebSender });
  host = await startWebHost({ registry, rendererDir, events });
});
afterAll(async () => {
  await host?.close();
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
});

function call(headers: Record<string, string>, path = '/ipc/app.info') {
  return request(`${host.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '' });
}

describe('web host', () => {
  it('listens on loopback only and prints a URL carrying the secret', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=.{20,}$/);
  });

  it('answers a call with the secret from its own origin', async () => {
    const response = await call({ origin: host.origin, 'x-watchdesk-secret': host.secret });
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ ok: true, value: { name: 'Watchdesk' } });
  });

  it('refuses a call without the secret', async () => {
    const response = await call({ origin: host.origin });
    expect(response.statusCode).toBe(401);
    expect(await response.body.json()).toMatchObject({ ok: false, error: { kind: 'UntrustedSender' } });
  });

  it('refuses a call with a wrong secret', async () => {
    const response = await call({ origin: host.origin, 'x-watchdesk-secret': 'x'.repeat(host.secret.length) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a call from a foreign Origin even with the secret', async () => {
    const response = await call({ origin: 'https://evil.example', 'x-watchdesk-secret': host.secret });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a request with a foreign Host header (DNS rebinding)', async () => {
    const response = await call({ host: `evil.example:${host.port}`, origin: `http://evil.example:${host.port}`, 'x-watchdesk-secret': host.secret });
    expect(response.statusCode).toBe(421);
  });

  it('serves the page (the public build) without the secret and never sets a cookie', async () => {
    const page = await request(`${host.origin}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    expect(await page.body.text()).toContain('<title>Watchdesk</title>');
    const entry = await request(host.url);
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['set-cookie']).toBeUndefined();
    await entry.body.dump();
  });

  it('tells a wrong secret in the address at once', async () => {
    const response = await request(`${host.origin}/?secret=${'x'.repeat(host.secret.length)}`);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-language']).toBe('en');
    expect(await response.body.text()).toBe('Wrong console secret. Open the address printed by "npm run web".');
  });

  it('tells a wrong secret in Russian to a browser that asks for Russian', async () => {
    const response = await request(`${host.origin}/?secret=${'x'.repeat(host.secret.length)}`, { headers: { 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8' } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-language']).toBe('ru');
    expect(await response.body.text()).toBe('Неверный секрет консоли. Откройте адрес, который вывела команда «npm run web».');
  });

  it('refuses a call that carries the secret only as a cookie', async () => {
    const response = await call({ origin: host.origin, cookie: `watchdesk_session=${host.secret}` });
    expect(response.statusCode).toBe(401);
    await response.body.dump();
  });

  it('streams contract events to a client with the secret, and refuses one without', async () => {
    const refused = await request(`${host.origin}/events`, { headers: { origin: host.origin } });
    expect(refused.statusCode).toBe(401);
    await refused.body.dump();

    const controller = new AbortController();
    const stream = await request(`${host.origin}/events`, { headers: { 'x-watchdesk-secret': host.secret }, signal: controller.signal });
    expect(stream.statusCode).toBe(200);
    expect(String(stream.headers['content-type'])).toContain('text/event-stream');
    await vi.waitFor(() => expect(host.eventStreams).toBe(1));
    const progress = sampleProgress();
    events.emit('batch.progress', progress);
    let text = '';
    for await (const chunk of stream.body) {
      text += String(chunk);
      if (text.includes('event: batch.progress')) break;
    }
    expect(text).toContain(`event: batch.progress\ndata: ${JSON.stringify(progress)}\n\n`);
    controller.abort();
    await vi.waitFor(() => expect(host.eventStreams).toBe(0));
    expect(events.listeners).toBe(0);
  });

  it('aborts the handler when the client aborts its request', async () => {
    slowSignal = undefined;
    const controller = new AbortController();
    const pending = request(`${host.origin}/ipc/tokens.history`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin, 'x-watchdesk-secret': host.secret },
      body: '',
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(slowSignal).toBeDefined());
    expect(slowSignal!.aborted).toBe(false);
    controller.abort();
    await pending;
    await vi.waitFor(() => expect(slowSignal!.aborted).toBe(true));
  });

  it('does not serve files outside the renderer folder', async () => {
    const response = await request(`${host.origin}/..%2f..%2f..%2fetc%2fpasswd`, { headers: { 'x-watchdesk-secret': host.secret } });
    expect([403, 404]).toContain(response.statusCode);
    expect(await response.body.text()).not.toContain('root:');
  });

  it('refuses an unknown channel', async () => {
    const response = await call({ origin: host.origin, 'x-watchdesk-secret': host.secret }, '/ipc/vault.dump');
    expect(await response.body.json()).toMatchObject({ ok: false, error: { kind: 'UnknownChannel' } });
  });

  it('answers a body that is not JSON with a Validation error, not a trust refusal', async () => {
    const response = await request(`${host.origin}/ipc/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin, 'x-watchdesk-secret': host.secret },
      body: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toMatchObject({ ok: false, error: { kind: 'Validation', message: 'The call body is not valid JSON.' } });
  });

  it('refuses a call larger than any the contract accepts, with a sentence', async () => {
    const response = await request(`${host.origin}/ipc/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin, 'x-watchdesk-secret': host.secret },
      body: JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(await response.body.json()).toMatchObject({ ok: false, error: { kind: 'Validation', message: 'The call is too large. Split the list into smaller batches.' } });
  });
});

describe('web host with its app built while the page loads', () => {
  it('serves the page and its files first, is told when they are sent, then answers calls and events from the app built after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-renderer-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script><link rel="stylesheet" href="./assets/app.css">');
    writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(dir, 'assets', 'app.css'), 'body {}');
    let built = 0;
    let filesSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (filesSent = resolve));
    const app = sent.then(() => {
      built++;
      return { registry: createRegistry(handlers, { isTrustedSender: isTrustedWebSender }), events: createEventHub() };
    });
    const lazy = await startWebHost({ registry: async () => (await app).registry, events: async () => (await app).events, onPageFilesSent: filesSent, rendererDir: dir });
    try {
      expect((await request(`${lazy.origin}/`)).statusCode).toBe(200);
      expect(built).toBe(0);
      expect((await request(`${lazy.origin}/assets/app.js`)).statusCode).toBe(200);
      expect(built).toBe(0);
      expect((await request(`${lazy.origin}/assets/app.css`)).statusCode).toBe(200);
      await sent;
      const headers = { 'content-type': 'application/json', origin: lazy.origin, 'x-watchdesk-secret': lazy.secret };
      const answer = await request(`${lazy.origin}/ipc/app.info`, { method: 'POST', headers, body: '' });
      expect(await answer.body.json()).toEqual({ ok: true, value: { name: 'Watchdesk' } });
      const stream = await request(`${lazy.origin}/events`, { headers: { 'x-watchdesk-secret': lazy.secret } });
      expect(stream.statusCode).toBe(200);
      (await app).events.emit('batch.progress', sampleProgress());
      for await (const chunk of stream.body) {
        if (String(chunk).includes('event: batch.progress')) break;
      }
      expect(built).toBe(1);
    } finally {
      await lazy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
