import { randomBytes } from 'node:crypto';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of a UUID's 16 bytes starts in its 36-character text (the dashes sit between). */
const OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const UUID_BYTES = 16;
const UUID_CHARS = 36;

/**
 * `count` time-ordered (version 7) UUIDs, the ids of entries queued together: 48 bits of the time in milliseconds,
 * then 74 random bits. The outbox's unique index on the id then grows at its end, as its rows do: random (version 4)
 * ids landed on a different page of the index each, so every commit of an import rewrote most of that index. One
 * draw from the system's random source for all of them, written out as text in one buffer (a thousand `randomUUID`
 * strings were about half a kilobyte of short-lived garbage each).
 */
export function newEntryIds(count: number, now = Date.now()): string[] {
  const random = randomBytes(UUID_BYTES * count);
  const text = Buffer.allocUnsafe(UUID_CHARS * count);
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const from = i * UUID_BYTES;
    // RFC 9562: the time big-endian in bytes 0-5, version 7 in the high nibble of byte 6, variant 10 in byte 8.
    random.writeUIntBE(now, from, 6);
    random[from + 6] = (random[from + 6]! & 0x0f) | 0x70;
    random[from + 8] = (random[from + 8]! & 0x3f) | 0x80;
    const at = i * UUID_CHARS;
    text[at + 8] = text[at + 13] = text[at + 18] = text[at + 23] = 0x2d;
    for (let b = 0; b < UUID_BYTES; b++) {
      const byte = random[from + b]!;
      text[at + OFFSETS[b]!] = HEX[byte >> 4]!;
      text[at + OFFSETS[b]! + 1] = HEX[byte & 15]!;
    }
  }
  // Cut from one string: each id is a slice of it, not a string of its own made by a call into the runtime.
  const all = text.toString('latin1');
  for (let i = 0; i < count; i++) ids[i] = all.slice(i * UUID_CHARS, (i + 1) * UUID_CHARS);
  return ids;
}
