import type { Migration } from '../migrate';

/** The columns an outbox entry keeps in its own row from this step on (its request moves to `outbox_requests`). */
const KEPT = 'seq, id, profile_id, external_id_hash, mac_hash, serial_hash, import_id, state, attempts, maybe_created, due_at, created_at, updated_at, cleared_at, discarded_at, outcome';

/**
 * The outbox's sealed requests in a table of their own, written once when entries are queued (and again only when a
 * request is edited or forgotten). An entry's row is rewritten on every change of state (marked as on the wire,
 * answered): with the request inside, each change rewrote about 800 bytes and every commit of an import's answers
 * rewrote five times as many table pages; now a row is about 200 bytes. The rows are copied into a new table (not
 * cut in place, which would leave every page mostly empty and as many pages to rewrite as before).
 *
 * The requests of the entries one transaction queues are sealed together, one row per group (see
 * repositories/outbox-request-groups.ts); an entry names its group (`request_seq`) and its place in it
 * (`request_index`). A request of step 12 stays sealed alone, as it was (under its entry's id, which no key is at hand
 * here to change): it is a group of its own whose `single` names its entry.
 *
 * `answer` holds a plain "created" answer in clear, without a sealed blob: the server's camera id, its status, the
 * folder's id and the archive settings. It reveals nothing the columns in clear do not: the answer's name, MAC,
 * serial and folder key are the request's own (sealed with it), and an answer whose words differ from the request's
 * is sealed whole in `outcome`, as every other outcome is.
 */
export const outboxRequestsApart: Migration = {
  version: 13,
  name: 'outbox requests apart from entry states',
  up(db) {
    db.exec(`CREATE TABLE outbox_entries_next (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      external_id_hash BLOB NOT NULL,
      mac_hash BLOB,
      serial_hash BLOB,
      import_id TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'retrying', 'needs-fixing', 'held', 'created')),
      attempts INTEGER NOT NULL DEFAULT 0,
      maybe_created INTEGER NOT NULL DEFAULT 0 CHECK (maybe_created IN (0, 1)),
      due_at INTEGER,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      cleared_at TEXT,
      discarded_at TEXT,
      request_seq INTEGER,
      request_index INTEGER,
      answer TEXT,
      outcome BLOB
    ) STRICT`);
    db.exec(`INSERT INTO outbox_entries_next (${KEPT}, request_seq) SELECT ${KEPT}, seq FROM outbox_entries ORDER BY seq`);
    db.exec(`CREATE TABLE outbox_requests (
      seq INTEGER PRIMARY KEY,
      body BLOB NOT NULL,
      single TEXT
    ) STRICT`);
    db.exec('INSERT INTO outbox_requests (seq, body, single) SELECT seq, body, id FROM outbox_entries ORDER BY seq');
    db.exec('DROP TABLE outbox_entries');
    db.exec('ALTER TABLE outbox_entries_next RENAME TO outbox_entries');
    // The indexes of steps 2, 11 and 12, as they were.
    db.exec('CREATE UNIQUE INDEX outbox_one_per_external_id ON outbox_entries (profile_id, external_id_hash) WHERE discarded_at IS NULL');
    db.exec("CREATE INDEX outbox_due ON outbox_entries (due_at, seq) WHERE state IN ('queued', 'retrying') AND discarded_at IS NULL");
    db.exec("CREATE INDEX outbox_retry ON outbox_entries (due_at) WHERE state = 'retrying' AND discarded_at IS NULL");
    db.exec('CREATE INDEX outbox_cleared ON outbox_entries (cleared_at) WHERE cleared_at IS NOT NULL');
    db.exec('CREATE INDEX outbox_by_state ON outbox_entries (state, discarded_at, cleared_at)');
    db.exec('CREATE INDEX outbox_by_import ON outbox_entries (import_id, state, discarded_at) WHERE import_id IS NOT NULL AND discarded_at IS NULL');
    db.exec("CREATE INDEX outbox_created ON outbox_entries (updated_at) WHERE state = 'created'");
    db.exec('CREATE INDEX outbox_discarded ON outbox_entries (discarded_at) WHERE discarded_at IS NOT NULL');
    db.exec('CREATE INDEX outbox_by_mac ON outbox_entries (profile_id, mac_hash) WHERE mac_hash IS NOT NULL AND discarded_at IS NULL');
    db.exec('CREATE INDEX outbox_by_serial ON outbox_entries (profile_id, serial_hash) WHERE serial_hash IS NOT NULL AND discarded_at IS NULL');
  },
};
