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
    db.exec('CREATE INDEX token_history_stream ON token_history (stream_hash, seq)');
    db.exec('CREATE INDEX token_history_user ON token_history (user_hash, seq) WHERE user_hash IS NOT NULL');
    db.exec('CREATE INDEX token_history_batch ON token_history (batch_seq, seq) WHERE batch_seq IS NOT NULL');
    db.exec(`CREATE TABLE token_history_counts (
      name TEXT PRIMARY KEY CHECK (name IN ('entries')),
      n INTEGER NOT NULL
    ) STRICT`);
    db.exec("INSERT INTO token_history_counts (name, n) VALUES ('entries', 0)");
  },
};
