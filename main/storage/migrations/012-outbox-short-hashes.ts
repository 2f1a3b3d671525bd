import type { Migration } from '../migrate';

/**
 * The outbox's keyed hashes (external id, MAC, serial) cut to their first 16 bytes, as the repository now makes them
 * (see KEY_HASH_BYTES in repositories/outbox-camera-keys.ts). A truncated HMAC is the prefix of the whole one, so no key is needed
 * here; the three indexes over them are rebuilt at half their size, and every commit of an import rewrites fewer of
 * their pages.
 */
export const outboxShortHashes: Migration = {
  version: 12,
  name: 'outbox keyed hashes of 16 bytes',
  up(db) {
    db.exec(`UPDATE outbox_entries SET
      external_id_hash = substr(external_id_hash, 1, 16),
      mac_hash = substr(mac_hash, 1, 16),
      serial_hash = substr(serial_hash, 1, 16)`);
    db.exec('REINDEX outbox_one_per_external_id');
    db.exec('REINDEX outbox_by_mac');
    db.exec('REINDEX outbox_by_serial');
  },
};
