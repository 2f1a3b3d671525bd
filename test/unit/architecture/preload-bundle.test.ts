import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

describe('preload entry', () => {
  it('imports only electron, the names module and types: the bundle carries names, not schemas', () => {
    const source = readFileSync(join(root, 'preload', 'index.ts'), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1]);
    expect(runtimeImports).toEqual(['electron', './contract/names']);
  });

  it('gets the channel and event names from the contract at build time', () => {
    const config = readFileSync(join(root, 'vite.preload.config.ts'), 'utf8');
    expect(config).toContain('__WATCHDESK_CHANNELS__: JSON.stringify(channelNames)');
    expect(config).toContain('__WATCHDESK_EVENTS__: JSON.stringify(eventNames)');
  });
});
