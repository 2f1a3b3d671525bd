import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file (not folder) under `dir`, at any depth, as full paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
