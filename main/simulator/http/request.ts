import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { fieldErrorsFromIssues } from '../validation-messages';
import { messageError, validationError, type FieldErrors, type Reply } from './reply';

/** Requests bigger than this are refused (413); the spec names no limit, this only protects the simulator. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request as handlers see it: already read, URL already split. */
export interface SimRequest {
  method: string;
  /**
   * The URL path without the query and without a trailing slash (`/api/` -> `/api`). Faults, routing and hooks all
   * match on this one value, so a rule or a route never depends on how the caller spelt the end of the path.
   */
  path: string;
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

/** A body ready for the handler, or the answer that refuses it. */
export type BodyResult<T> = { ok: true; value: T } | { ok: false; reply: Reply };

const NOT_JSON_MESSAGE = 'The request body is not valid JSON.';
const NOT_OBJECT_MESSAGE = 'The request body must be a JSON object.';

/**
 * The body of a REST request as a JSON object: 400 when it is not JSON, 422 (`errors._`) when it is JSON but not an
 * object. `errors` already found (e.g. in the query) go into the same 422, so one answer names every broken rule.
 */
export function readJsonObject(req: SimRequest, errors: FieldErrors = {}): BodyResult<Record<string, unknown>> {
  const body = parseJsonBody(req);
  if (!body.ok) return { ok: false, reply: messageError(req, 400, NOT_JSON_MESSAGE) };
  if (!isPlainObject(body.value)) return { ok: false, reply: validationError(req, { ...errors, _: [NOT_OBJECT_MESSAGE] }) };
  return { ok: true, value: body.value };
}

/**
 * The body read as by `readJsonObject`, then parsed with `schema`; a 422 names every broken field, together with
 * any `errors` the caller found before (a request with such errors fails even when the body is fine).
 */
export function validateBody<S extends z.ZodType>(req: SimRequest, schema: S, errors: FieldErrors = {}): BodyResult<z.output<S>> {
  const body = readJsonObject(req, errors);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  const all = parsed.success ? errors : fieldErrorsFromIssues(parsed.error, body.value, { ...errors });
  if (!parsed.success || Object.keys(all).length > 0) return { ok: false, reply: validationError(req, all) };
  return { ok: true, value: parsed.data };
}

/** `/api/` -> `/api`; the root `/` stays as it is. The spec shows trailing slashes, clients may leave them off. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The test hooks live under /_sim; they are never faulted and exist only with `hooks: true`. */
export function isHookPath(path: string): boolean {
  return path === '/_sim' || path.startsWith('/_sim/');
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
