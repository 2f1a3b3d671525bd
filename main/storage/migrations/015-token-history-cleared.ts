import type { Migration } from '../migrate';

/**
 * Clearing the token history can be undone: the clear keeps a watermark instead of deleting at once. Rows numbered up
 * to `upto` are cleared (no read shows them, the counts leave them out) until they are purged in slices once the clear
 * can no longer be undone; `undo_upto` is what an undo sets the watermark back to (NULL: nothing to undo) and
 * `undo_entries` the count it brings back. No row: nothing was ever cleared (a salvage copies a kept one over as it is).
 */
export const tokenHistoryCleared: Migration = {
  version: 15,
  name: 'token history cleared, for its undo',
  up(db) {
    db.exec(`CREATE TABLE token_history_cleared (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      upto INTEGER NOT NULL,
      undo_upto INTEGER,
      undo_entries INTEGER NOT NULL
    ) STRICT`);
  },
};
