import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** The project's own Markdown files (not dependencies, not test output). */
function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', 'release', 'test-results', '.git'].includes(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownFiles(path, out);
    else if (name.endsWith('.md')) out.push(path);
  }
  return out;
}

describe('documentation a newcomer reads in a clone', () => {
  it('links only to files the repository holds (no paths outside it)', () => {
    const broken: string[] = [];
    for (const file of markdownFiles(root)) {
      const text = readFileSync(file, 'utf8');
      if (/\.\.\/shared\/|\/work\/shared\//.test(text)) broken.push(`${relative(root, file)}: names a path outside the repository`);
      for (const [, target] of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (!existsSync(join(dirname(file), target!))) broken.push(`${relative(root, file)}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names the Node the project runs on, and every flag of npm run web', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const nodeVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['node']!;
    expect(readme).toContain(`Node 24** (${nodeVersion})`);
    const cli = readFileSync(join(root, 'main', 'web', 'cli.ts'), 'utf8');
    const flags = [...cli.matchAll(/^\s{4}'?([a-z-]+)'?: \{ type:/gm)].map((m) => `--${m[1]}`);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(readme).toContain(`\`${flag}`);
  });
});
