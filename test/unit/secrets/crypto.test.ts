import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from '../../../main/secrets/crypto';
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
