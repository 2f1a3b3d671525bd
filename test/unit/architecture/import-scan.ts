import { builtinModules } from 'node:module';
import { posix } from 'node:path';

/**
 * Finds every import of a source file: static `import … from`, side-effect `import '…'`, `export … from`,
 * dynamic `import('…')` and `require('…')`, type-only ones included (a type from main/ in the renderer is still
 * main leaking into the renderer). Pure: text in, specifiers out. Comments are skipped, strings are kept.
 */

export interface FoundImport {
  specifier: string;
  /** 'static' also covers `export … from` and `import type`. */
  form: 'static' | 'dynamic' | 'require' | 'computed';
}

/** Direct network use the renderer may have only in its web-host transport. */
export const networkGlobals = /\bfetch\s*\(|\bnew\s+(?:XMLHttpRequest|WebSocket|EventSource)\b|\bnavigator\.sendBeacon\s*\(/;

/** Source with comments replaced by spaces; strings and template literals are left as they are. */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i += 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out += c;
      i += 1;
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      out += ' ';
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/** The script blocks of a .svelte file (markup holds no imports); the whole text of anything else. */
export function codeOf(path: string, source: string): string {
  if (!path.endsWith('.svelte')) return source;
  return [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n');
}

const patterns: Array<{ form: FoundImport['form']; regex: RegExp }> = [
  { form: 'static', regex: /\bimport\s+(?:type\s+)?[\w*{}\s,$]+?\s+from\s*(['"])([^'"]+)\1/g },
  { form: 'static', regex: /\bimport\s*(['"])([^'"]+)\1/g },
  { form: 'static', regex: /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*(['"])([^'"]+)\1/g },
  { form: 'dynamic', regex: /\bimport\s*\(\s*(['"`])([^'"`$]+)\1\s*[,)]/g },
  { form: 'require', regex: /\brequire\s*\(\s*(['"`])([^'"`$]+)\1\s*\)/g },
];

export function findImports(path: string, source: string): FoundImport[] {
  const code = stripComments(codeOf(path, source));
  const found: FoundImport[] = [];
  for (const { form, regex } of patterns) {
    for (const match of code.matchAll(regex)) found.push({ specifier: match[2]!, form });
  }
  // `import(someVariable)` cannot be checked: it is reported so that a rule can refuse it.
  for (const match of code.matchAll(/\b(?:import|require)\s*\(\s*(?!['"`]|\))([^)]*)\)/g)) {
    if (!/^\s*$/.test(match[1]!)) found.push({ specifier: match[1]!.trim(), form: 'computed' });
  }
  return found;
}

/** What an import points at: a repository path (for relative ones) or a package name. */
export type Target = { kind: 'file'; path: string } | { kind: 'package'; name: string } | { kind: 'builtin'; name: string } | { kind: 'computed'; text: string };

const builtins = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0]!]));

export function resolveImport(fromPath: string, found: FoundImport): Target {
  if (found.form === 'computed') return { kind: 'computed', text: found.specifier };
  const specifier = found.specifier.split('?')[0]!;
  if (specifier.startsWith('.')) return { kind: 'file', path: posix.normalize(posix.join(posix.dirname(fromPath), specifier)) };
  if (specifier.startsWith('node:')) return { kind: 'builtin', name: specifier.slice(5) };
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  if (builtins.has(name)) return { kind: 'builtin', name };
  return { kind: 'package', name };
}
