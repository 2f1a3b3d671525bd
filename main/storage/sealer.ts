import { createCipheriv, createHmac, createSecretKey, hkdfSync, randomFillSync, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { decrypt, FORMAT_VERSION, HEADER_LENGTH, IV_LENGTH, parseDecryptedJson, TAG_LENGTH } from '../secrets/crypto';
import { startSealWorker, type SealWorker } from './seal-worker';

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
  /**
   * HMAC-SHA-256 of `value` under a key derived from the data key, domain-separated by `kind` (`mac`, `external-id`…);
   * its first `bytes` bytes when given (a truncated HMAC is the whole one's prefix).
   */
  hash(kind: string, value: string, bytes?: number): Buffer;
  /**
   * `sealJson` of each value and `hash` of each [kind, value], many at once: on a worker thread for a large group (a
   * token batch's history rows), in this thread for a few or when the worker is gone. Same blobs, same hashes.
   */
  sealMany(values: ReadonlyArray<{ value: unknown; purpose: string }>, hashes: ReadonlyArray<[kind: string, value: string]>): Promise<{ sealed: Buffer[]; hashed: Buffer[] }>;
}

/** IVs drawn from the system's random source at a time: one call per 256 seals instead of one per seal. */
const IVS_PER_DRAW = 256;
/** Below this many values a group is sealed in this thread: a message to the worker and back costs more. */
const WORKER_FROM = 64;

/** The index key: the data key's HKDF for keyed hashes, so a hash reveals nothing about the data key. */
function indexKeyOf(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'watchdesk database index keys v1', 32));
}

/**
 * Seals `plaintext` with a fresh random IV into one buffer in the blob format of main/secrets/crypto.ts (version
 * byte, IV, GCM tag, ciphertext), no header and body joined afterwards. The IVs come from a pool refilled in one
 * draw: a random IV per seal, as before, at a fraction of the calls.
 */
function sealerOf(key: KeyObject): (plaintext: Buffer, purpose: string) => Buffer {
  const ivs = Buffer.alloc(IV_LENGTH * IVS_PER_DRAW);
  let used = IVS_PER_DRAW;
  return (plaintext, purpose) => {
    if (used === IVS_PER_DRAW) {
      randomFillSync(ivs);
      used = 0;
    }
    const blob = Buffer.allocUnsafe(HEADER_LENGTH + plaintext.length);
    blob[0] = FORMAT_VERSION;
    // Each IV is used once: copied into its blob, and its slot of the pool is drawn again before any reuse.
    const iv = blob.subarray(1, 1 + IV_LENGTH);
    ivs.copy(iv, 0, used * IV_LENGTH, (used + 1) * IV_LENGTH);
    used += 1;
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const written = cipher.update(plaintext).copy(blob, HEADER_LENGTH);
    // GCM is a stream mode: final() adds nothing, and the ciphertext is exactly as long as the plaintext.
    if (cipher.final().length !== 0 || written !== plaintext.length) throw new Error('AES-GCM produced an unexpected length');
    cipher.getAuthTag().copy(blob, 1 + IV_LENGTH);
    return blob;
  };
}

/**
 * HMAC-SHA-256 under `key` of `kind`, a zero byte and `value` (the domain-separated form every stored keyed hash has),
 * cut to its first `bytes` bytes when given. The key is imported once: a Buffer key is imported again per HMAC.
 * Keyed hashes saved in databases must never change: the sealer's tests pin their bytes.
 */
export function hmacOf(key: Buffer): (kind: string, value: string, bytes?: number) => Buffer {
  const imported = createSecretKey(key);
  return (kind, value, bytes) => {
    const digest = createHmac('sha256', imported).update(kind).update('\0').update(value).digest();
    return bytes === undefined ? digest : digest.subarray(0, bytes);
  };
}

export function createSealer(dataKey: Buffer): Sealer {
  // Key objects made once: a Buffer key is imported again on every cipher and HMAC, which cost more than sealing a row.
  const key = createSecretKey(dataKey);
  const indexBytes = indexKeyOf(dataKey);
  const seal = sealerOf(key);
  const bytes = (blob: Uint8Array) => Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const hash = hmacOf(indexBytes);
  const sealJson = (value: unknown, purpose: string): Buffer => seal(Buffer.from(JSON.stringify(value), 'utf8'), purpose);
  let worker: SealWorker | null = null;
  return {
    seal: (plaintext, purpose) => seal(Buffer.isBuffer(plaintext) ? plaintext : Buffer.from(plaintext, 'utf8'), purpose),
    open: (blob, purpose) => decrypt(key, bytes(blob), purpose),
    sealJson,
    openJson: (blob, purpose, schema, what) => parseDecryptedJson(decrypt(key, bytes(blob), purpose), schema, what),
    hash,
    async sealMany(values, hashes) {
      const here = () => ({ sealed: values.map((one) => sealJson(one.value, one.purpose)), hashed: hashes.map(([kind, value]) => hash(kind, value)) });
      if (values.length + hashes.length < WORKER_FROM) return here();
      // The JSON is made here (the values are this thread's objects); the cipher and the HMACs run on the worker.
      worker ??= startSealWorker(dataKey, indexBytes);
      try {
        return await worker.run(
          values.map((one) => JSON.stringify(one.value)),
          values.map((one) => one.purpose),
          hashes.map(([kind, value]) => [kind, value]),
        );
      } catch {
        // The worker is gone (told in the log once): sealed here instead, the same blobs.
        return here();
      }
    },
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
