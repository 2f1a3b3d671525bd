import type { Migration } from '../migrate';

/**
 * The token desk's history and batches. Each issued token is one row whose whole record (token, stream, user, note…)
 * is sealed, bound to its row; in clear are only its order, its time and numeric ids. Stream uid and user id are
 * keyed hashes (16 bytes of the HMAC), so "every token of this stream / this user" is an index lookup, not a
 * decryption of the whole history. The counts table is updated in the same transaction as the rows, so opening a
 * history of millions of tokens never counts them (a per-row trigger would do the same at twice the cost of a row).
 */
export const tokenHistory: Migration = {
  version: 4,
  name: 'token history and batches',
  up(db) {
    db.exec(`CREATE TABLE token_batches (
      seq INTEGER PRIMARY KEY,
      uid TEXT NOT NULL UNIQUE,
      started_at INTEGER NOT NULL,
      total INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('running', 'finished', 'dismissed')),
      record BLOB NOT NULL,
      export BLOB,
      export_rows INTEGER,
      exported_at INTEGER
    ) STRICT`);
    db.exec('CREATE INDEX token_batches_running ON token_batches (state) WHERE state = \'running\'');
    db.exec('CREATE INDEX token_batches_exports ON token_batches (exported_at) WHERE export IS NOT NULL');
    db.exec(`CREATE TABLE token_history (
      seq INTEGER PRIMARY KEY,
      issued_at INTEGER NOT NULL,
      stream_hash BLOB NOT NULL,
      user_hash BLOB,
      batch_seq INTEGER,
      record BLOB NOT NULL
    ) STRICT`);
    // The stream lookup lives in its own table, filled behind the batches (see the repository's indexStreams): keys
    // that are random hashes land on a different page each, and a commit of a batch's rows that also wrote those pages
    // cost five times what the rows did. Rows not in it yet are found by a short range scan of the newest rows.
    db.exec(`CREATE TABLE token_history_streams (
      stream_hash BLOB NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (stream_hash, seq)
    ) STRICT, WITHOUT ROWID`);
    db.exec('CREATE INDEX token_history_user ON token_history (user_hash, seq) WHERE user_hash IS NOT NULL');
    db.exec('CREATE INDEX token_history_batch ON token_history (batch_seq, seq) WHERE batch_seq IS NOT NULL');
    db.exec(`CREATE TABLE token_history_counts (
      name TEXT PRIMARY KEY CHECK (name IN ('entries', 'streams_indexed_upto')),
      n INTEGER NOT NULL
    ) STRICT`);
    db.exec("INSERT INTO token_history_counts (name, n) VALUES ('entries', 0), ('streams_indexed_upto', 0)");
  },
};
