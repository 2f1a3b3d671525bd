// Lint (`npm run lint`, part of `npm test` with no warning allowed): rules that find real problems, no style rules
// (formatting is left to the editor). The layer rules live in eslint.layers.js.
// Not type-aware: with type information (typescript-eslint's project service, plus no-floating-promises,
// no-misused-promises and await-thenable) the lint cost about 5 times the CPU (65 s against 13 s on 2 cores) and found
// nothing these rules and `tsc` do not.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layers, namedImportsOnly } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'test-results/**', 'node_modules/**', 'playwright-report/**', '.svelte-check/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['renderer/**/*.{ts,svelte}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    rules: {
      // Unused code is dead weight; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // State classes replace their Sets and Maps rather than mutate them (and build plain ones as temporaries), which
      // this rule cannot tell from a mutated one.
      'svelte/prefer-svelte-reactivity': 'off',
      // Style only: `{' · '}` keeps spaces that markup would collapse.
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    // A `let` a closure reads before its one assignment cannot become a `const` declared later (the closure may run
    // first and meet the temporal dead zone). (Not for .svelte files: `let { … } = $props()` is how props are read.)
    files: ['**/*.ts'],
    rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] },
  },
  ...layers,
  {
    // One feature shape: a component reaches main only through a state class, which takes the api in its constructor
    // and has tests with it injected. A component may hand `api` to a constructor; it never calls it.
    files: ['renderer/**/*.svelte'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...namedImportsOnly,
        { selector: "MemberExpression[object.name='api']", message: 'Components call main through a state class (renderer/features/<feature>/*.svelte.ts) that takes the api in its constructor.' },
      ],
    },
  },
  {
    // A state class gets the api from its component, so its tests can hand it the real main (test/support/registry-bridge.ts):
    // importing the page's api (which touches `window` as it loads) would make it untestable outside a browser.
    files: ['renderer/**/*.svelte.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/lib/api', './api'], message: 'Take the api in the constructor instead.' }] }],
    },
  },
);
