import type { Storage } from './storage';

/**
 * Each row of `table` made into what its reader makes of it, leaving out the rows it cannot read (their JSON or seal
 * damaged on disk): one damaged row must not hide every other row of the screen, nor stop the console from starting.
 * The rows left out are told to the operator through `storage.unreadable` and stay in the file as they are.
 *
 * `sealed`: the rows are sealed with the vault's data key. When not one of them opens, the likely cause is the key
 * (a keychain that holds another one), not damage: the reader's own refusal is thrown, as it says what to do then.
 */
export function readableRows<R, T>(storage: Pick<Storage, 'unreadable'>, table: string, rows: readonly R[], read: (row: R) => T, sealed = false): T[] {
  const kept: T[] = [];
  const failures: unknown[] = [];
  for (const row of rows) {
    try {
      kept.push(read(row));
    } catch (error) {
      failures.push(error);
    }
  }
  if (sealed && failures.length > 0 && kept.length === 0) throw failures[0];
  for (const error of failures) storage.unreadable(table, error);
  return kept;
}
