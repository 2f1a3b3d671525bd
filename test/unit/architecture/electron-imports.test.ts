import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const allowed = (path: string) => path.startsWith('main/electron/') || path === 'preload/index.ts';
const importsElectron = /(?:from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\))/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|svelte|js|mjs|cjs)$/.test(name) ? [full] : [];
  });
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
