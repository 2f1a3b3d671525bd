import { z } from 'zod';
import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { errorReply, jsonReply, type Reply } from '../http/reply';
import { isPlainObject, parseJsonBody, type SimRequest } from '../http/request';
import type { IssuedStreamToken } from '../records';
import { expiryMs } from '../time-format';

/**
 * POST /api/ — JSON-RPC 2.0. Only Auth.CreateApiToken exists (plus Auth.CreateAccessToken as an alias when the
 * simulator is started with acceptCreateAccessToken). Error codes beyond the standard ones are documented in README.
 */
export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_STREAM_NOT_FOUND = -32001;
export const RPC_STREAM_NOT_PRIVATE = -32002;

const UINT32_MAX = 4_294_967_295;
const unsigned = z.int().min(0).max(UINT32_MAX);

const createTokenParamsSchema = z.strictObject({
  stream: z.string().min(1),
  ttl: unsigned.default(3600),
  live: z.boolean().default(false),
  dvr: z.boolean().default(false),
  copy: z.boolean().default(false),
  from: unsigned.default(0),
  to: unsigned.default(0),
});

type RpcId = string | number | null;

function rpcError(req: SimRequest, id: RpcId, code: number, message: string): Reply {
  return errorReply(req, 400, { jsonrpc: '2.0', id, error: { code, message } });
}

function describeParamIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `Invalid params: unknown param(s) ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  const name = issue.path.map(String).join('.') || 'params';
  if (issue.code === 'invalid_type' && issue.expected === 'string') return `Invalid params: '${name}' is required and must be a stream uid (string)`;
  if (issue.code === 'invalid_type' && issue.expected === 'boolean') return `Invalid params: '${name}' must be a boolean`;
  if (issue.code === 'too_small' && name === 'stream') return `Invalid params: '${name}' must not be empty`;
  return `Invalid params: '${name}' must be an unsigned integer (0..${UINT32_MAX})`;
}

export function handleJsonRpc(req: SimRequest, ctx: SimContext): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;

  const body = parseJsonBody(req);
  if (!body.ok) return rpcError(req, null, RPC_PARSE_ERROR, 'Parse error: the body is not valid JSON');
  const envelope = body.value;
  if (!isPlainObject(envelope)) return rpcError(req, null, RPC_INVALID_REQUEST, 'Invalid Request: expected a JSON-RPC 2.0 object (batches are not supported)');
  const rawId = envelope['id'];
  const id: RpcId = typeof rawId === 'number' || typeof rawId === 'string' ? rawId : null;
  if (envelope['jsonrpc'] !== '2.0') return rpcError(req, id, RPC_INVALID_REQUEST, "Invalid Request: 'jsonrpc' must be \"2.0\"");
  if (typeof rawId !== 'number' && typeof rawId !== 'string') return rpcError(req, null, RPC_INVALID_REQUEST, "Invalid Request: 'id' must be a number or a string");
  const method = envelope['method'];
  if (typeof method !== 'string') return rpcError(req, id, RPC_INVALID_REQUEST, "Invalid Request: 'method' must be a string");
  const params = envelope['params'] ?? {};
  if (!isPlainObject(params)) return rpcError(req, id, RPC_INVALID_REQUEST, "Invalid Request: 'params' must be an object");

  const known = method === 'Auth.CreateApiToken' || (method === 'Auth.CreateAccessToken' && ctx.settings.acceptCreateAccessToken);
  if (!known) return rpcError(req, id, RPC_METHOD_NOT_FOUND, `Method not found: ${method}`);

  const parsed = createTokenParamsSchema.safeParse(params);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return rpcError(req, id, RPC_INVALID_PARAMS, first ? describeParamIssue(first) : 'Invalid params');
  }
  const p = parsed.data;
  // 0 means "unbounded" on either side, so the order rule only bites when both bounds are set.
  if (p.from !== 0 && p.to !== 0 && p.to < p.from) {
    return rpcError(req, id, RPC_INVALID_PARAMS, "Invalid params: 'to' must be greater than or equal to 'from'");
  }
  const stream = ctx.state.streams.get(p.stream);
  if (stream === undefined) return rpcError(req, id, RPC_STREAM_NOT_FOUND, `Stream not found: ${p.stream}`);
  if (stream.authorization !== 'private') {
    return rpcError(
      req,
      id,
      RPC_STREAM_NOT_PRIVATE,
      `Stream ${p.stream} uses the '${stream.authorization}' authorization method; stream tokens are issued only for private streams`,
    );
  }

  const issuedAt = ctx.clock.now();
  const record: IssuedStreamToken = {
    token: ctx.tokens.next('stream'),
    stream: p.stream,
    live: p.live,
    dvr: p.dvr,
    copy: p.copy,
    ttl: p.ttl,
    from: p.from,
    to: p.to,
    method,
    issuedBy: auth.token.client,
    issuedAt,
    expiresAt: expiryMs(issuedAt, p.ttl),
  };
  ctx.state.issuedStreamTokens.push(record);
  // The spec's 200 body is the bare JSON string, not an envelope.
  return jsonReply(200, record.token);
}
