import type { Migration } from '../migrate';

/**
 * The token desk's history and batches. Each issued token is one row whose whole record (token, stream, user, note…)
 * is sealed, bound to its row; in clear are only its order, its time and numeric ids. Stream uid and user id are
 * keyed hashes (16 bytes of the HMAC), so "every token of this stream / this user" is an index lookup, not a
 * decryption of the whole history. The counts table is updated in the same transaction as the rows, so opening a
 * history of millions of tokens never counts them.
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
      name TEXT PRIMARY KEY CHECK (name IN ('entries', 'next_seq')),
      n INTEGER NOT NULL
    ) STRICT`);
    db.exec("INSERT INTO token_history_counts (name, n) VALUES ('entries', 0), ('next_seq', 1)");
    // Kept by a trigger rather than by the repository alone: rows copied out of a damaged database (salvage) count too.
    // Deletes adjust the count in the repository, in the same transaction (a clear of millions is one statement).
    db.exec(`CREATE TRIGGER token_history_counted AFTER INSERT ON token_history BEGIN
      UPDATE token_history_counts SET n = n + 1 WHERE name = 'entries';
      UPDATE token_history_counts SET n = max(n, NEW.seq + 1) WHERE name = 'next_seq';
    END`);
  },
};
