// The house's layer rules (design/ARCHITECTURE.md, "Imports flow one way"), checked by ESLint where the code is typed:
// static, type-only, side-effect, re-export, dynamic and require imports alike (a type from main/ in the renderer is
// still main leaking into the renderer). test/unit/architecture/layers.test.ts plants one violation per rule.
//
// - renderer/ imports renderer/ and preload/contract/ only; no Node built-ins, no electron, no network libraries,
//   and no direct network calls outside its web-host transport.
// - main/ imports main/, preload/contract/ and package.json; only main/electron/ imports main/electron/.
// - preload/contract/ imports itself, zod and papaparse only.
// - the preload entry (preload/index.ts) imports electron and preload/contract/ only.
// - electron only in main/electron/ and the preload entry.
// - nothing but the renderer imports renderer/.
// - every import names its module (a computed import cannot be checked).
// - the folders of main/ depend one way (eslint.folders.js).
import boundaries from 'eslint-plugin-boundaries';
import { folderElements, folderFiles, folderPolicies } from './eslint.folders.js';

/** Packages that reach the network or the OS: never in the renderer, whatever the bundler would make of them. */
const nodeOnlyPackages = ['undici', 'keytar', 'ws', 'node-fetch', 'axios', 'electron'];
const webHostTransport = 'renderer/lib/browser-transport.ts';

const elements = [
  { type: 'renderer', pattern: 'renderer/**', partialMatch: false },
  ...folderElements,
  { type: 'contract', pattern: 'preload/contract/**', partialMatch: false },
  // Everything else in preload/ is the entry (preload/index.ts) and what it would bundle with it.
  { type: 'preload-entry', pattern: 'preload/**', partialMatch: false },
];
/** main reads its name and version from package.json. */
const files = [{ category: 'package-json', pattern: 'package.json' }, ...folderFiles];

const anything = { module: { origin: ['local', 'external', 'core'] } };
const local = { module: { origin: 'local' } };
const packages = (...names) => ({ module: { origin: 'external', source: names } });
const layer = (...types) => ({ element: { type: types } });
const rendererOnly = 'nothing but the renderer imports renderer/';
const mainOnly = 'main imports only main/, preload/contract/ and package.json';
const contractOnly = 'preload/contract/ imports only itself, zod and papaparse';
const preloadOnly = 'the preload entry imports only electron and preload/contract/';

/**
 * Later policies override earlier ones: each layer's refusal of everything first (with the layer's own sentence),
 * then what the layer may import, then the refusals that cut across layers.
 */
const policies = [
  { from: layer('renderer'), disallow: { to: local }, message: 'renderer imports only renderer/ and preload/contract/' },
  { from: layer('main', 'main-electron'), disallow: { to: local }, message: mainOnly },
  { from: layer('contract'), disallow: { to: anything }, message: contractOnly },
  { from: layer('preload-entry'), disallow: { to: anything }, message: preloadOnly },

  { from: layer('renderer'), allow: { to: [layer('renderer', 'contract'), { module: { origin: 'external' } }] } },
  { from: layer('renderer'), disallow: { to: { module: { origin: 'core' } } }, message: 'no Node built-ins in the renderer' },
  {
    from: layer('renderer'),
    disallow: { to: packages(...nodeOnlyPackages) },
    message: 'no {{ to.module.source }} in the renderer (it reaches main only through the bridge)',
  },
  { from: layer('main', 'main-electron'), allow: { to: [layer('main', 'main-electron', 'contract'), { file: { categories: 'package-json' } }, { module: { origin: ['external', 'core'] } }] } },
  { from: layer('contract'), allow: { to: [layer('contract'), packages('zod', 'papaparse')] } },
  { from: layer('preload-entry'), allow: { to: [layer('contract'), packages('electron')] } },

  { from: { element: { type: '!renderer' } }, disallow: { to: layer('renderer') }, message: rendererOnly },
  { from: layer('renderer', 'main', 'contract'), disallow: { to: packages('electron') }, message: 'only main/electron/ and preload/index.ts import electron' },
  ...folderPolicies,
  { from: layer('main'), disallow: { to: layer('main-electron') }, message: 'only main/electron/ imports main/electron/ (the rest of main runs under plain Node)' },
];

/** Direct network use: the renderer reaches main only through the bridge, and the web host only through its transport. */
const network = [
  ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({ name, message: `the renderer reaches the network only in ${webHostTransport}` })),
];
const networkProperties = [
  ...['window', 'globalThis', 'self'].flatMap((object) =>
    ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((property) => ({ object, property, message: `the renderer reaches the network only in ${webHostTransport}` })),
  ),
  { object: 'navigator', property: 'sendBeacon', message: `the renderer reaches the network only in ${webHostTransport}` },
];

const computedImport = 'imports must name their module (a computed import cannot be checked)';

/** Selectors of `no-restricted-syntax` that keep every import checkable; a later config setting that rule repeats them. */
export const namedImportsOnly = [
  { selector: "ImportExpression[source.type!='Literal'][source.type!='TemplateLiteral']", message: computedImport },
  { selector: "ImportExpression > TemplateLiteral.source[expressions.length>0]", message: computedImport },
  { selector: "CallExpression[callee.name='require'][arguments.0.type!='Literal']", message: computedImport },
];

export const layers = [
  {
    files: ['main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,svelte}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/include': ['main/**', 'preload/**', 'renderer/**', 'package.json', 'test/**', 'bench/**', 'scripts/**'],
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.js', '.svelte', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, checkUnknownLocals: true, policies }],
      'no-restricted-syntax': ['error', ...namedImportsOnly],
    },
  },
  {
    files: ['renderer/**/*.{ts,svelte}'],
    ignores: [webHostTransport],
    rules: {
      'no-restricted-globals': ['error', ...network],
      'no-restricted-properties': ['error', ...networkProperties],
    },
  },
];
