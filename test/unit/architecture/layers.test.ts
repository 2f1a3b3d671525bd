import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../support/files';
import { findImports, networkGlobals, resolveImport, stripComments, codeOf } from './import-scan';
import { checkLayers, describeViolations, type SourceFile } from './layer-rules';

const root = join(import.meta.dirname, '..', '..', '..');

/** A source file as the checker sees it, from its path and text. */
function sourceFile(path: string, text: string): SourceFile {
  return {
    path,
    imports: findImports(path, text).map((found) => ({ specifier: found.specifier, target: resolveImport(path, found) })),
    usesNetwork: networkGlobals.test(stripComments(codeOf(path, text))),
  };
}

function realTree(): SourceFile[] {
  return ['main', 'preload', 'renderer']
    .flatMap((dir) => filesUnder(join(root, dir)))
    .filter((file) => /\.(ts|svelte|js|mjs|cjs)$/.test(file))
    .map((file) => {
      const path = relative(root, file).split('\\').join('/');
      return sourceFile(path, readFileSync(file, 'utf8'));
    });
}

/** The violations of a planted graph: one file with the given text, among no others. */
function plant(path: string, text: string) {
  return checkLayers([sourceFile(path, text)]);
}

describe('layers', () => {
  it('the real tree keeps every rule', () => {
    const files = realTree();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.path.endsWith('.svelte'))).toBe(true);
    expect(describeViolations(checkLayers(files))).toBe('');
  });

  it('finds static, type-only, side-effect, re-export, dynamic and require imports, and skips comments', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import './c.css';",
      "export { d } from './d';",
      "export * from './e';",
      "const f = await import('./f');",
      "const g = require('./g');",
      "// import { h } from './h';",
      "/* require('./i') */",
      "const url = 'http://example.com/x';",
    ].join('\n');
    expect(findImports('main/x.ts', text).map((found) => found.specifier).sort()).toEqual(['../b', './a', './c.css', './d', './e', './f', './g']);
  });

  it('reads the script blocks of a .svelte file', () => {
    const text = "<script lang=\"ts\">\n  import { x } from '../../../main/platform/client';\n</script>\n<p>import nothing from 'here'</p>";
    expect(findImports('renderer/features/x/X.svelte', text).map((found) => found.specifier)).toEqual(['../../../main/platform/client']);
  });

  describe('planted violations, one per direction, each named with its file and import', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['renderer → main (type only)', 'renderer/features/tokens/X.svelte', "<script lang=\"ts\">import type { Y } from '../../../main/platform/schemas';</script>", /renderer imports only renderer\/ and preload\/contract\//],
      ['renderer → main (dynamic)', 'renderer/lib/x.ts', "const m = await import('../../main/tokens/batch-runner');", /renderer imports only/],
      ['renderer → preload entry', 'renderer/lib/x.ts', "import '../../preload/index';", /renderer imports only/],
      ['renderer → Node built-in', 'renderer/lib/x.ts', "import { readFileSync } from 'node:fs';", /no Node built-ins in the renderer/],
      ['renderer → bare built-in', 'renderer/lib/x.ts', "import { join } from 'path';", /no Node built-ins in the renderer/],
      ['renderer → undici', 'renderer/lib/x.ts', "import { request } from 'undici';", /no undici in the renderer/],
      ['renderer → electron', 'renderer/lib/x.ts', "import { ipcRenderer } from 'electron';", /only main\/electron\/ and preload\/index.ts import electron/],
      ['main → renderer', 'main/tokens/x.ts', "import { api } from '../../renderer/lib/api';", /nothing but the renderer imports renderer\//],
      ['main → preload entry', 'main/app/x.ts', "import '../../preload/index';", /main imports only main\/, preload\/contract\/ and package.json/],
      ['main → electron outside main/electron', 'main/app/x.ts', "const { app } = require('electron');", /only main\/electron\/ and preload\/index.ts import electron/],
      ['main → test', 'main/app/x.ts', "import { x } from '../../test/support/files';", /main imports only/],
      ['contract → main', 'preload/contract/x.ts', "export { AppFailure } from '../../main/shared/app-failure';", /preload\/contract\/ imports only itself, zod and papaparse/],
      ['contract → renderer', 'preload/contract/x.ts', "import { t } from '../../renderer/lib/i18n.svelte';", /nothing but the renderer imports renderer\//],
      ['contract → another package', 'preload/contract/x.ts', "import i18next from 'i18next';", /preload\/contract\/ imports only itself, zod and papaparse/],
      ['contract → Node built-in', 'preload/contract/x.ts', "import { randomUUID } from 'node:crypto';", /preload\/contract\/ imports only/],
      ['contract → electron', 'preload/contract/x.ts', "import { ipcRenderer } from 'electron';", /import electron/],
      ['preload entry → main', 'preload/index.ts', "import { x } from '../main/app/create-app';", /the preload entry imports only electron and preload\/contract\//],
      ['preload entry → zod', 'preload/index.ts', "import { z } from 'zod';", /the preload entry imports only electron/],
      ['computed import', 'main/app/x.ts', 'const m = await import(name);', /must name their module/],
    ];
    it.each(cases)('%s', (_name, path, text, rule) => {
      const violations = plant(path, text);
      expect(violations).toHaveLength(1);
      expect(violations[0]!.file).toBe(path);
      expect(violations[0]!.rule).toMatch(rule);
      expect(describeViolations(violations)).toContain(path);
    });

    it('renderer network use outside the web-host transport', () => {
      expect(plant('renderer/features/x/x.ts', "const r = await fetch('/ipc/app.info');")).toMatchObject([{ file: 'renderer/features/x/x.ts', rule: /network only in renderer\/lib\/browser-transport.ts/ }]);
      expect(plant('renderer/lib/x.ts', "const s = new EventSource('/events');")).toHaveLength(1);
      expect(plant('renderer/lib/browser-transport.ts', "const r = await fetch('/ipc/app.info');")).toEqual([]);
    });
  });

  describe('what is allowed', () => {
    const allowed: Array<[string, string]> = [
      ['renderer/lib/x.ts', "import { api } from './api'; import type { AppError } from '../../preload/contract/app-error'; import { mount } from 'svelte';"],
      ['main/app/x.ts', "import { z } from 'zod'; import { join } from 'node:path'; import pkg from '../../package.json'; import { contract } from '../../preload/contract';"],
      ['main/electron/x.ts', "import { app } from 'electron'; import { createApp } from '../app/create-app';"],
      ['preload/contract/x.ts', "import { z } from 'zod'; import Papa from 'papaparse'; import { channel } from './channel';"],
      ['preload/index.ts', "import { contextBridge } from 'electron'; import { ipcPrefix } from './contract/names'; import type { Door } from './contract/bridge';"],
    ];
    it.each(allowed)('%s', (path, text) => {
      expect(describeViolations(plant(path, text))).toBe('');
    });
  });
});
