import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { issueMessage } from '../shared/zod-errors';

/**
 * Encryption at rest for secrets (sealed rows of the database, and the files of earlier versions read once).
 * Blob format: 1 version byte | 12-byte IV | 16-byte GCM tag | ciphertext.
 */
export const FORMAT_VERSION = 1;
export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;
export const HEADER_LENGTH = 1 + IV_LENGTH + TAG_LENGTH;
export const DATA_KEY_LENGTH = 32;


function checkKey(key: Buffer | KeyObject): void {
  const length = Buffer.isBuffer(key) ? key.length : key.symmetricKeySize;
  if (length !== DATA_KEY_LENGTH) {
    throw new AppFailure('Internal', said('errors.vault.wrongKeyLength'), {
      details: `expected ${DATA_KEY_LENGTH} bytes, got ${length}`,
    });
  }
}

/** AES-256-GCM with a fresh random IV. `aad` binds the blob to its purpose: decrypting with another aad fails. */
export function encrypt(key: Buffer, plaintext: Buffer, aad?: string): Buffer {
  return Buffer.concat(encryptedParts(key, plaintext, aad));
}

/**
 * `encrypt` as its two parts, the header (version, IV, tag) and the ciphertext, for a caller that writes them one
 * after the other: a blob of megabytes is then not copied once more only to be joined to 29 bytes. The key may be a
 * KeyObject made once (`createSecretKey`) by a caller that encrypts often: a Buffer is imported anew on every call.
 */
export function encryptedParts(key: Buffer | KeyObject, plaintext: Buffer, aad?: string): [header: Buffer, ciphertext: Buffer] {
  checkKey(key);
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = cipher.update(plaintext);
  const last = cipher.final();
  const ciphertext = last.length === 0 ? body : Buffer.concat([body, last]);
  return [Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag()]), ciphertext];
}

/**
 * Reverses `encrypt`. Any change to the blob, a wrong key or a different aad throws
 * AppFailure('Internal', "The encrypted file could not be read (wrong key or damaged).").
 */
export function decrypt(key: Buffer | KeyObject, blob: Buffer, aad?: string): Buffer {
  checkKey(key);
  if (blob.length < HEADER_LENGTH) {
    throw new AppFailure('Internal', said('errors.vault.unreadable'), { details: `blob too short (${blob.length} bytes)` });
  }
  const version = blob[0];
  if (version !== FORMAT_VERSION) {
    throw new AppFailure('Internal', said('errors.vault.unreadable'), { details: `unknown format version ${String(version)}` });
  }
  const iv = blob.subarray(1, 1 + IV_LENGTH);
  const tag = blob.subarray(1 + IV_LENGTH, HEADER_LENGTH);
  const ciphertext = blob.subarray(HEADER_LENGTH);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new AppFailure('Internal', said('errors.vault.unreadable'), { details: 'authentication tag mismatch' });
  }
}

/**
 * Decrypts one blob of `fileName` (the whole file, or one record of it) and checks its JSON against `schema`. Each
 * failure is AppFailure('Internal') with a sentence for people and the file name in the details.
 */
export function decryptJson<T>(key: Buffer, blob: Buffer, aad: string, schema: z.ZodType<T>, fileName: string, part = 'the file'): T {
  return parseDecryptedJson(decrypt(key, blob, aad), schema, fileName, part);
}

/** The second half of `decryptJson`, for a caller that decrypts first and parses later (or not at all). */
export function parseDecryptedJson<T>(plaintext: Buffer, schema: z.ZodType<T>, fileName: string, part = 'the file'): T {
  let json: unknown;
  try {
    json = JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new AppFailure('Internal', said('errors.vault.unreadable'), { details: `${fileName}: ${part} is not JSON after decryption` });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppFailure('Internal', said('errors.vault.unknownContent', { file: fileName }), {
      details: `${fileName}, ${part}: ${describeIssues(parsed.error)}`,
    });
  }
  return parsed.data;
}

/** The value to write, checked against `schema` first: invalid data is refused, never saved. */
export function checkedForSaving<T>(schema: z.ZodType<T>, value: T, fileName: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppFailure('Internal', said('errors.vault.refuseSave', { file: fileName }), { details: describeIssues(parsed.error) });
  }
  return parsed.data;
}

/** The first few schema problems, for support: a damaged file of 20,000 entries must not make a megabyte of detail. */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issueMessage(issue)}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
