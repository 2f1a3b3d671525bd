import { copyFileSync, existsSync, openSync, readSync, closeSync, renameSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
import { t, type Sentence } from '../shared/i18n';
import { log } from '../shared/log';
import { damagedName } from './database-files';

/** The write-ahead log's layout (https://sqlite.org/fileformat2.html#walformat): a 32-byte header, then frames. */
const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;
const WAL_VERSION = 3007000;

/** SQLite's WAL checksum over `data` (a multiple of 8 bytes), in the byte order the magic names, from `start`. */
function walChecksum(data: Buffer, bigEndian: boolean, start: [number, number] = [0, 0]): [number, number] {
  let [s0, s1] = start;
  for (let i = 0; i < data.length; i += 8) {
    const x0 = bigEndian ? data.readUInt32BE(i) : data.readUInt32LE(i);
    const x1 = bigEndian ? data.readUInt32BE(i + 4) : data.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

function readHead(file: string, length: number): Buffer {
  const head = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, length, 0);
  } finally {
    closeSync(fd);
  }
  return head;
}

/**
 * How many frames the last writer had committed, from the shared-memory file it left (its wal-index header, in the
 * machine's byte order: https://sqlite.org/walformat.html#the_wal_index_file_format), when that header is whole and
 * belongs to this log (same salts); null when it cannot tell.
 */
function committedFrames(shm: string, salts: Buffer): number | null {
  if (!existsSync(shm) || statSync(shm).size < 96) return null;
  const head = readHead(shm, 96);
  if (!head.subarray(0, 48).equals(head.subarray(48, 96))) return null;
  const u32 = (offset: number) => (endianness() === 'LE' ? head.readUInt32LE(offset) : head.readUInt32BE(offset));
  // The salts are the log header's bytes, copied as they are.
  if (u32(0) !== WAL_VERSION || head[12] !== 1 || !head.subarray(32, 40).equals(salts)) return null;
  return u32(16);
}

/**
 * Whether changes committed to this log lie past a frame that does not read (its checksum fails): SQLite replays the
 * log up to that frame and quietly drops every change after it. Frames of the log's own generation (its salts) after
 * the bad one, among them a commit, are such changes; frames of an earlier generation (the log is reused from its
 * start) are not. `committed` (from the shared memory, when it tells) counts the frames the last writer committed.
 */
function lostPastDamage(wal: string, header: Buffer, frames: number, pageSize: number, committed: number | null): boolean {
  const bigEndian = header.readUInt32BE(0) === MAGIC_BE;
  const salts = header.subarray(16, 24);
  const frame = Buffer.alloc(FRAME_HEADER + pageSize);
  const fd = openSync(wal, 'r');
  try {
    let sum = walChecksum(header.subarray(0, 24), bigEndian);
    let readable = 0;
    let bad = -1;
    for (let i = 0; i < frames; i++) {
      readSync(fd, frame, 0, frame.length, WAL_HEADER + i * frame.length);
      const ours = frame.subarray(8, 16).equals(salts);
      if (bad < 0) {
        // The end of this generation's frames: what follows is an earlier use of the file, never replayed.
        if (!ours) return false;
        const next = walChecksum(frame.subarray(FRAME_HEADER), bigEndian, walChecksum(frame.subarray(0, 8), bigEndian, sum));
        if (frame.readUInt32BE(16) !== next[0] || frame.readUInt32BE(20) !== next[1]) {
          bad = i;
          if (committed !== null && committed > readable) return true;
          continue;
        }
        sum = next;
        readable = i + 1;
      } else if (ours && frame.readUInt32BE(4) !== 0) {
        return true;
      }
    }
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * Looks at the write-ahead log before SQLite opens the database. SQLite quietly ignores a log whose header is not
 * valid (and then overwrites it), and quietly stops at a frame cut short or one whose checksum fails (dropping every
 * committed change after it): all are damage the operator should hear about, with the log kept. A log with a bad
 * header is moved aside (SQLite would not read it anyway); a log cut part-way or damaged within is copied aside and
 * left in place, so SQLite still replays every change committed before the damage. (A damaged frame is told in the
 * words of a cut log: in effect the log ends there.)
 * Returns the sentence to tell, or null when the log is absent, empty or whole.
 */
export function checkWal(databaseFile: string): Sentence | null {
  const wal = `${databaseFile}-wal`;
  if (!existsSync(wal)) return null;
  const size = statSync(wal).size;
  if (size === 0) return null;
  const header = readHead(wal, WAL_HEADER);
  const magic = header.readUInt32BE(0);
  const bigEndian = magic === MAGIC_BE;
  const pageSize = header.readUInt32BE(8);
  const [c0, c1] = walChecksum(header.subarray(0, 24), bigEndian);
  const headerOk =
    size >= WAL_HEADER &&
    (magic === MAGIC_LE || magic === MAGIC_BE) &&
    header.readUInt32BE(4) === WAL_VERSION &&
    pageSize >= 512 &&
    pageSize <= 65536 &&
    (pageSize & (pageSize - 1)) === 0 &&
    header.readUInt32BE(24) === c0 &&
    header.readUInt32BE(28) === c1;
  const kept = damagedName(wal);
  if (!headerOk) {
    renameSync(wal, kept);
    log.warn('storage', `the write-ahead log's header is damaged; moved aside as ${kept}`);
    // Nothing of this log is read (not "what could still be read was kept"): the database file is all there is.
    return () => t('storage.walUnreadable', { file: wal, why: t('storage.walWhy.header'), kept });
  }
  const frameSize = pageSize + FRAME_HEADER;
  const wholeFrames = Math.floor((size - WAL_HEADER) / frameSize);
  const partial = (size - WAL_HEADER) % frameSize !== 0;
  const committed = committedFrames(`${databaseFile}-shm`, header.subarray(16, 24));
  // A writer killed part-way through appending leaves a partial frame of a change it never committed (nothing the
  // console acknowledged): its shared memory still counts only the committed frames, all of them whole. A log
  // shorter than that count, or cut with no shared memory to tell, has lost changes that were committed.
  const cutShort = committed === null ? partial : committed > wholeFrames;
  const damagedWithin = !cutShort && lostPastDamage(wal, header, wholeFrames, pageSize, committed);
  if (!cutShort && !damagedWithin) {
    if (partial) log.info('storage', 'the write-ahead log ends with a change that was never committed (an interrupted write); it is ignored');
    return null;
  }
  copyFileSync(wal, kept);
  log.warn('storage', `the write-ahead log was cut short or a committed change in it does not read (${wholeFrames} whole frames, ${committed ?? 'unknown'} committed); a copy was kept as ${kept}`);
  return () => t('storage.walSetAside', { file: wal, why: t(damagedWithin ? 'storage.walWhy.damaged' : 'storage.walWhy.cut'), kept });
}
