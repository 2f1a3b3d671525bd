import { existsSync } from 'node:fs';
import { defineConfig, type LaunchOptions } from '@playwright/test';

// Chromium is kept off the tests' private D-Bus session (scripts/with-keyring.sh): on a session bus it starts an
// accessibility bus, a process beside every browser that competes for the 2 cores (the keychain is main's, never
// Chromium's: --password-store=basic below).
const { DBUS_SESSION_BUS_ADDRESS: _bus, ...chromiumEnv } = process.env;

// Debian's headless shell when it is installed (apt package chromium-headless-shell, the same Chromium version): the
// browser alone, without the desktop browser's own window and interface layer that the full binary runs in its
// headless mode. The whole suite, the two runs back to back at a load of 10-16 on 2 cores: 84 s of CPU instead of 126
// (user+system as /usr/bin/time counts it; sampling every process of the run, Chromium's included, most of which
// escape that count, 179 s instead of 283), 118 s of wall instead of 178, every test passing, the
// pages drawn the same. Otherwise the full Chromium. CHROMIUM_PATH overrides both.
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : fullChromium);

/** How each worker's browser is started; `executablePath` is the headless shell or the full Chromium. */
function launchOptions(executablePath: string): LaunchOptions {
  return {
    env: chromiumEnv,
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Keep Chromium out of the test keyring: its own Secret Service use would prompt and lock our items.
      '--password-store=basic',
    ],
  };
}

// End-to-end: Debian Chromium drives the built renderer served by main/web with the real handler registry.
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Four workers on the 2-core machines: a test spends most of its time waiting (on the page's answers, the
  // browser's drawing and Playwright's own polling), so more workers than cores fill the idle time. The whole suite
  // alone at a load of 8-20 on 2 cores: 2 workers 455 s wall, 127 s of CPU (user+system); 3 workers 291-304 s wall,
  // 136-140 s of CPU; 4 workers 211 s wall, 135 s of CPU, every test passing. The files stay whole per worker
  // (beforeAll hooks start their simulators once) and the work came out even across the workers (each ended within
  // 4 s of the others with three).
  workers: 4,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  // The secret-leak scan reads what every test left (answers, events, logs, data files) after the suite has run.
  globalSetup: './test/e2e/leak-scan/clear.ts',
  projects: [
    { name: 'e2e', testIgnore: /leak-scan/, grepInvert: /@full-chromium/, teardown: 'leak-scan' },
    // Tests of what only the full browser does: show a page's notification (in the headless shell the page's
    // notification never came) and resize a window the page made fullscreen (the shell refuses: "To resize
    // minimized/maximized/fullscreen window, restore it to normal state first"). Tagged `@full-chromium`, they run on
    // the full Chromium, in a worker of their own.
    {
      name: 'e2e-full-chromium',
      testIgnore: /leak-scan/,
      grep: /@full-chromium/,
      teardown: 'leak-scan',
      use: { launchOptions: launchOptions(fullChromium) },
    },
    { name: 'leak-scan', testMatch: /leak-scan\.teardown\.ts/ },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Tests find controls by their English names; a Russian run is its own test that switches the language.
    locale: 'en-US',
    launchOptions: launchOptions(chromium),
  },
});
