import type { Storage } from './storage';

/** What a reader made of each row it could read, and why the others could not be read. */
export interface ReadRows<T> {
  kept: T[];
  failures: unknown[];
}

/** Each row made into what `read` makes of it; a row it cannot read is set apart with its error. */
export function readEach<R, T>(rows: readonly R[], read: (row: R) => T, into: ReadRows<T> = { kept: [], failures: [] }): ReadRows<T> {
  for (const row of rows) {
    try {
      into.kept.push(read(row));
    } catch (error) {
      into.failures.push(error);
    }
  }
  return into;
}

/**
 * The rows read, the others left out and told to the operator through `storage.unreadable` (they stay in the file as
 * they are). `sealed`: the rows are sealed with the vault's data key; when not one of them opened, the likely cause is
 * the key (a keychain that holds another one), not damage, and the reader's own refusal is thrown, as it says what to
 * do then.
 */
export function keepReadable<T>(storage: Pick<Storage, 'unreadable'>, table: string, { kept, failures }: ReadRows<T>, sealed = false): T[] {
  if (sealed && failures.length > 0 && kept.length === 0) throw failures[0];
  for (const error of failures) storage.unreadable(table, error);
  return kept;
}

/**
 * Each row of `table` made into what its reader makes of it, leaving out the rows it cannot read (their JSON or seal
 * damaged on disk): one damaged row must not hide every other row of the screen, nor stop the console from starting.
 */
export function readableRows<R, T>(storage: Pick<Storage, 'unreadable'>, table: string, rows: readonly R[], read: (row: R) => T, sealed = false): T[] {
  return keepReadable(storage, table, readEach(rows, read), sealed);
}
