/**
 * Where a dashboard answer's media servers lie in its bytes, found in one pass without parsing: the answer thread
 * then parses and checks them a batch at a time and keeps the bytes, never 100,000 row objects and the answer's text
 * at once (answer-store.ts). The pass knows brackets, strings and the two keys on the way (`mediaservers`, then its
 * `top_by_bitrate`); it does not check the JSON (the parses that follow do, and the gaps between batches are checked
 * there). Anything it does not read plainly (a key written with escapes, either key twice, an element that is not an
 * object, nesting past the limit, text cut off) gives null: the answer then goes the general way (one parse of the
 * whole text), which also says in words what is wrong with it.
 */
export interface ServerSpans {
  /** Offsets of the list's `[` and `]`. */
  open: number;
  close: number;
  /** Each element's first byte (`{`) and the byte after its last (`}`). */
  starts: Uint32Array;
  ends: Uint32Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const COLON = 0x3a;

const MEDIA = Buffer.from('mediaservers');
const TOP = Buffer.from('top_by_bitrate');

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function sameKey(bytes: Buffer, start: number, end: number, key: Buffer): boolean {
  return end - start === key.length && bytes.compare(key, 0, key.length, start, end) === 0;
}

/** The media servers' spans in `bytes`, or null when the answer must be read the general way. */
export function findServerSpans(bytes: Buffer, maxDepth: number): ServerSpans | null {
  const { length } = bytes;
  let starts: Uint32Array = new Uint32Array(1024);
  let ends: Uint32Array = new Uint32Array(1024);
  let count = 0;
  let depth = 0;
  /** The key whose value comes next, at depths 1 and 2 only (deeper keys are not read). */
  let key: 'media' | 'top' | 'other' = 'other';
  /** Depth 2 is the `mediaservers` object; depth 3 the list. */
  let inMedia = false;
  let inList = false;
  let mediaSeen = false;
  let open = -1;
  let close = -1;
  for (let i = 0; i < length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      // A string in the list: not a media server.
      if (depth === 3 && inList) return null;
      // The closing quote, read here: an answer's strings are short (names, keys), and a native search per string
      // cost more in calls than it saved.
      // A backslash escapes the byte after it (a quote among them).
      let end = i + 1;
      for (;;) {
        if (end >= length) return null;
        const b = bytes[end]!;
        if (b === QUOTE) break;
        end += b === BACKSLASH ? 2 : 1;
      }
      if (depth === 1 || (depth === 2 && inMedia)) {
        let next = end + 1;
        while (next < length && isSpace(bytes[next]!)) next++;
        if (bytes[next] === COLON) {
          const wanted = depth === 1 ? MEDIA : TOP;
          // A key spelt with escapes may still be one of the two: the general way reads it.
          for (let at = i + 1; at < end; at++) if (bytes[at] === BACKSLASH) return null;
          key = sameKey(bytes, i + 1, end, wanted) ? (depth === 1 ? 'media' : 'top') : 'other';
        }
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      if (depth === 1 && key === 'media') {
        if (mediaSeen || c !== OPEN_OBJECT) return null;
        mediaSeen = true;
        inMedia = true;
      } else if (depth === 2 && inMedia && key === 'top') {
        if (open !== -1 || c !== OPEN_LIST) return null;
        open = i;
        inList = true;
      } else if (depth === 3 && inList) {
        if (c !== OPEN_OBJECT) return null;
        if (count === starts.length) {
          starts = grow(starts);
          ends = grow(ends);
        }
        starts[count] = i;
      }
      if (depth <= 2) key = 'other';
      if (++depth > maxDepth) return null;
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      depth--;
      if (depth < 0) return null;
      if (depth === 3 && inList) ends[count++] = i + 1;
      else if (depth === 2 && inList) {
        inList = false;
        close = i;
      } else if (depth === 1 && inMedia) inMedia = false;
    } else if (depth === 3 && inList && !isSpace(c) && c !== 0x2c) {
      // A number, true, false or null in the list: not a media server.
      return null;
    }
  }
  if (depth !== 0 || open === -1 || close === -1) return null;
  return { open, close, starts: starts.subarray(0, count), ends: ends.subarray(0, count) };
}

function grow(array: Uint32Array): Uint32Array {
  const larger = new Uint32Array(array.length * 2);
  larger.set(array);
  return larger;
}
