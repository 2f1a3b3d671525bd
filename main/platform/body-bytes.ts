import type { BodyBytes } from './raw-response';

/** Bytes copied into one buffer per turn of the event loop: a 60 MB answer never holds it for long. */
const SHARED_COPY_STEP = 8 * 1024 * 1024;

/**
 * A body in one buffer of its own (to be handed to another thread). With a declared length (checked against the limit
 * before a byte was read) each chunk is copied in as it arrives; without one, the chunks are gathered and copied in a
 * step at a time at the end.
 */
export async function bodyBytes(body: AsyncIterable<Buffer>, declared: number): Promise<BodyBytes> {
  if (Number.isSafeInteger(declared) && declared >= 0) {
    const bytes = new ArrayBuffer(declared);
    const into = new Uint8Array(bytes);
    let length = 0;
    for await (const chunk of body) {
      // A server sending more than it declared: undici refuses that body itself; this only keeps the copy in bounds.
      if (length + chunk.length > declared) throw new Error('answer longer than its declared length');
      into.set(chunk, length);
      length += chunk.length;
    }
    return { bytes, length };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
  }
  const bytes = new ArrayBuffer(length);
  const into = new Uint8Array(bytes);
  let at = 0;
  let sinceYield = 0;
  for (const chunk of chunks) {
    into.set(chunk, at);
    at += chunk.length;
    sinceYield += chunk.length;
    if (sinceYield >= SHARED_COPY_STEP) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { bytes, length };
}

/** How much of a body tells an HTML page or an empty body from JSON. */
const HEAD_BYTES = 1024;

/**
 * The first kilobyte of a body as text, the rest unread: leaving the loop early destroys the body, which closes the
 * connection rather than reading the rest into memory.
 */
export async function bodyHead(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= HEAD_BYTES) break;
  }
  return Buffer.concat(chunks, length).toString('utf8', 0, Math.min(length, HEAD_BYTES));
}

/** The first kilobyte of a body as text: enough to tell an HTML page or an empty body from JSON. */
export function textHead(body: BodyBytes): string {
  return Buffer.from(body.bytes, 0, Math.min(body.length, HEAD_BYTES)).toString('utf8');
}
