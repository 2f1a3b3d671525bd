import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../../../main/ipc/registry';
import { startWebHost, type RunningWebHost } from '../../../main/web/host';
import type { Handlers } from '../../../main/ipc/registry';

let host: RunningWebHost;
let rendererDir: string | undefined;
const handlers = { 'app.info': () => ({ name: 'Watchdesk' }) } as unknown as Handlers;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'wd-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Watchdesk</title>');
  const registry = createRegistry(handlers, { isTrustedSender: (sender) => sender.transport === 'web' && sender.authenticated });
  host = await startWebHost({ registry, rendererDir });
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

  it('serves the page only after the secret was presented, then by cookie', async () => {
    expect((await request(`${host.origin}/`)).statusCode).toBe(403);
    const entry = await request(host.url);
    expect(entry.statusCode).toBe(303);
    const cookie = String(entry.headers['set-cookie']).split(';')[0]!;
    expect(String(entry.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await request(`${host.origin}/`, { headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    expect(await page.body.text()).toContain('<title>Watchdesk</title>');
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
