import { describe, expect, it } from 'vitest';
import { updateStatusWords, updateTone } from '../../../renderer/features/about/update-words';
import { locale } from '../../../renderer/lib/i18n.svelte';

describe('the update status line', () => {
  it('words each state, and passes refusals through as main said them', () => {
    expect(updateStatusWords({ state: 'off' })).toEqual({ key: 'about.updates.off' });
    expect(updateStatusWords({ state: 'downloading', version: '0.2.0', percent: 40 })).toEqual({ key: 'about.updates.downloading', values: { version: '0.2.0', percent: 40 } });
    expect(updateStatusWords({ state: 'ready', version: '0.2.0' })).toEqual({ key: 'about.updates.ready', values: { version: '0.2.0' } });
    expect(updateStatusWords({ state: 'refused', message: 'No.' })).toEqual({ text: 'No.' });
    expect(updateTone({ state: 'refused', message: 'No.' })).toBe('bad');
    expect(updateTone({ state: 'ready', version: '1.0.0' })).toBe('ok');
    expect(updateTone({ state: 'checking' })).toBe('info');
  });

  it('says a refusal main kept as how it was said in the language shown now', () => {
    const status = { state: 'refused', message: 'The update was refused: its checksum does not match.', said: { key: 'about.updates.verification' } } as const;
    locale.set('ru');
    try {
      const words = updateStatusWords(status);
      expect('text' in words && words.text).toMatch(/[а-яё]{4,}/i);
    } finally {
      locale.set('en');
    }
  });
});
