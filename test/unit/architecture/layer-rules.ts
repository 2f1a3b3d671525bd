import type { Target } from './import-scan';

/**
 * The house's layer rules, as a pure check over an import graph (file path -> what it imports, and whether it uses
 * the network directly). Tests feed it the real tree and small planted graphs.
 *
 * - renderer/ imports renderer/ and preload/contract/ only; no Node built-ins, no electron, no network libraries,
 *   and no direct network calls outside its web-host transport.
 * - main/ imports main/, preload/contract/ and package.json.
 * - preload/contract/ imports itself, zod and papaparse only.
 * - the preload entry (preload/index.ts) imports electron and preload/contract/ only.
 * - electron only in main/electron/ and the preload entry.
 * - nothing but the renderer imports renderer/.
 */

export interface SourceFile {
  /** Repository path with forward slashes, e.g. `renderer/lib/api.ts`. */
  path: string;
  imports: Array<{ specifier: string; target: Target }>;
  /** Calls fetch / opens a WebSocket, EventSource or XMLHttpRequest. */
  usesNetwork: boolean;
}

export interface Violation {
  file: string;
  import: string;
  rule: string;
}

const webHostTransport = 'renderer/lib/browser-transport.ts';
const preloadEntry = 'preload/index.ts';
/** Packages that reach the network or the OS: never in the renderer, whatever the bundler would make of them. */
const nodeOnlyPackages = new Set(['undici', 'keytar', 'ws', 'node-fetch', 'axios', 'electron']);

type Layer = 'renderer' | 'main' | 'main/electron' | 'contract' | 'preload-entry' | 'outside';

export function layerOf(path: string): Layer {
  // A folder import (`../../preload/contract`) is its index file.
  const under = (folder: string): boolean => path === folder || path.startsWith(`${folder}/`);
  if (under('renderer')) return 'renderer';
  if (under('main/electron')) return 'main/electron';
  if (under('main')) return 'main';
  if (under('preload/contract')) return 'contract';
  if (under('preload')) return 'preload-entry';
  return 'outside';
}

function checkImport(file: string, layer: Layer, target: Target): string | null {
  if (target.kind === 'computed') return 'imports must name their module (a computed import cannot be checked)';
  if (target.kind === 'package' && target.name === 'electron' && layer !== 'main/electron' && file !== preloadEntry) {
    return 'only main/electron/ and preload/index.ts import electron';
  }
  if (target.kind === 'file') {
    const to = layerOf(target.path);
    if (to === 'renderer' && layer !== 'renderer') return 'nothing but the renderer imports renderer/';
    switch (layer) {
      case 'renderer':
        return to === 'renderer' || to === 'contract' ? null : 'renderer imports only renderer/ and preload/contract/';
      case 'main':
      case 'main/electron':
        if (target.path === 'package.json') return null;
        return to === 'main' || to === 'main/electron' || to === 'contract' ? null : 'main imports only main/, preload/contract/ and package.json';
      case 'contract':
        return to === 'contract' ? null : 'preload/contract/ imports only itself, zod and papaparse';
      case 'preload-entry':
        return to === 'contract' ? null : 'the preload entry imports only electron and preload/contract/';
      default:
        return null;
    }
  }
  // A package or a Node built-in.
  switch (layer) {
    case 'renderer':
      if (target.kind === 'builtin') return 'no Node built-ins in the renderer';
      return nodeOnlyPackages.has(target.name) ? `no ${target.name} in the renderer (it reaches main only through the bridge)` : null;
    case 'contract':
      return target.kind === 'package' && (target.name === 'zod' || target.name === 'papaparse')
        ? null
        : 'preload/contract/ imports only itself, zod and papaparse';
    case 'preload-entry':
      return target.kind === 'package' && target.name === 'electron' ? null : 'the preload entry imports only electron and preload/contract/';
    default:
      return null;
  }
}

export function checkLayers(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const layer = layerOf(file.path);
    for (const { specifier, target } of file.imports) {
      const rule = checkImport(file.path, layer, target);
      if (rule) violations.push({ file: file.path, import: specifier, rule });
    }
    if (layer === 'renderer' && file.usesNetwork && file.path !== webHostTransport) {
      violations.push({ file: file.path, import: '(fetch / WebSocket / EventSource / XMLHttpRequest)', rule: `the renderer reaches the network only in ${webHostTransport}` });
    }
  }
  return violations;
}

/** One line per violation, naming the file and the import, for the test's failure message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.file}: import "${v.import}" — ${v.rule}`).join('\n');
}
