import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { createApp } from '../../main/app/create-app';
import { createRegistry } from '../../main/ipc/registry';
import { isTrustedWebSender } from '../../main/ipc/trusted-senders';
import { startWebHost, type RequestLogEntry } from '../../main/web/host';

const rendererDir = join(import.meta.dirname, '..', '..', 'dist', 'renderer');

/**
 * A page on another loopback port (any local web app the operator might open) that tries every way a browser offers
 * to call the console: a CORS JSON call, a "simple" no-cors POST, a no-cors read of the event stream, with
 * credentials included each time.
 */
function hostilePage(target: string): string {
  return `<!doctype html><title>Some other local page</title><script>
    const target = ${JSON.stringify(target)};
    const attempts = [
      fetch(target + '/ipc/app.info', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '' }),
      fetch(target + '/ipc/profiles.list', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: '' }),
      fetch(target + '/events', { mode: 'no-cors', credentials: 'include' }),
    ];
    Promise.allSettled(attempts).then((results) => {
      window.outcomes = results.map((r) => r.status === 'fulfilled' ? r.value.type + ':' + r.value.status : 'rejected');
      document.title = 'done';
    });
  </script>`;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.describe('web host session', () => {
  test('keeps no cookie: another local page cannot call the console, and two consoles on two ports work side by side', async ({ page, context, console }) => {
    // A second console on another port, in the same browser.
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-e2e-second-'));
    const second = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, demo: false, keychainService: `watchdesk-e2e-second-${process.pid}` });
    const secondLog: RequestLogEntry[] = [];
    const secondHost = await startWebHost({
      registry: createRegistry(second.handlers, { isTrustedSender: isTrustedWebSender }),
      events: second.services.events,
      rendererDir,
      onRequest: (entry) => secondLog.push(entry),
    });
    const hostile = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(hostilePage(console.host.origin));
    });
    const hostileOrigin = await listen(hostile);
    try {
      await console.open(page, 'about');
      await expect(page.getByTestId('about-version')).toHaveText(/^Watchdesk /);
      // The secret left the address bar and the browser stored no credential for 127.0.0.1.
      expect(page.url()).not.toContain('secret=');
      expect(await context.cookies()).toEqual([]);

      const other = await context.newPage();
      await other.goto(secondHost.url);
      await other.goto(`${secondHost.origin}/#/about`);
      await expect(other.getByTestId('about-version')).toHaveText(/^Watchdesk /);
      expect(secondLog.filter((entry) => entry.path.startsWith('/ipc/') && entry.status === 200).length).toBeGreaterThan(0);

      // Opening the second console did not evict the first: it still calls, also after a reload.
      const reloadedAt = console.requests.length;
      await page.reload();
      await expect(page.getByTestId('about-version')).toHaveText(/^Watchdesk /);
      // The reloaded page's own idle-time warm-up call (with its secret) is made before the hostile page is judged.
      await expect.poll(() => console.requests.slice(reloadedAt).some((entry) => entry.path === '/ipc/app.warmUp' && entry.status === 200)).toBe(true);

      // Another local page in the same browser gets nothing through.
      const before = console.requests.length;
      const attacker = await context.newPage();
      await attacker.goto(hostileOrigin);
      await expect(attacker).toHaveTitle('done');
      const outcomes = await attacker.evaluate(() => (window as unknown as { outcomes: string[] }).outcomes);
      expect(outcomes[0]).toBe('rejected'); // the CORS call: its preflight is refused
      // The console's own page may still fetch a public asset meanwhile (its favicon loads lazily after a reload):
      // only calls and the event stream need the secret, so those are what the hostile page is judged on.
      const reached = console.requests.slice(before).filter((entry) => entry.path.startsWith('/ipc') || entry.path.startsWith('/events'));
      expect(reached.length).toBeGreaterThan(0); // the no-cors attempts did reach the host…
      for (const entry of reached) expect(entry.status, `${entry.path}`).toBeGreaterThanOrEqual(400); // …and were refused
      await attacker.screenshot({ path: test.info().outputPath('hostile-page.png') });
      await page.screenshot({ path: test.info().outputPath('first-console-after.png') });
    } finally {
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
      await secondHost.close();
      await second.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
