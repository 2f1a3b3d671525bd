import type { Migration } from '../migrate';

/**
 * An import's counts read from its index alone. The index of step 2 lacked `discarded_at`, so counting an import's
 * live rows by state looked up every one of its rows in the table: a few milliseconds per 10,000-row import on every
 * outbox change while it is followed. Now it holds live rows only (what every read by import asks for), by state;
 * `discarded_at` is a column of it too (always empty there), or SQLite would still read the table to test it.
 */
export const outboxImportCounts: Migration = {
  version: 11,
  name: 'outbox import counts from the index',
  up(db) {
    db.exec('DROP INDEX outbox_by_import');
    db.exec('CREATE INDEX outbox_by_import ON outbox_entries (import_id, state, discarded_at) WHERE import_id IS NOT NULL AND discarded_at IS NULL');
  },
};
