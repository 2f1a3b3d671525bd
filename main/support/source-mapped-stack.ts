import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A stack frame's location: `(file:///…/cli.js:12:34)` or ` /…/index.js:12:34` at the end of a line. */
const FRAME = /(\(|at )((?:file:\/\/)?[^\s()]+\.[cm]?js):(\d+):(\d+)(\)?)$/;

/**
 * A stack trace with every frame of a bundled file mapped back to its TypeScript source through the `.map` written
 * beside the bundle (main's builds keep them; the renderer's are kept away from the page). Read only when a crash is
 * recorded, so starting the app never pays for parsing maps; Node's own `--enable-source-maps` would parse them at
 * every start. Frames without a map (Node's internals, dependencies) stay as they are.
 */
export function sourceMappedStack(stack: string): string {
  const maps = new Map<string, SourceMap | null>();
  const mapFor = (file: string): SourceMap | null => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file) ?? null;
  };
  return stack
    .split('\n')
    .map((line) => {
      const match = FRAME.exec(line);
      if (!match) return line;
      const [whole, open = '', location = '', lineText = '0', columnText = '0', close = ''] = match;
      const file = location.startsWith('file://') ? fileURLToPath(location) : location;
      const entry = mapFor(file)?.findEntry(Number(lineText) - 1, Number(columnText) - 1);
      if (!entry || !('originalSource' in entry) || !entry.originalSource) return line;
      const source = sourceName(dirname(file), entry.originalSource);
      return line.slice(0, line.length - whole.length) + `${open}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${close}`;
    })
    .join('\n');
}

/** `../../main/web/host.ts` from the map's folder becomes `main/web/host.ts`: the path in the project, on any machine. */
function sourceName(mapDir: string, source: string): string {
  const path = source.startsWith('file://') ? fileURLToPath(source) : resolve(mapDir, source);
  const inProject = /[\\/]((?:main|preload|renderer|node_modules)[\\/].*)$/.exec(path);
  return inProject?.[1]?.replaceAll('\\', '/') ?? path;
}
