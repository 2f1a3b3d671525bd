import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../support/files';

const root = join(import.meta.dirname, '..', '..', '..');
const allowed = (path: string) => path.startsWith('main/electron/') || path === 'preload/index.ts';
const importsElectron = /(?:from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\))/;

function sourceFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => /\.(ts|svelte|js|mjs|cjs)$/.test(file));
}

describe('architecture', () => {
  it('imports electron only in main/electron/ and the preload entry', () => {
    const offenders = ['main', 'preload', 'renderer']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((path) => !allowed(path) && importsElectron.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('keeps the renderer free of Node built-ins and direct network calls other than the web-host transport', () => {
    const offenders = sourceFiles(join(root, 'renderer'))
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((path) => {
        const text = readFileSync(join(root, path), 'utf8');
        if (/from\s+['"]node:|from\s+['"](fs|net|http|https|child_process|undici|keytar)['"]/.test(text)) return true;
        return /\bfetch\(|XMLHttpRequest|WebSocket\(/.test(text) && path !== 'renderer/lib/browser-transport.ts';
      });
    expect(offenders).toEqual([]);
  });
});
