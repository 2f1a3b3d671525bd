import { closeSync, existsSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { log } from '../shared/log';

/**
 * When the start-up integrity check is worth its cost. A full `PRAGMA quick_check` reads every page (about a second
 * for a history of 2,000,000 tokens), so it runs only when damage is likely: after a run that did not close the
 * database (a kill, a crash, a power cut) or after damage was met while running. A clean close leaves nothing to
 * check: SQLite's WAL recovery makes a committed change whole, and any read still meets a damaged page and says so.
 */
export function inUseMarker(file: string): string {
  return `${file}.in-use`;
}

export function checkNextStartMarker(file: string): string {
  return `${file}.check-next-start`;
}

/** True when the last run left the database without a clean close, or asked for a check. */
export function checkIsDue(file: string): boolean {
  return existsSync(inUseMarker(file)) || existsSync(checkNextStartMarker(file));
}

/** Written and synced before the first change: a kill from here on leaves it behind. */
export function markInUse(file: string): void {
  writeMarker(inUseMarker(file), String(process.pid));
}

/**
 * After a clean close (and after a start whose check has run). A folder that turned read-only while running refuses
 * the removal: the database is closed all the same, so closing goes on (the next start only runs its check once more).
 */
export function clearMarker(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch (error) {
    log.warn('storage', `could not remove ${path}: ${String(error)}`);
  }
}

/** Damage met while running: the next start checks the whole file and sets it aside if need be. */
export function askForCheck(file: string): void {
  try {
    writeMarker(checkNextStartMarker(file), new Date().toISOString());
  } catch {
    // A folder that refuses even this small file is told by the failure itself; the in-use marker still stands.
  }
}

function writeMarker(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
