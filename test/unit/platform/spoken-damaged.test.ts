import { afterEach, describe, expect, it } from 'vitest';
import type { Said } from '../../../preload/contract/said';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';

/**
 * A kept sentence the page cannot say (damaged on its way, or from a build that wrote it otherwise) is shown as the
 * sentence as written: never a thrown error in the middle of a render, never a half-said sentence or a bare key.
 */
describe('a damaged kept sentence', () => {
  afterEach(() => locale.set('en'));

  it.each([
    ['a key that is not text', { key: 42 }],
    ['a key that is an object', { key: {} }],
    ['a reason inside whose key is not text', { key: 'errors.platform.refused', values: { host: { key: 7 } } }],
    ['values that are not a record', { key: 'errors.platform.refused', values: 'abc' }],
    ['a key naming a whole part of the catalog', { key: 'errors.platform', values: {} }],
  ])('%s', (_name, said) => {
    locale.set('ru');
    expect(spoken({ message: 'As written.', said: said as unknown as Said })).toBe('As written.');
  });

  it('a sentence with plural forms is said again, not shown as written', () => {
    locale.set('ru');
    const said: Said = { key: 'errors.keychain.timeout', values: { count: 5 } };
    expect(spoken({ message: 'As written.', said })).toMatch(/5 секунд/);
  });
});
