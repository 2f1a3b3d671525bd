import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { log } from '../shared/log';
import { runConnectionTest } from './connection-test';
import { badShape, htmlResponse, looksLikeHtml, messages, rpcCodeOf, rpcFailure } from './errors';
import {
  analyticsTaskBodySchema,
  analyticsTaskUidSchema,
  dashboardQuerySchema,
  dashboardSchema,
  obtainApiTokenRequestSchema,
  obtainApiTokenResponseSchema,
  streamTokenResponseSchema,
  userBoundTokenRequestSchema,
  userBoundTokenResponseSchema,
  type AnalyticsTaskBody,
  type CameraAgent,
  type CameraCreateRequest,
  type CameraCreateResponse,
  type ConnectionReport,
  type Dashboard,
  type DashboardQuery,
  type ObtainApiTokenRequest,
  type RpcMethod,
  type StreamTokenParamsInput,
  type TlsTrust,
  type TokenStyle,
  type UserBoundTokenRequest,
} from '../../preload/contract/wire/platform';
import { Transport } from './transport';
import type { AnswerProblem, RequestSpec, RetryPolicy } from './transport-spec';
import type { BodyBytes, RawResponse } from './raw-response';
import { cameraAgentAnswerSchema } from './camera-agent-answer';
import { cameraAgentId, validate } from './request-checks';
import { cameraCreateAnswerSchema } from './camera-create-answer';
import { cameraCreateRequestCheck } from './camera-create-request';
import { streamTokenParamsCheck } from './stream-token-params';
import type { z } from 'zod';
import type { Dispatcher } from 'undici';

export interface PlatformClientOptions {
  baseUrl: string;
  tokenStyle: TokenStyle;
  /** Reads the profile's API access token from the vault; null when none is stored. Called per request. */
  getToken: () => Promise<string | null>;
  tls?: TlsTrust;
  /** Connect, headers and body timeouts. Default 15 s. */
  timeoutMs?: number;
  /** The JSON-RPC method name this server is known to accept. Default `Auth.CreateApiToken`. */
  rpcMethod?: RpcMethod;
  /** Told once when the server turns out to accept only `Auth.CreateAccessToken`, so the profile can remember it. */
  onRpcMethodLearned?: (method: RpcMethod) => void;
  retry?: RetryPolicy;
  /** Told after each call whether the server was reached with the token (null) or why not (see Transport). */
  onReachability?: (failure: AppFailure | null) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface TokenResult {
  /** The token, when the answer carries one in a recognisable place; null otherwise. */
  token: string | null;
  /** The parsed answer as it came. */
  raw: unknown;
}

export interface PlatformClient {
  /** Endpoint 1: a stream access token (JSON-RPC Auth.CreateApiToken, or the learned alternative). */
  createStreamToken(params: StreamTokenParamsInput, options?: CallOptions): Promise<string>;
  /** Endpoint 2: an API access token; answered only when this console runs on the media server itself. */
  obtainApiToken(request: ObtainApiTokenRequest, options?: CallOptions): Promise<{ token: string; raw: unknown }>;
  /** Endpoint 3: a token bound to a stream and a user (response shape not documented). */
  createUserBoundToken(request: UserBoundTokenRequest, options?: CallOptions): Promise<TokenResult>;
  /** Endpoint 4: creates a camera in the billing area (v2). */
  createCamera(request: CameraCreateRequest, options?: CallOptions): Promise<CameraCreateResponse>;
  /** Endpoint 5: one camera-agent device. */
  getCameraAgent(id: number | string, options?: CallOptions): Promise<CameraAgent>;
  /** Endpoint 5 with the answer's JSON text exactly as the server sent it (the inspection view shows it). */
  viewCameraAgent(id: number | string, options?: CallOptions): Promise<{ device: CameraAgent; text: string }>;
  /** Endpoint 6: administrator dashboard statistics. */
  getDashboard(query?: DashboardQuery, options?: CallOptions): Promise<Dashboard>;
  /**
   * Endpoint 6 with the answer's body unread, as bytes to hand to a worker thread that parses and checks them (a
   * 60 MB answer would hold main for a second): the status and an HTML page are told here, the rest by `refuse`.
   */
  fetchDashboard(query?: DashboardQuery, options?: CallOptions): Promise<AnswerBytes>;
  /** Endpoint 7: replaces an analytics task (the platform deletes the old one and creates a new one). */
  updateAnalyticsTask(uid: string, body: AnalyticsTaskBody, options?: CallOptions): Promise<void>;
  /** The Connect screen's check: DNS, TCP, TLS, HTTP, token, each in words. Never throws. */
  testConnection(options?: CallOptions): Promise<ConnectionReport>;
  /** The JSON-RPC method currently used for stream tokens. */
  readonly rpcMethod: RpcMethod;
  /** The keep-alive pool under this client's calls, without its retries and bounds (benchmarks compare bare undici on it). */
  readonly pool: Dispatcher;
  close(): Promise<void>;
}

/** An answer whose body a worker thread parses: its bytes, and the sentence for a body that thread refused. */
export interface AnswerBytes extends BodyBytes {
  refuse(problem: AnswerProblem): AppFailure;
}

/** Operation 6's request: read as text to parse here, or as bytes for the dashboard's answer thread to parse. */
function dashboardRequest(input: unknown, signal: AbortSignal | undefined, asBytes: boolean): RequestSpec {
  return {
    method: 'GET',
    operation: 'dashboard',
    path: '/api/admin/v1/dashboard',
    query: validate(dashboardQuerySchema, input, 'invalidDashboard'),
    auth: 'header-or-query',
    signal,
    forbidden: messages.dashboardForbidden,
    ...(asBytes ? { asBytes } : {}),
  };
}

/** Requests that passed `checkedCameraRequest`, as the very objects the schema returned, with their JSON. */
const checkedCameraRequests = new WeakMap<CameraCreateRequest, string>();

/**
 * A camera create request checked against the wire schema once, for a caller that sends it later, maybe more than
 * once (the outbox checks each entry's request as it is queued): the schema's output, which `createCamera` then
 * recognises and does not check again. It is serialised here, once: `createCamera` sends that text on every attempt
 * until one creates the camera (the outbox's runner sends the entries it queued, so their requests are these very
 * objects). The caller must not change the request afterwards (the outbox never does: an edit replaces the request
 * with a newly checked one). Not frozen: V8 stringifies frozen objects at half the speed. Throws the same Validation
 * failure `createCamera` would.
 */
export function checkedCameraRequest(input: unknown): CameraCreateRequest {
  const request = validate(cameraCreateRequestCheck(), input, 'invalidCamera');
  checkedCameraRequests.set(request, JSON.stringify(request));
  return request;
}

/** The token in an answer whose shape the spec does not show: a bare string, or under one of the usual names. */
function pickToken(raw: z.output<typeof obtainApiTokenResponseSchema>): string {
  if (typeof raw === 'string') return raw;
  for (const key of ['token', 'access_token', 'api_token'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && value) return value;
  }
  throw new AppFailure('BadResponse', said('errors.client.noTokenInAnswer'), { details: 'token endpoint answer without a token' });
}

let rpcIds = 0;

/** One client per server profile. Keep it for the profile's lifetime: it holds the keep-alive connections. */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const transport = new Transport(options);
  let rpcMethod: RpcMethod = options.rpcMethod ?? 'Auth.CreateApiToken';

  /**
   * One JSON-RPC call, answering its token. A promise chain, not an async function: this is the token desk's batch
   * path, and each async layer costs a promise, a suspended frame and a turn of the microtask queue per token.
   */
  function callRpc(method: RpcMethod, params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<string> {
    const body = { jsonrpc: '2.0', method, params, id: ++rpcIds };
    return transport.send({ method: 'POST', operation: 'streamToken', path: '/api/', auth: 'header-or-query', signal, rpcMethod: method, body }).then(tokenOf);
  }

  function tokenOf(response: RawResponse): string {
    transport.assertStatus(response, [200]);
    const json = transport.json(response);
    // JSON-RPC servers may also report errors with status 200.
    const rpcError = json !== null && typeof json === 'object' ? rpcFailure(response.ctx, response.status, json) : undefined;
    if (rpcError) throw response.redact(rpcError);
    // The common answer, a bare string, skips the schema: this is the token desk's batch path.
    if (typeof json === 'string' && json !== '') return json;
    const parsed = streamTokenResponseSchema.safeParse(json);
    if (!parsed.success) throw response.redact(badShape(response.ctx, response.status, parsed.error));
    // Stream tokens are the desk's product and are shown to people; they are not added to the log's redaction list
    // (which would grow by one entry per token issued). Only API access tokens are redacted.
    return typeof parsed.data === 'string' ? parsed.data : parsed.data.result;
  }

  /**
   * After `Auth.CreateApiToken` failed with `error`: when the server does not know that name (-32601), the same call
   * again with the name the spec titles the operation, which some servers may only know.
   */
  async function withAccessTokenMethod(error: unknown, params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<string> {
    if (rpcCodeOf(error) !== -32601) throw error;
    try {
      const token = await callRpc('Auth.CreateAccessToken', params, signal);
      learnAccessTokenMethod();
      return token;
    } catch (second) {
      const secondCode = rpcCodeOf(second);
      if (secondCode === undefined || secondCode === -32601) throw error;
      // The server knows the second name and refused this request for its own reason (e.g. no such stream):
      // that reason is the one to show, and the name is the one to use from now on.
      learnAccessTokenMethod();
      throw second;
    }
  }

  /** Switches to Auth.CreateAccessToken once; the calls that were already in flight when it switched change nothing. */
  function learnAccessTokenMethod(): void {
    if (rpcMethod === 'Auth.CreateAccessToken') return;
    rpcMethod = 'Auth.CreateAccessToken';
    log.info('platform', 'server accepts Auth.CreateAccessToken instead of Auth.CreateApiToken; using it from now on');
    options.onRpcMethodLearned?.(rpcMethod);
  }

  /** Endpoint 5's request for a device id the schema accepted (see `cameraAgentId`). */
  function cameraAgentRequest(agentId: string | number, signal: AbortSignal | undefined): RequestSpec {
    return { method: 'GET', operation: 'cameraAgent', path: `/api/v1/camera-agents/${agentId}`, auth: 'header-or-query', signal };
  }

  /** The device in endpoint 5's answer, or the failure its status or body means. */
  function cameraAgentOf(response: RawResponse, agentId: string | number): CameraAgent {
    if (response.status !== 200) {
      // This call's own sentences for 404 and 403, built only for an answer that may need them: a watch list makes
      // hundreds of calls per cycle, and two translations each cost more than reading the answer.
      response.ctx.notFound = said('errors.client.noDevice', { id: agentId });
      response.ctx.forbidden = said('errors.client.agentsForbidden');
    }
    transport.assertStatus(response, [200]);
    // Checked, not copied: nothing in the schema transforms, so an answer that passes is the device as it is. An
    // answer that does not pass is parsed again to say which fields are wrong.
    const answer = transport.json(response);
    if (cameraAgentAnswerSchema().validate(answer)) return answer;
    return transport.parse(response, cameraAgentAnswerSchema());
  }

  /** The camera in endpoint 4's answer, or the failure its status or body means. */
  function createdCameraOf(response: RawResponse): CameraCreateResponse {
    transport.assertStatus(response, [200, 201]);
    return cameraIn(response);
  }

  /** The camera in the body of a create's success answer. */
  function cameraIn(response: RawResponse): CameraCreateResponse {
    // Checked, not copied: the schema transforms nothing, so an answer that passes is the camera as the server sent
    // it. One that does not pass is parsed again to say which fields are wrong.
    const answer = transport.json(response);
    if (cameraCreateAnswerSchema().validate(answer)) return answer;
    return transport.parse(response, cameraCreateAnswerSchema());
  }

  /** `createdCameraOf` for a request checked by `checkedCameraRequest`, whose text is dropped once it created the camera. */
  function createdCheckedCameraOf(response: RawResponse, request: CameraCreateRequest): CameraCreateResponse {
    transport.assertStatus(response, [200, 201]);
    // Created: this request is not sent again, so its text need not outlive the call (a thousand-camera import kept
    // them all alive for the garbage collector to copy).
    checkedCameraRequests.delete(request);
    return cameraIn(response);
  }

  const client: PlatformClient = {
    get rpcMethod() {
      return rpcMethod;
    },

    get pool() {
      return transport.pool;
    },

    createStreamToken(input, options) {
      let params: Record<string, unknown>;
      try {
        // Sent as the schema returns it: an absent window (`from`, `to` undefined) is left out of the JSON text.
        params = validate(streamTokenParamsCheck(), input, 'invalidTokenSettings');
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const signal = options?.signal;
      // The method this call is sent with: concurrent calls may see the shared one switch while they are in flight.
      const method = rpcMethod;
      const sent = callRpc(method, params, signal);
      return method === 'Auth.CreateApiToken' ? sent.catch((error: unknown) => withAccessTokenMethod(error, params, signal)) : sent;
    },

    async obtainApiToken(input, { signal } = {}) {
      const body = validate(obtainApiTokenRequestSchema, input, 'invalidTokenRequest');
      const response = await transport.send({
        method: 'POST',
        operation: 'apiToken',
        path: '/api/auth/token/api/',
        auth: 'none',
        body,
        signal,
        forbidden: said('errors.client.obtainForbidden'),
      });
      transport.assertStatus(response, [200, 201]);
      const raw = transport.parse(response, obtainApiTokenResponseSchema);
      const token = pickToken(raw);
      log.redact(token);
      return { token, raw };
    },

    async createUserBoundToken(input, { signal } = {}) {
      const body = validate(userBoundTokenRequestSchema, input, 'invalidTokenRequest');
      const response = await transport.send({ method: 'POST', operation: 'userBoundToken', path: '/api/auth/token/access/', auth: 'query', body, signal });
      transport.assertStatus(response, [200, 201, 204]);
      if (response.status === 204 || response.text.trim() === '') return { token: null, raw: null };
      const raw = transport.parse(response, userBoundTokenResponseSchema);
      const token =
        typeof raw === 'string' ? raw || null : raw === null ? null : (raw.token ?? raw.access_token ?? raw.result ?? null);
      return { token, raw };
    },

    createCamera(input, options) {
      // A promise chain, not an async function: an import sends a thousand of these, and each async layer costs a
      // promise, a suspended frame and a turn of the microtask queue per camera.
      const json = checkedCameraRequests.get(input);
      let body: CameraCreateRequest | undefined;
      try {
        if (json === undefined) body = validate(cameraCreateRequestCheck(), input, 'invalidCamera');
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const sent = transport.send({ method: 'POST', operation: 'cameraCreate', path: '/api/v2/billing/cameras', auth: 'header-or-query', body, json, signal: options?.signal });
      return json === undefined ? sent.then(createdCameraOf) : sent.then((response) => createdCheckedCameraOf(response, input));
    },

    getCameraAgent(id, options) {
      // No async layer of its own: a watch list reads thousands of devices per cycle.
      let agentId: string | number;
      try {
        agentId = cameraAgentId(id);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return transport.sendAndRead(cameraAgentRequest(agentId, options?.signal), (response) => cameraAgentOf(response, agentId));
    },

    async viewCameraAgent(id, { signal } = {}) {
      const agentId = cameraAgentId(id);
      const response = await transport.send(cameraAgentRequest(agentId, signal));
      return { device: cameraAgentOf(response, agentId), text: response.text };
    },

    async getDashboard(input = {}, { signal } = {}) {
      const response = await transport.send(dashboardRequest(input, signal, false));
      transport.assertStatus(response, [200]);
      return transport.parse(response, dashboardSchema);
    },

    async fetchDashboard(input = {}, { signal } = {}) {
      const response = await transport.send(dashboardRequest(input, signal, true));
      transport.assertStatus(response, [200]);
      if (looksLikeHtml(response.contentType, response.text)) throw htmlResponse(response.ctx, response.status);
      const { bytes, length } = response.body!;
      return { bytes, length, refuse: (problem) => transport.refused(response, problem) };
    },

    async updateAnalyticsTask(uidInput, input, { signal } = {}) {
      const uid = validate(analyticsTaskUidSchema, uidInput, 'invalidTask');
      const body = validate(analyticsTaskBodySchema, input, 'invalidTask');
      const encoded = encodeURIComponent(uid);
      const response = await transport.send({
        method: 'PUT',
        operation: 'analyticsTask',
        path: `/api/streams/${encoded}/?format=json&stream=${encoded}`,
        auth: 'header-or-query',
        body,
        signal,
        notFound: said('errors.client.noTask', { uid }),
      });
      transport.assertStatus(response, [200, 204]);
      // 23.09 answers 200 with the stream's identifier (README "Sources"); whatever it holds, it must be data, or the
      // answer came from something other than the platform and the update cannot be taken as done.
      if (response.status === 200 && response.text.trim() !== '') transport.json(response);
    },

    testConnection({ signal } = {}) {
      return runConnectionTest(transport, options, signal);
    },

    close() {
      return transport.close();
    },
  };
  return client;
}
