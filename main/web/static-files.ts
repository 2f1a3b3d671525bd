import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { mimeTypes } from './security-headers';

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/**
 * Reads a file of the built renderer for a URL path, refusing anything that escapes the folder. Unknown paths fall
 * back to index.html (the renderer routes by hash, so this only matters for a reload).
 */
export async function readRendererFile(rendererDir: string, urlPath: string): Promise<StaticFile | null> {
  const relative = decodeURIComponent(urlPath.split('?')[0] ?? '/').replace(/^\/+/, '') || 'index.html';
  const root = normalize(rendererDir + sep);
  const full = normalize(join(root, relative));
  if (!full.startsWith(root)) return null;
  try {
    return { body: await readFile(full), contentType: mimeTypes[extname(full)] ?? 'application/octet-stream' };
  } catch {
    if (extname(relative) !== '') return null;
    try {
      return { body: await readFile(join(root, 'index.html')), contentType: mimeTypes['.html']! };
    } catch {
      return null;
    }
  }
}
