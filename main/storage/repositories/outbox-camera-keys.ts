import { normalizeMac } from '../../../preload/contract/camera/mac';
import type { CameraCreateRequest, OutboxEntry, OutboxState } from '../../../preload/contract/onboarding';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';

export type CameraKeyKind = 'mac' | 'serial' | 'external-id';

/** A camera this console already has for a profile: which identifier matched and where its entry is. */
export interface KnownCamera {
  kind: CameraKeyKind;
  state: OutboxState;
  cleared: boolean;
}

/**
 * The live entries with one identifier, through its index; a created one first. MAC and serial are found by the first
 * bytes of their hash (the index holds only those, schema step 14), then matched whole, with the profile, in the row.
 */
const KNOWN: Record<CameraKeyKind, string> = {
  mac: "SELECT state, cleared_at FROM outbox_entries INDEXED BY outbox_by_mac WHERE substr(mac_hash, 1, 4) = ? AND mac_hash IS NOT NULL AND discarded_at IS NULL AND mac_hash = ? AND profile_id = ? ORDER BY state = 'created' DESC LIMIT 1",
  serial: "SELECT state, cleared_at FROM outbox_entries INDEXED BY outbox_by_serial WHERE substr(serial_hash, 1, 4) = ? AND serial_hash IS NOT NULL AND discarded_at IS NULL AND serial_hash = ? AND profile_id = ? ORDER BY state = 'created' DESC LIMIT 1",
  'external-id': "SELECT state, cleared_at FROM outbox_entries WHERE profile_id = ? AND external_id_hash = ? AND discarded_at IS NULL ORDER BY state = 'created' DESC LIMIT 1",
};
/** KNOWN for entries other than one (a change to that entry's own request). */
const OTHER = Object.fromEntries(Object.entries(KNOWN).map(([kind, sql]) => [kind, sql.replace(' ORDER BY', ' AND id <> ? ORDER BY')])) as Record<CameraKeyKind, string>;
/** KNOWN for entries still in the outbox: queued, on the wire or waiting, not created. */
const PENDING = Object.fromEntries(Object.entries(KNOWN).map(([kind, sql]) => [kind, sql.replace("ORDER BY state = 'created' DESC", "AND state <> 'created'")])) as Record<CameraKeyKind, string>;

/**
 * Whether an entry discarded under a mark has a MAC or serial that another live entry of its profile has now (queued
 * again since, under another external id; the unique index tells a taken external id). Each through the index, as
 * in KNOWN.
 */
const TAKEN_SINCE = `SELECT 1 FROM outbox_entries AS d INDEXED BY outbox_discarded WHERE d.discarded_at = ? AND (
  (d.mac_hash IS NOT NULL AND EXISTS (SELECT 1 FROM outbox_entries AS o INDEXED BY outbox_by_mac WHERE substr(o.mac_hash, 1, 4) = substr(d.mac_hash, 1, 4)
    AND o.mac_hash IS NOT NULL AND o.discarded_at IS NULL AND o.mac_hash = d.mac_hash AND o.profile_id = d.profile_id))
  OR (d.serial_hash IS NOT NULL AND EXISTS (SELECT 1 FROM outbox_entries AS o INDEXED BY outbox_by_serial WHERE substr(o.serial_hash, 1, 4) = substr(d.serial_hash, 1, 4)
    AND o.serial_hash IS NOT NULL AND o.discarded_at IS NULL AND o.serial_hash = d.serial_hash AND o.profile_id = d.profile_id))
) LIMIT 1`;

/** Bytes of a MAC or serial hash its index keeps: the `4` of `substr(…, 1, 4)` above and in schema step 14. */
const PREFIX_BYTES = 4;

/**
 * Bytes kept of each keyed hash (HMAC-SHA-256, truncated): 128 bits keep two cameras apart as surely as the whole 256
 * (a chance collision would need about 2^64 entries), and index entries half as long mean each commit of an import
 * rewrites fewer index pages (schema step 12 cut the hashes saved before).
 */
const KEY_HASH_BYTES = 16;

/** The identifiers of a request as the schema compares them: MAC in colon form, serial and external id trimmed. */
export function cameraKeysOf(request: CameraCreateRequest): Array<[CameraKeyKind, string]> {
  const keys: Array<[CameraKeyKind, string]> = [];
  const mac = request.mac ? (normalizeMac(request.mac) ?? request.mac.trim()).toLowerCase() : '';
  if (mac) keys.push(['mac', mac]);
  const serial = request.serial_number?.trim().toLowerCase();
  if (serial) keys.push(['serial', serial]);
  const external = request.external_id?.trim();
  if (external) keys.push(['external-id', external]);
  return keys;
}

/** The keyed hashes the outbox indexes cameras by, and the look-up of cameras already known through them. */
export class CameraKeys {
  /**
   * Keyed hashes made by checks of known cameras lately, by kind and value: an import hashes each row's MAC, serial
   * and external id when it is checked, and needs them again when it is queued (an HMAC costs more than its row's
   * lookup). Only checks keep theirs: a queueing without a check would only fill it.
   */
  readonly #checked = new Map<string, Buffer>();

  constructor(
    private readonly storage: Storage,
    private readonly sealer: Sealer,
  ) {}

  #keyHash(kind: CameraKeyKind, value: string, keep = false): Buffer {
    if (!keep && this.#checked.size === 0) return this.sealer.hash(kind, value, KEY_HASH_BYTES);
    const key = `${kind}\0${value}`;
    let hash = this.#checked.get(key);
    if (!hash) {
      hash = this.sealer.hash(kind, value, KEY_HASH_BYTES);
      if (keep) {
        if (this.#checked.size >= 30_000) this.#checked.clear();
        this.#checked.set(key, hash);
      }
    }
    return hash;
  }

  /** The keyed hashes of an entry's external id (its entry id when it has none), MAC and serial. */
  hashesOf(entry: OutboxEntry): [Buffer, Buffer | null, Buffer | null] {
    const hashes: Partial<Record<CameraKeyKind, Buffer>> = {};
    for (const [kind, value] of cameraKeysOf(entry.request)) hashes[kind] = this.#keyHash(kind, value);
    return [hashes['external-id'] ?? this.#keyHash('external-id', entry.id), hashes.mac ?? null, hashes.serial ?? null];
  }

  /** True when an entry discarded under `mark` has a MAC or serial another live entry of its profile has now. */
  takenSince(mark: string): boolean {
    return this.storage.statement(TAKEN_SINCE).get(mark) !== undefined;
  }

  /**
   * Which identifier of `request` this profile already has a live entry for (queued, sent or created), if any; with
   * `pendingOnly`, a live entry not created (still to be sent, on the wire, waiting or to be fixed); with `except`, an
   * entry other than that one.
   */
  known(profileId: string, request: CameraCreateRequest, pendingOnly = false, except?: string): KnownCamera | null {
    for (const [kind, value] of cameraKeysOf(request)) {
      const hash = this.#keyHash(kind, value, true);
      const params: Array<Buffer | string> = kind === 'external-id' ? [profileId, hash] : [hash.subarray(0, PREFIX_BYTES), hash, profileId];
      if (except !== undefined) params.push(except);
      const row = this.storage.statement((except !== undefined ? OTHER : pendingOnly ? PENDING : KNOWN)[kind]).get(...params) as { state: OutboxState; cleared_at: string | null } | undefined;
      if (row) return { kind, state: row.state, cleared: row.cleared_at !== null };
    }
    return null;
  }
}
