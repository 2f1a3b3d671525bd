import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..', '..');

/**
 * Bundles a TypeScript entry (a child process a test starts and kills) into one plain ESM file, so each start costs
 * a Node start, not a TypeScript compile. keytar stays external (native; the children use an in-memory keychain).
 */
export async function bundleChild(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    external: ['keytar'],
    logLevel: 'silent',
    // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}
