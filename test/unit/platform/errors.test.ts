import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badShape, failureFromStatus, failureFromTransportError, notJson, type CallContext } from '../../../main/platform/errors';

const ctx: CallContext = { method: 'POST', path: '/api/v2/billing/cameras', host: 'vms.example.com:443' };

function status(code: number, body: unknown = '', contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return failureFromStatus(ctx, code, contentType, text).appError;
}

describe('HTTP status mapping', () => {
  it('401 asks the person to replace the token', () => {
    expect(status(401)).toMatchObject({ kind: 'Unauthorized', message: 'The server refused the API token. Open Connect and replace it.', retryable: false });
  });

  it('403, 404, 409 map to Forbidden, NotFound, Conflict', () => {
    expect(status(403).kind).toBe('Forbidden');
    expect(status(404).kind).toBe('NotFound');
    expect(status(409).kind).toBe('Conflict');
  });

  it('uses the call-specific sentence for 404 when one is given', () => {
    const error = failureFromStatus({ ...ctx, notFound: { key: 'errors.client.noTask', values: { uid: 't1' } } }, 404, 'application/json', '{}').appError;
    expect(error.message).toBe('The server has no analytics task “t1”. It may have been deleted; reload the list.');
  });

  it('422 hands the field errors over intact, keys unchanged', () => {
    const body = { message: 'The given data was invalid.', errors: { 'streams.0.archive_storage_days': ['must be between 1 and 90'], mac: ['taken', 'bad format'] } };
    const error = status(422, body);
    expect(error.kind).toBe('Validation');
    expect(error.fieldErrors).toEqual(body.errors);
    expect(error.details).toContain('The given data was invalid.');
  });

  it('400 with a JSON-RPC error becomes RpcError carrying the code', () => {
    const error = status(400, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    expect(error.kind).toBe('RpcError');
    expect(error).toMatchObject({ data: { rpcCode: -32601 } });
    expect(error.details).toContain('-32601');
  });

  it('429 is RateLimited and keeps Retry-After', () => {
    const error = failureFromStatus(ctx, 429, 'application/json', '', { 'retry-after': '5' }).appError;
    expect(error).toMatchObject({ kind: 'RateLimited', retryable: true, data: { retryAfter: '5' } });
  });

  it('502 and 503 are Unavailable even when a proxy sends an HTML page', () => {
    expect(status(502, '<html>Bad gateway</html>', 'text/html').kind).toBe('Unavailable');
    expect(status(503).kind).toBe('Unavailable');
  });

  it('500 is ServerError and retryable', () => {
    expect(status(500)).toMatchObject({ kind: 'ServerError', retryable: true });
  });

  it('an HTML page where a JSON error was expected is HtmlResponse with the explaining sentence', () => {
    const error = status(404, '<!DOCTYPE html><html><body>Not found</body></html>', 'text/html; charset=utf-8');
    expect(error.kind).toBe('HtmlResponse');
    expect(error.message).toBe(
      'The server answered with a web page instead of data. The address may point at a website or a proxy login, not the platform API.',
    );
  });

  it('recognises an HTML page by its first bytes when the content type lies', () => {
    expect(status(422, '<html><body>login</body></html>', 'application/json').kind).toBe('HtmlResponse');
  });
});

describe('body problems', () => {
  it('a JSON body cut short is reported as cut off', () => {
    expect(notJson(ctx, 200, '{"id": 12, "na').appError).toMatchObject({ kind: 'BadResponse', message: expect.stringContaining('cut off') });
  });

  it('plain text is reported as unreadable', () => {
    expect(notJson(ctx, 200, 'OK').appError.message).toContain('could not be read as data');
  });

  it('a shape failure names the path and what was expected', () => {
    const schema = z.object({ storages: z.array(z.object({ capacity: z.number() })) });
    const result = schema.safeParse({ storages: [{ capacity: 'lots' }] });
    const error = badShape(ctx, 200, result.error!).appError;
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('storages.0.capacity: expected number');
  });
});

describe('network failures', () => {
  const err = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

  it('says when the name cannot be found', () => {
    const error = failureFromTransportError(ctx, err('ENOTFOUND'), 'request', 10_000).appError;
    expect(error).toMatchObject({ kind: 'Offline', data: { reason: 'name-not-found' } });
    expect(error.message).toContain('vms.example.com could not be found');
  });

  it('says when the connection is refused', () => {
    const error = failureFromTransportError(ctx, err('ECONNREFUSED'), 'request', 10_000).appError;
    expect(error).toMatchObject({ kind: 'Offline', data: { reason: 'refused' } });
    expect(error.message).toContain('refused the connection');
  });

  it('says when the host is unreachable', () => {
    expect(failureFromTransportError(ctx, err('EHOSTUNREACH'), 'request', 10_000).appError).toMatchObject({ data: { reason: 'unreachable' } });
  });

  it('finds the code inside an AggregateError from address family racing', () => {
    const aggregate = Object.assign(new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]), {});
    expect(failureFromTransportError(ctx, aggregate, 'request', 10_000).appError).toMatchObject({ data: { reason: 'refused' } });
  });

  it('a reset before the answer is Offline, after the head it is a cut-off answer', () => {
    expect(failureFromTransportError(ctx, err('ECONNRESET'), 'request', 10_000).appError.kind).toBe('Offline');
    expect(failureFromTransportError(ctx, err('UND_ERR_SOCKET'), 'body', 10_000).appError.kind).toBe('BadResponse');
  });

  it('maps each undici timeout to Timeout with its phase', () => {
    for (const [code, phase] of [
      ['UND_ERR_CONNECT_TIMEOUT', 'connect'],
      ['UND_ERR_HEADERS_TIMEOUT', 'headers'],
      ['UND_ERR_BODY_TIMEOUT', 'body'],
    ] as const) {
      expect(failureFromTransportError(ctx, err(code), 'request', 5_000).appError).toMatchObject({ kind: 'Timeout', data: { phase } });
    }
  });

  it('an untrusted certificate code is TlsUntrusted', () => {
    expect(failureFromTransportError(ctx, err('DEPTH_ZERO_SELF_SIGNED_CERT'), 'request', 5_000).appError.kind).toBe('TlsUntrusted');
  });
});

describe('HTML error pages', () => {
  it('a 500 answered as an HTML page is HtmlResponse: the platform sends those only without our JSON headers', () => {
    expect(status(500, '<!DOCTYPE html><html><body>Server Error</body></html>', 'text/html').kind).toBe('HtmlResponse');
  });
});
