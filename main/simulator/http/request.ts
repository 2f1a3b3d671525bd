import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Requests bigger than this are refused (413); the spec names no limit, this only protects the simulator. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request as handlers see it: already read, URL already split. */
export interface SimRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  remoteAddress: string;
  /** True when the request declared `Content-Type: application/json`; otherwise errors are HTML pages. */
  wantsJson: boolean;
  rawBody: Buffer;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** The body as JSON; an empty body reads as `{}` so required-field checks, not a parse error, speak. */
export function parseJsonBody(req: SimRequest): JsonBody {
  if (req.rawBody.length === 0) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(req.rawBody.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

export function declaresJson(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type.trim());
}

export class BodyTooLarge extends Error {}

export function readBody(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    message.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        message.resume();
        return;
      }
      chunks.push(chunk);
    });
    message.on('end', () => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)));
    message.on('error', reject);
  });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
