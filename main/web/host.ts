import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Registry } from '../ipc/registry';
import type { EventHub } from '../app/events';
import type { AppErrorKind } from '../../preload/contract/app-error';
import { MAX_BATCH_TEXT_CHARS } from '../../preload/contract/limits';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { contentSecurityPolicy } from './security-headers';
import { readRendererFile } from './static-files';
import { log } from '../shared/log';
import type { MessageKey } from '../../preload/contract/messages';
import { languageOfRequest } from './accept-language';
import { createPageFilesWatch } from './page-files';
import { PageEventStream, type EventStreamLimits } from './page-event-stream';

// The catalog (both languages and i18next) is loaded by the first answer that needs a sentence: the host serves the
// page's files while the app, which loads it anyway, is still being built (see cli.ts).
const i18n = () => import('../shared/i18n');

// Node's CommonJS module object, not `import … from 'node:http'`: Node 24 builds the ESM view of node:http by reading
// every export, and its WebSocket and EventSource getters load Node's bundled fetch client, ~80 ms of every start.
const { createServer } = process.getBuiltinModule('node:http');

export interface WebHostOptions {
  /** The handler registry, or a function giving it once built (the CLI builds the app while the page loads). */
  registry: Registry | (() => Promise<Registry>);
  /** Folder of the built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The per-run secret; random when not given. */
  secret?: string;
  /** Contract events to carry to each page's event stream (GET /events), or a function giving them; none when not given. */
  events?: EventHub | (() => Promise<EventHub>);
  /**
   * Told once the first page's own files (the scripts and style sheets its index.html names) have been sent: the CLI
   * builds the app then, so that building it does not hold back the files the browser is waiting for.
   */
  onPageFilesSent?: () => void;
  /** Told of every request after it was answered (the e2e request log). */
  onRequest?: (entry: RequestLogEntry) => void;
  /** How much may wait for a page that stopped reading its event stream (defaults in page-event-stream.ts). */
  eventStreamLimits?: EventStreamLimits;
  /** Test option: every call's channel, input and answer text, and every event sent (the secret-leak scan reads them). */
  recordExchanges?: (exchange: RecordedExchange) => void;
}

export interface RecordedExchange {
  /** The channel called, or `event:<name>` for a pushed event. */
  channel: string;
  input: unknown;
  /** Exactly the text sent to the browser. */
  body: string;
}

export interface RequestLogEntry {
  method: string;
  /** The path without its query string (the first URL's secret never reaches a log). */
  path: string;
  status: number;
}

export interface RunningWebHost {
  /** Open this in a browser: the page keeps the secret in its session storage and sends it with every call. */
  url: string;
  origin: string;
  port: number;
  secret: string;
  /** Event streams open now. */
  readonly eventStreams: number;
  close(): Promise<void>;
}

/** The header every call and the event stream carry the secret in (never a cookie: see startWebHost). */
export const secretHeader = 'x-watchdesk-secret';
/** A comment line on idle event streams, so proxies and the browser keep them open. */
const heartbeatMs = 15_000;
/**
 * The largest call the renderer can make is a pasted batch list; at up to 3 bytes per character in UTF-8 plus JSON
 * escaping, four bytes per character leaves room for any list the contract accepts.
 */
const maxBodyBytes = MAX_BATCH_TEXT_CHARS * 4 + 64 * 1024;

function sameSecret(candidate: string | undefined | null, secret: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: string | Buffer, contentType: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Security-Policy': contentSecurityPolicy("'self'"),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...extra,
  });
  res.end(body);
}

/**
 * A plain-text answer for a person at the browser's address bar, before the page (and its language choice) exists:
 * in the language the browser asks for (Accept-Language), English when it asks for none the console speaks.
 */
async function sendText(req: IncomingMessage, res: ServerResponse, status: number, key: MessageKey): Promise<void> {
  const language = languageOfRequest(req.headers['accept-language']);
  const { tIn } = await i18n();
  send(res, status, tIn(language, key), 'text/plain; charset=utf-8', { 'Content-Language': language, Vary: 'Accept-Language' });
}

/** A call refused before it reached the registry, answered in the registry's own shape so the bridge shows it. */
function refuseWith(res: ServerResponse, status: number, sentence: string, kind: AppErrorKind = 'UntrustedSender'): void {
  send(res, status, JSON.stringify({ ok: false, error: new AppFailure(kind, sentence, { retryable: false }).appError }), 'application/json');
}

/** The same, with the catalog's sentence for `key`. */
async function refuse(res: ServerResponse, status: number, key: MessageKey, kind?: AppErrorKind): Promise<void> {
  const { t } = await i18n();
  refuseWith(res, status, t(key), kind);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new AppFailure('Validation', (await i18n()).t('errors.host.tooLarge'));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves the built renderer and the handler registry on 127.0.0.1, guarded like a local notebook server: the Host
 * header must be our own loopback address (no DNS rebinding), calls must come from our own Origin (no cross-site
 * requests), and every call and the event stream must carry the per-run secret in the `x-watchdesk-secret` header.
 * The secret arrives in the first URL; the page keeps it in its session storage (scoped to this origin, port
 * included) and puts it in the header itself. No cookie: browsers send cookies to every port of 127.0.0.1, so a
 * cookie would hand the console to any local page, and two consoles on two ports would evict each other's.
 * The page's files are the public build and are served without the secret.
 */
export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let origin = '';
  const streams = new Set<ServerResponse>();
  const pageFiles = options.onPageFilesSent ? createPageFilesWatch(options.onPageFilesSent) : null;

  const server = createServer((req, res) => {
    // The event stream is logged when it opens (it finishes only when the page goes away).
    if (options.onRequest && !(req.url ?? '').startsWith('/events')) {
      const onRequest = options.onRequest;
      res.once('finish', () => onRequest({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] ?? '', status: res.statusCode }));
    }
    void handle(req, res).catch((error: unknown) => {
      log.error('web', `request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else if (isAppFailure(error)) refuseWith(res, error.kind === 'Validation' ? 413 : 503, error.message, error.kind);
      else void refuse(res, 400, 'errors.host.unreadable', 'Internal');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts.has(req.headers.host ?? '')) return refuse(res, 421, 'errors.host.wrongHost');
    const url = new URL(req.url ?? '/', origin);
    const presented = req.headers[secretHeader];
    const authenticated = sameSecret(typeof presented === 'string' ? presented : undefined, secret);

    if (url.pathname.startsWith('/ipc/') || url.pathname === '/events') {
      if (req.headers.origin !== undefined && !allowedOrigins.has(req.headers.origin)) return refuse(res, 403, 'errors.host.foreignSite');
      if (!authenticated) return refuse(res, 401, 'errors.host.noSecret');
      if (url.pathname === '/events') {
        if (req.method !== 'GET') return refuse(res, 405, 'errors.host.eventsGet');
        return openEventStream(req, res);
      }
      if (req.method !== 'POST') return refuse(res, 405, 'errors.host.callsPost');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(res, 415, 'errors.host.callsJson', 'Validation');
      const channel = url.pathname.slice('/ipc/'.length);
      const text = await readBody(req);
      let input: unknown;
      try {
        input = text === '' ? undefined : JSON.parse(text);
      } catch {
        return refuse(res, 400, 'errors.host.badJson', 'Validation');
      }
      // The caller cancels by aborting its fetch: the connection closes before the answer, and the handler's signal aborts.
      const gone = new AbortController();
      const onClose = (): void => {
        if (!res.writableFinished) gone.abort();
      };
      res.once('close', onClose);
      const registry = typeof options.registry === 'function' ? await options.registry() : options.registry;
      const result = await registry.call(channel, input, { transport: 'web', origin: req.headers.origin ?? origin, authenticated }, { signal: gone.signal });
      if (gone.signal.aborted) return;
      res.off('close', onClose);
      const body = JSON.stringify(result);
      options.recordExchanges?.({ channel, input, body });
      return send(res, 200, body, 'application/json');
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'errors.host.onlyGet');
    const offered = url.searchParams.get('secret');
    if (offered !== null && !sameSecret(offered, secret)) {
      return sendText(req, res, 403, 'errors.host.wrongSecret');
    }
    const file = await readRendererFile(options.rendererDir, url.pathname);
    if (!file) return sendText(req, res, 404, 'errors.host.notFound');
    pageFiles?.serving(url.pathname, file, res);
    return send(res, 200, file.body, file.contentType);
  }

  /** One server-sent-events stream per page load: every contract event, as `event: <name>` and `data: <json>`. */
  async function openEventStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    });
    res.write(': watchdesk events\n\n');
    options.onRequest?.({ method: 'GET', path: '/events', status: 200 });
    streams.add(res);
    const events = typeof options.events === 'function' ? await options.events() : options.events;
    // The page may have gone while the app was being built.
    if (res.destroyed || res.writableEnded) {
      streams.delete(res);
      return;
    }
    // A page that stops reading is told to resynchronise rather than having the host hold every event for it.
    const page = new PageEventStream(res, options.eventStreamLimits);
    const stop = events?.listen(({ name, payload }) => {
      const body = JSON.stringify(payload);
      options.recordExchanges?.({ channel: `event:${name}`, input: null, body });
      page.send(name, body);
    });
    const heartbeat = setInterval(() => page.comment('keep-alive'), heartbeatMs);
    heartbeat.unref();
    res.once('close', () => {
      clearInterval(heartbeat);
      stop?.();
      streams.delete(res);
    });
    req.socket.setTimeout(0);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([...allowedHosts].map((host) => `http://${host}`));

  return {
    url: `${origin}/?secret=${secret}`,
    origin,
    port,
    secret,
    get eventStreams() {
      return streams.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
