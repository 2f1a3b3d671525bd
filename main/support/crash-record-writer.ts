import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { scrubText, scrubValue } from '../shared/secret-scrub';
import { sourceMappedStack } from './source-mapped-stack';

/** `<data folder>/crashes/crash-<time>-<pid>.json`, the newest few kept. */
export const CRASH_FOLDER = 'crashes';
export const CRASH_RECORDS_KEPT = 20;

export const crashKinds = ['uncaught-exception', 'unhandled-rejection', 'renderer-gone', 'renderer-unresponsive'] as const;

/** One crash record as written (no zod here: the writer is loaded at start by both hosts, and must stay light). */
export interface CrashRecord {
  at: string;
  kind: (typeof crashKinds)[number];
  host: 'electron' | 'web';
  version: string;
  /** The error's class (or the renderer's exit reason), its message and its stack mapped to the TypeScript sources. */
  name: string;
  message: string;
  stack: string | null;
  /** What else was known (a renderer's exit code). */
  details?: Record<string, string>;
}

export interface CrashInput {
  kind: CrashRecord['kind'];
  host: CrashRecord['host'];
  error?: unknown;
  /** Used when there is no error object (a renderer that went away). */
  name?: string;
  message?: string;
  details?: Record<string, string>;
}

/** What an error says about itself, whatever was thrown (rejections often carry strings or plain objects). */
function describe(error: unknown): { name: string; message: string; stack: string | null } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ? sourceMappedStack(error.stack) : null };
  return { name: typeof error, message: String(error), stack: null };
}

/**
 * Writes a crash record, synchronously (the process may be in a bad way; nothing waits on a promise), scrubbed of
 * every registered secret and `?token=` value, then drops all but the newest records. Returns the file written, or
 * null when the folder could not be written (the log still has the line).
 */
export function writeCrashRecord(dataDir: string, input: CrashInput, now = new Date()): string | null {
  const described = input.error === undefined ? { name: input.name ?? input.kind, message: input.message ?? '', stack: null } : describe(input.error);
  const record: CrashRecord = scrubValue({
    at: now.toISOString(),
    kind: input.kind,
    host: input.host,
    version: pkg.version,
    name: described.name,
    message: described.message,
    stack: described.stack,
    ...(input.details ? { details: input.details } : {}),
  });
  const folder = join(dataDir, CRASH_FOLDER);
  const file = join(folder, `crash-${record.at.replace(/[:.]/g, '-')}-${process.pid}-${Math.random().toString(36).slice(2, 6)}.json`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(file, scrubText(JSON.stringify(record, null, 2)), { mode: 0o600 });
    for (const old of recordFiles(folder).slice(CRASH_RECORDS_KEPT)) rmSync(join(folder, old), { force: true });
    return file;
  } catch {
    return null;
  }
}

/** Record file names, newest first (their names start with the time). */
export function recordFiles(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.startsWith('crash-') && name.endsWith('.json'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}
