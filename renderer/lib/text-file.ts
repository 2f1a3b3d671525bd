/**
 * Telling a text file (CSV, a list of numbers) from a binary one before reading it as text: a picture or an
 * archive decoded as text is mostly noise, but noise that happens to contain digits, so a parser would "find" ids in it.
 */

/** How much of the start of a file is looked at. */
const SAMPLE_BYTES = 8192;

/**
 * True when the bytes are not text: a NUL byte (never in a text file, always in pictures, archives, UTF-16 text), or
 * more than one in 20 bytes being control characters other than tab, line feed, carriage return and form feed.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) control += 1;
  }
  return control * 20 > bytes.length;
}

/** The file's text, or null when it is not a text file. */
export async function readTextFile(file: Blob): Promise<string | null> {
  const sample = new Uint8Array(await file.slice(0, SAMPLE_BYTES).arrayBuffer());
  if (looksBinary(sample)) return null;
  return file.text();
}
