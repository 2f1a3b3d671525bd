import { STATUS_CODES } from 'node:http';
import type { SimRequest } from './request';

/** A complete answer, built before anything is written, so faults and delivery can act on it uniformly. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type FieldErrors = Record<string, string[]>;

export const VALIDATION_MESSAGE = 'The given data was invalid.';

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

export function noContent(): Reply {
  return { status: 204, headers: {}, body: '' };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page the platform sends instead of JSON when the request did not declare Content-Type: application/json. */
export function htmlErrorPage(status: number, message: string, details: string[] = []): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const list = details.length > 0 ? `<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '';
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${list}</body></html>\n`
  );
}

export function htmlReply(status: number, message: string, details: string[] = []): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: htmlErrorPage(status, message, details) };
}

/** Field errors (and a JSON-RPC error) flattened into lines a person can read on the HTML page. */
function detailLines(payload: Record<string, unknown>): string[] {
  const errors = payload['errors'];
  const lines: string[] = [];
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) for (const m of messages) lines.push(`${field}: ${String(m)}`);
    }
  }
  const rpc = payload['error'];
  if (typeof rpc === 'object' && rpc !== null && 'message' in rpc) {
    lines.push(`JSON-RPC error ${String((rpc as { code?: unknown }).code)}: ${String(rpc.message)}`);
  }
  return lines;
}

/**
 * Every error goes through here: JSON when the caller declared JSON, an HTML page otherwise (spec, Errors rule 1).
 * `payload` is the JSON body; its `message` (or the first error message) is what the HTML page shows.
 */
export function errorReply(req: SimRequest, status: number, payload: Record<string, unknown>, headers: Record<string, string> = {}): Reply {
  if (!req.wantsJson) {
    const message = typeof payload['message'] === 'string' ? payload['message'] : (STATUS_CODES[status] ?? 'Error');
    const reply = htmlReply(status, message, detailLines(payload));
    return { ...reply, headers: { ...reply.headers, ...headers } };
  }
  const reply = jsonReply(status, payload);
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

export function messageError(req: SimRequest, status: number, message: string): Reply {
  return errorReply(req, status, { message });
}

export function validationError(req: SimRequest, errors: FieldErrors): Reply {
  return errorReply(req, 422, { message: VALIDATION_MESSAGE, errors });
}

export function addFieldError(errors: FieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}
