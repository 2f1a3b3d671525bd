import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules live in the lint configuration (eslint.layers.js) and the real tree is checked by `npm test`'s lint
 * step. Here each rule is shown to catch what it is for: one planted file per violation, linted through ESLint's own
 * API with the project's configuration, as if the file stood at that path.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const layerRules = new Set(['boundaries/dependencies', 'no-restricted-syntax', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports']);
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // ESLint loads the configuration, its plugins and the parsers at the first file it lints: that start (seconds, and on
  // a loaded machine more than a test's whole time) is paid here, not by whichever test happens to run first.
  await eslint.lintText('export const warm = 1;\n', { filePath: join(root, 'renderer/lib/warm-up.ts') });
  await eslint.lintText('<script lang="ts">\n  export const warm = 1;\n</script>\n', { filePath: join(root, 'renderer/lib/WarmUp.svelte') });
});

/** The layer-rule messages for a planted file (other rules, such as unused imports, are not what these tests are about). */
async function plant(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, `${path} did not parse`).toEqual([]);
  return result!.messages.filter((message) => layerRules.has(message.ruleId ?? '')).map((message) => message.message);
}

describe('layers', () => {
  it('finds static, type-only, side-effect, re-export, dynamic and require imports, and skips comments', async () => {
    const forms = [
      "import { a } from '../../main/tokens/batch-runner';",
      "import type { B } from '../../main/platform/client';",
      "import '../../main/shared/log';",
      "export { d } from '../../main/shared/app-failure';",
      "export * from '../../main/profiles/profile-store';",
      "const f = await import('../../main/app/create-app');",
      "const g = require('../../main/ipc/registry');",
    ];
    for (const form of forms) expect(await plant('renderer/lib/x.ts', form), form).toEqual(['renderer imports only renderer/ and preload/contract/']);
    const comments = "// import { h } from '../../main/tokens/batch-runner';\n/* require('../../main/ipc/registry') */\nexport const url = 'http://example.com/x';";
    expect(await plant('renderer/lib/x.ts', comments)).toEqual([]);
  });

  it('reads the script blocks of a .svelte file, not its markup', async () => {
    const text = "<script lang=\"ts\">\n  import type { PlatformClient } from '../../../main/platform/client';\n  let c: PlatformClient | null = null;\n</script>\n<p>import nothing from 'here' {c}</p>";
    expect(await plant('renderer/features/x/X.svelte', text)).toEqual(['renderer imports only renderer/ and preload/contract/']);
  });

  describe('planted violations, one per direction, each named with its rule', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['renderer → main (type only)', 'renderer/features/tokens/X.svelte', "<script lang=\"ts\">import type { PlatformClient } from '../../../main/platform/client'; let c: PlatformClient | null = null;</script>{c}", /renderer imports only renderer\/ and preload\/contract\//],
      ['renderer → main (dynamic)', 'renderer/lib/x.ts', "export const m = await import('../../main/tokens/batch-runner');", /renderer imports only/],
      ['renderer → preload entry', 'renderer/lib/x.ts', "import '../../preload/index';", /renderer imports only/],
      ['renderer → Node built-in', 'renderer/lib/x.ts', "import { readFileSync } from 'node:fs'; readFileSync('x');", /no Node built-ins in the renderer/],
      ['renderer → bare built-in', 'renderer/lib/x.ts', "import { join } from 'path'; join('x');", /no Node built-ins in the renderer/],
      ['renderer → undici', 'renderer/lib/x.ts', "import { request } from 'undici'; request('x');", /no undici in the renderer/],
      ['renderer → electron', 'renderer/lib/x.ts', "import { ipcRenderer } from 'electron'; ipcRenderer.send('x');", /only main\/electron\/ and preload\/index.ts import electron/],
      ['main → renderer', 'main/tokens/x.ts', "import { api } from '../../renderer/lib/api'; api();", /nothing but the renderer imports renderer\//],
      ['main → preload entry', 'main/app/x.ts', "import '../../preload/index';", /main imports only main\/, preload\/contract\/ and package.json/],
      ['main → electron outside main/electron', 'main/app/x.ts', "import { app } from 'electron'; app.quit();", /only main\/electron\/ and preload\/index.ts import electron/],
      ['main → electron by require', 'main/app/x.ts', "export const { app } = require('electron');", /only main\/electron\/ and preload\/index.ts import electron/],
      ['main → main/electron', 'main/app/x.ts', "import { createMainWindow } from '../electron/window'; createMainWindow();", /only main\/electron\/ imports main\/electron\//],
      ['feature → feature', 'main/tokens/x.ts', "import { createAgentsFeature } from '../agents/agents-feature'; createAgentsFeature;", /main\/tokens\/ imports only the folders of main\/ below it/],
      ['feature → feature (type only)', 'main/agents/x.ts', "import type { createTokensFeature } from '../tokens/tokens-feature'; export type T = typeof createTokensFeature;", /main\/agents\/ imports only the folders of main\/ below it/],
      ['service → feature', 'main/app/x.ts', "import { createTokensFeature } from '../tokens/tokens-feature'; createTokensFeature;", /main\/app\/ imports only the folders of main\/ below it/],
      ['platform → app (a cycle)', 'main/platform/x.ts', "import type { AppServices } from '../app/services'; export type S = AppServices;", /main\/platform\/ imports only the folders of main\/ below it/],
      ['a feature → the composition root', 'main/tokens/x.ts', "import { createApp } from '../app/create-app'; createApp;", /only the hosts \(main\/web\/, main\/electron\/\) import main\/app\/create-app.ts/],
      ['a folder without a rank', 'main/extra/x.ts', "import { log } from '../shared/log'; log.info('x', 'y');", /needs its rank in eslint.folders.js/],
      ['main → test', 'main/app/x.ts', "import { filesUnder } from '../../test/support/files'; filesUnder('x');", /main imports only/],
      ['contract → main', 'preload/contract/x.ts', "export { AppFailure } from '../../main/shared/app-failure';", /preload\/contract\/ imports only itself, zod and papaparse/],
      ['contract → renderer', 'preload/contract/x.ts', "import { t } from '../../renderer/lib/i18n.svelte'; t('x');", /nothing but the renderer imports renderer\//],
      ['contract → another package', 'preload/contract/x.ts', "import i18next from 'i18next'; i18next.t('x');", /preload\/contract\/ imports only itself, zod and papaparse/],
      ['contract → Node built-in', 'preload/contract/x.ts', "import { randomUUID } from 'node:crypto'; randomUUID();", /preload\/contract\/ imports only/],
      ['contract → electron', 'preload/contract/x.ts', "import { ipcRenderer } from 'electron'; ipcRenderer.send('x');", /import electron/],
      ['preload entry → main', 'preload/index.ts', "import { createApp } from '../main/app/create-app'; createApp();", /the preload entry imports only electron and preload\/contract\//],
      ['preload entry → zod', 'preload/index.ts', "import { z } from 'zod'; z.string();", /the preload entry imports only electron/],
      ['computed import', 'main/app/x.ts', 'const name = process.argv[2]!; export const m = await import(name);', /must name their module/],
      ['computed require', 'main/app/x.ts', 'const name = process.argv[2]!; export const m = require(name);', /must name their module/],
      ['renderer fetch outside the web-host transport', 'renderer/features/x/x.ts', "export const r = await fetch('/ipc/app.info');", /network only in renderer\/lib\/browser-transport.ts/],
      ['renderer window.fetch', 'renderer/features/x/x.ts', "export const r = await window.fetch('/ipc/app.info');", /network only in renderer\/lib\/browser-transport.ts/],
      ['renderer EventSource', 'renderer/lib/x.ts', "export const s = new EventSource('/events');", /network only in renderer\/lib\/browser-transport.ts/],
      ['renderer sendBeacon', 'renderer/lib/x.ts', "navigator.sendBeacon('/x');", /network only in renderer\/lib\/browser-transport.ts/],
    ];
    it.each(cases)('%s', async (_name, path, text, rule) => {
      const messages = await plant(path, text);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(rule);
    });
  });

  describe('one feature shape: components call main only through state classes', () => {
    it('refuses a call on the api in a component, and a state class that imports the page api', async () => {
      const component = '<script lang="ts">\n  import { api } from \'../../lib/api\';\n  void api.app.info();\n</script>\n<p>x</p>';
      expect(await plant('renderer/features/about/X.svelte', component)).toEqual([expect.stringMatching(/Components call main through a state class/)]);
      const listener = '<script lang="ts">\n  import { api } from \'../../lib/api\';\n  api.on(\'events.resync\', () => undefined);\n</script>';
      expect(await plant('renderer/features/about/X.svelte', listener)).toEqual([expect.stringMatching(/Components call main through a state class/)]);
      const state = "import { api } from '../../lib/api';\nexport class XState { info() { return api.app.info(); } }";
      expect(await plant('renderer/features/about/x-state.svelte.ts', state)).toEqual([expect.stringMatching(/Take the api in the constructor instead/)]);
    });

    it('lets a component hand the api to a state class, which takes it in its constructor', async () => {
      const component = '<script lang="ts">\n  import { api } from \'../../lib/api\';\n  import { AboutState } from \'./about-state.svelte\';\n  const x = new AboutState(api);\n</script>\n{x}';
      expect(await plant('renderer/features/about/X.svelte', component)).toEqual([]);
      const state = "import type { Bridge } from '../../../preload/contract';\nexport class XState { constructor(private readonly api: Bridge) {} info() { return this.api.app.info(); } }";
      expect(await plant('renderer/features/about/x-state.svelte.ts', state)).toEqual([]);
    });
  });

  describe('what is allowed', () => {
    const allowed: Array<[string, string]> = [
      ['renderer/lib/x.ts', "import { api } from './api'; import type { AppError } from '../../preload/contract/app-error'; import { mount } from 'svelte'; export { api, mount }; export type { AppError };"],
      ['renderer/lib/browser-transport.ts', "export const r = await fetch('/ipc/app.info');"],
      ['main/app/x.ts', "import { z } from 'zod'; import { join } from 'node:path'; import pkg from '../../package.json'; import { contract } from '../../preload/contract'; export { z, join, pkg, contract };"],
      ['main/app/create-app.ts', "import { createTokensFeature } from '../tokens/tokens-feature'; import { createServices } from './services'; export { createTokensFeature, createServices };"],
      ['main/web/x.ts', "import { createApp } from '../app/create-app'; import type { EventHub } from '../app/events'; export { createApp }; export type { EventHub };"],
      ['main/app/x.ts', "import type { HostFacts } from '../about/app-info'; export type { HostFacts };"],
      ['main/electron/x.ts', "import { app } from 'electron'; import { createApp } from '../app/create-app'; import { createMainWindow } from './window'; export { app, createApp, createMainWindow };"],
      ['preload/contract/x.ts', "import { z } from 'zod'; import Papa from 'papaparse'; import { channel } from './channel'; export { z, Papa, channel };"],
      ['preload/index.ts', "import { contextBridge } from 'electron'; import { ipcPrefix } from './contract/names'; import type { Door } from './contract/bridge'; export { contextBridge, ipcPrefix }; export type { Door };"],
    ];
    it.each(allowed)('%s', async (path, text) => {
      expect(await plant(path, text)).toEqual([]);
    });
  });
});
