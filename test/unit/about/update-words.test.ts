import { describe, expect, it } from 'vitest';
import { updateStatusWords, updateTone } from '../../../renderer/features/about/update-words';

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
});
