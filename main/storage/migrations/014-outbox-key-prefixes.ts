import type { Migration } from '../migrate';

/**
 * The outbox's MAC and serial indexes keep the first 4 bytes of each keyed hash, and no profile: an index entry of
 * about 14 bytes instead of 30 (more with a long profile id). Their hashes are random, so each commit of an import
 * rewrote nearly every page of both indexes; pages half as many are half the writes. A look-up reads the few rows
 * with that prefix (one, but for one chance in 2^32 per camera queued) and keeps the one whose whole hash and profile
 * match (see KNOWN in repositories/outbox-camera-keys.ts): the rows still hold the whole 16-byte hashes, so what
 * counts as the same camera does not change. The external id's unique index keeps both: it is the uniqueness.
 */
export const outboxKeyPrefixes: Migration = {
  version: 14,
  name: 'outbox MAC and serial indexes on hash prefixes',
  up(db) {
    db.exec('DROP INDEX outbox_by_mac');
    db.exec('DROP INDEX outbox_by_serial');
    db.exec('CREATE INDEX outbox_by_mac ON outbox_entries (substr(mac_hash, 1, 4)) WHERE mac_hash IS NOT NULL AND discarded_at IS NULL');
    db.exec('CREATE INDEX outbox_by_serial ON outbox_entries (substr(serial_hash, 1, 4)) WHERE serial_hash IS NOT NULL AND discarded_at IS NULL');
  },
};
