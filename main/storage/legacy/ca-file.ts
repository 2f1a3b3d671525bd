import { MAX_CA_FILE_BYTES } from '../../../preload/contract/wire/ca-certificate';
import { readSmallFile } from '../../shared/read-small-file';
import { readCaFile } from '../../profiles/ca-certificates';

/**
 * Profiles once kept their custom CA as a file path (`tls.caFile`), typed in the form, which let the renderer make
 * main read any file. They keep the PEM text now. A profile saved the old way is taken over once, when profiles.json
 * is loaded: the file it names is read a single time; if it holds a valid certificate, the profile keeps its text; if
 * not (gone, unreadable, not a certificate, too large), the profile is marked `caNeeded` and its CA must be pasted or
 * chosen again. Every such case reads the same, so nothing tells which paths exist.
 */

export type CaFileMigration = 'none' | 'taken-over' | 'ca-needed';

interface LegacyCaTrust {
  mode: 'ca';
  caFile: string;
}

function legacyTrust(entry: unknown): LegacyCaTrust | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const tls = (entry as { tls?: unknown }).tls;
  if (typeof tls !== 'object' || tls === null) return null;
  const { mode, caFile, caPem } = tls as { mode?: unknown; caFile?: unknown; caPem?: unknown };
  return mode === 'ca' && typeof caFile === 'string' && caPem === undefined ? { mode, caFile } : null;
}

/** A profiles.json entry in today's shape, and what was done to it. Entries without a CA path pass unchanged. */
export async function migrateCaFile(entry: unknown): Promise<{ entry: unknown; migration: CaFileMigration }> {
  const legacy = legacyTrust(entry);
  if (!legacy) return { entry, migration: 'none' };
  const record = entry as Record<string, unknown>;
  let caPem: string | null = null;
  const file = legacy.caFile.trim() === '' ? null : await readSmallFile(legacy.caFile, MAX_CA_FILE_BYTES);
  if (file?.ok) {
    try {
      caPem = readCaFile(file.bytes)?.caPem ?? null;
    } catch {
      caPem = null;
    }
  }
  if (caPem !== null) return { entry: { ...record, tls: { mode: 'ca', caPem } }, migration: 'taken-over' };
  // Until the CA is given again no connection is made (see connections.ts); the strictest trust stands meanwhile.
  const { lastTest: _lastTest, ...rest } = record;
  return { entry: { ...rest, tls: { mode: 'system' }, caNeeded: true }, migration: 'ca-needed' };
}
