import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import type { z } from 'zod';
import { decrypt, encryptedParts, parseDecryptedJson } from '../secrets/crypto';

/**
 * Secrets at rest in the database: values are sealed with AES-256-GCM under the vault's data key, bound to their
 * purpose (the table and row they belong to), and identifying values the schema must index or keep unique (MAC,
 * serial, external id, stream uid) are stored as keyed hashes, so the file reveals neither.
 */
export interface Sealer {
  /** Encrypts bytes or text; `purpose` (e.g. `outbox:<id>`) must be given again to open it. */
  seal(plaintext: Buffer | string, purpose: string): Buffer;
  open(blob: Uint8Array, purpose: string): Buffer;
  sealJson(value: unknown, purpose: string): Buffer;
  openJson<T>(blob: Uint8Array, purpose: string, schema: z.ZodType<T>, what: string): T;
  /** HMAC-SHA-256 of `value` under a key derived from the data key, domain-separated by `kind` (`mac`, `external-id`…). */
  hash(kind: string, value: string): Buffer;
}

export function createSealer(dataKey: Buffer): Sealer {
  // Key objects made once: a raw key is imported again on every cipher and HMAC, which was most of what sealing and
  // hashing one history row cost (a batch seals thousands, the 2,000,000-token bench two million).
  const sealKey = createSecretKey(dataKey);
  const indexKey = createSecretKey(Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'watchdesk database index keys v1', 32)));
  const encrypt = (plaintext: Buffer, purpose: string): Buffer => Buffer.concat(encryptedParts(sealKey, plaintext, purpose));
  return {
    seal: (plaintext, purpose) => encrypt(Buffer.isBuffer(plaintext) ? plaintext : Buffer.from(plaintext, 'utf8'), purpose),
    open: (blob, purpose) => decrypt(sealKey, Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength), purpose),
    sealJson: (value, purpose) => encrypt(Buffer.from(JSON.stringify(value), 'utf8'), purpose),
    openJson: (blob, purpose, schema, what) => parseDecryptedJson(decrypt(sealKey, Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength), purpose), schema, what),
    hash: (kind, value) => createHmac('sha256', indexKey).update(kind).update('\0').update(value).digest(),
  };
}

/** The sealer for the vault's current data key, made once per key (the keychain is asked once, not per row). */
export function createSealerSource(getDataKey: () => Promise<Buffer>): () => Promise<Sealer> {
  let made: { key: Buffer; sealer: Sealer } | null = null;
  return async () => {
    const key = await getDataKey();
    if (!made || !made.key.equals(key)) made = { key, sealer: createSealer(key) };
    return made.sealer;
  };
}
