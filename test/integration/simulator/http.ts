import { streamsWith } from '../../support/streams';
import { request, type Dispatcher } from 'undici';
import type { RunningSimulator } from '../../../main/simulator/index';

/** How the API token travels: the three forms the spec shows. */
export type TokenForm = 'bearer' | 'bare' | 'query';

export interface CallOptions {
  token?: string;
  tokenForm?: TokenForm;
  body?: unknown;
  /** Send `Content-Type: application/json` (default true); without it the platform answers errors in HTML. */
  json?: boolean;
  headers?: Record<string, string>;
  dispatcher?: Dispatcher;
}

export interface CallResult {
  status: number;
  contentType: string;
  text: string;
  json<T = unknown>(): T;
}

/** One HTTP call to the simulator, the way a client of the platform would make it. */
export async function call(sim: Pick<RunningSimulator, 'baseUrl'>, method: Dispatcher.HttpMethod, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
  if (options.json !== false) headers['content-type'] = 'application/json';
  let target = path;
  if (options.token !== undefined) {
    const form = options.tokenForm ?? 'bearer';
    if (form === 'bearer') headers['authorization'] = `Bearer ${options.token}`;
    else if (form === 'bare') headers['authorization'] = options.token;
    else target += `${target.includes('?') ? '&' : '?'}token=${encodeURIComponent(options.token)}`;
  }
  const res = await request(`${sim.baseUrl}${target}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const text = await res.body.text();
  const contentType = String(res.headers['content-type'] ?? '');
  return { status: res.statusCode, contentType, text, json: <T>() => JSON.parse(text) as T };
}

export interface RpcError {
  jsonrpc: string;
  id: number | string | null;
  error: { code: number; message: string };
}

/** A JSON-RPC 2.0 call to POST /api/. */
export function rpc(sim: RunningSimulator, params: Record<string, unknown>, options: CallOptions & { method?: string; id?: number } = {}): Promise<CallResult> {
  return call(sim, 'POST', '/api/', {
    token: sim.apiToken,
    ...options,
    body: { jsonrpc: '2.0', method: options.method ?? 'Auth.CreateApiToken', params, id: options.id ?? 1 },
  });
}

/** Any private / public / protected stream uid of the seeded registry. */
export function streamWith(sim: RunningSimulator, authorization: 'private' | 'public' | 'protected', index = 0): string {
  const uid = streamsWith(sim.state, authorization)[index];
  if (uid === undefined) throw new Error(`no ${authorization} stream #${index}`);
  return uid;
}
