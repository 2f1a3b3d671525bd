import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEncryptedJsonStore, decrypt, encrypt } from '../../../main/secrets/crypto';
import { AppFailure } from '../../../main/shared/app-failure';
import { failureOfSync } from '../../support/failure';

const key = randomBytes(32);
const plaintext = Buffer.from('ONVIF password: hunter2', 'utf8');

describe('encrypt / decrypt', () => {
  it('round-trips the plaintext', () => {
    expect(decrypt(key, encrypt(key, plaintext)).equals(plaintext)).toBe(true);
  });

  it('round-trips with associated data', () => {
    expect(decrypt(key, encrypt(key, plaintext, 'outbox'), 'outbox').toString()).toBe(plaintext.toString());
  });

  it('writes version 1, a 12-byte IV and a 16-byte tag before the ciphertext', () => {
    const blob = encrypt(key, plaintext);
    expect(blob[0]).toBe(1);
    expect(blob.length).toBe(1 + 12 + 16 + plaintext.length);
    expect(blob.includes(plaintext)).toBe(false);
  });

  it('uses a fresh IV every time', () => {
    expect(encrypt(key, plaintext).equals(encrypt(key, plaintext))).toBe(false);
  });

  it('detects a changed ciphertext byte', () => {
    const blob = encrypt(key, plaintext);
    blob[blob.length - 1]! ^= 0x01;
    const failure = failureOfSync(() => decrypt(key, blob));
    expect(failure.kind).toBe('Internal');
    expect(failure.message).toBe('The encrypted file could not be read (wrong key or damaged).');
  });

  it('detects a changed tag', () => {
    const blob = encrypt(key, plaintext);
    blob[20]! ^= 0x80;
    expect(failureOfSync(() => decrypt(key, blob)).kind).toBe('Internal');
  });

  it('refuses the wrong key', () => {
    expect(failureOfSync(() => decrypt(randomBytes(32), encrypt(key, plaintext))).message).toMatch(/wrong key or damaged/);
  });

  it('refuses different associated data', () => {
    expect(failureOfSync(() => decrypt(key, encrypt(key, plaintext, 'history'), 'outbox')).kind).toBe('Internal');
  });

  it('refuses a truncated blob', () => {
    expect(failureOfSync(() => decrypt(key, encrypt(key, plaintext).subarray(0, 20))).kind).toBe('Internal');
  });

  it('refuses an unknown format version', () => {
    const blob = encrypt(key, plaintext);
    blob[0] = 2;
    expect(failureOfSync(() => decrypt(key, blob)).kind).toBe('Internal');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(failureOfSync(() => encrypt(randomBytes(16), plaintext)).kind).toBe('Internal');
  });
});

describe('createEncryptedJsonStore', () => {
  const historySchema = z.object({ entries: z.array(z.object({ stream: z.string(), token: z.string() })) });
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'watchdesk-enc-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const getKey = async () => key;

  it('reads null before anything was written', async () => {
    const store = createEncryptedJsonStore(join(dir, 'history.bin'), historySchema, getKey);
    expect(await store.read()).toBeNull();
  });

  it('reads back what it wrote', async () => {
    const store = createEncryptedJsonStore(join(dir, 'history.bin'), historySchema, getKey);
    const value = { entries: [{ stream: 'cam-1', token: 'stream-token-secret' }] };
    await store.write(value);
    expect(await store.read()).toEqual(value);
  });

  it('keeps no plaintext on disk and makes the file private', async () => {
    const path = join(dir, 'history.bin');
    await createEncryptedJsonStore(path, historySchema, getKey).write({ entries: [{ stream: 'cam-1', token: 'stream-token-secret' }] });
    const raw = await readFile(path);
    expect(raw.toString('latin1')).not.toContain('stream-token-secret');
    expect(raw.toString('latin1')).not.toContain('cam-1');
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('applies concurrent writes in call order', async () => {
    const store = createEncryptedJsonStore(join(dir, 'history.bin'), historySchema, getKey);
    await Promise.all([1, 2, 3, 4, 5].map((n) => store.write({ entries: [{ stream: `cam-${n}`, token: 't' }] })));
    expect((await store.read())?.entries[0]?.stream).toBe('cam-5');
    expect(await readdir(dir)).toEqual(['history.bin']);
  });

  it('reports a file encrypted with another key instead of returning null', async () => {
    const path = join(dir, 'history.bin');
    await createEncryptedJsonStore(path, historySchema, getKey).write({ entries: [] });
    const other = createEncryptedJsonStore(path, historySchema, async () => randomBytes(32));
    await expect(other.read()).rejects.toMatchObject({ appError: { kind: 'Internal' } });
  });

  it('reports a damaged file', async () => {
    const path = join(dir, 'history.bin');
    await writeFile(path, 'not encrypted at all');
    await expect(createEncryptedJsonStore(path, historySchema, getKey).read()).rejects.toThrow(/wrong key or damaged/);
  });

  it('cannot be read as another store file with the same key', async () => {
    await createEncryptedJsonStore(join(dir, 'history.bin'), historySchema, getKey).write({ entries: [] });
    const blob = await readFile(join(dir, 'history.bin'));
    await writeFile(join(dir, 'outbox.bin'), blob);
    await expect(createEncryptedJsonStore(join(dir, 'outbox.bin'), historySchema, getKey).read()).rejects.toThrow(
      AppFailure,
    );
  });

  it('reports decrypted content that does not match the schema', async () => {
    const path = join(dir, 'history.bin');
    const loose = createEncryptedJsonStore(path, z.unknown(), getKey);
    await loose.write({ something: 'else' });
    await expect(createEncryptedJsonStore(path, historySchema, getKey).read()).rejects.toMatchObject({
      appError: { kind: 'Internal' },
    });
  });

  it('refuses to write a value that does not match the schema', async () => {
    const store = createEncryptedJsonStore(join(dir, 'history.bin'), historySchema, getKey);
    await expect(store.write({ entries: 'nope' } as unknown as z.infer<typeof historySchema>)).rejects.toThrow(AppFailure);
    expect(await readdir(dir)).toEqual([]);
  });
});
