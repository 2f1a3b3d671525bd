import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, say } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';
import type { RpcMethod } from '../../preload/contract/wire/profile';

/**
 * Turns a platform failure into the sentence the token desk shows, placed next to the control it concerns.
 * The JSON-RPC codes for "no such stream" and "not private" are not in the spec; these are the ones the built-in
 * simulator uses (main/simulator/routes/json-rpc.ts). A real server's other codes keep the client's generic
 * sentence, which quotes the server's own message.
 */
export const RPC_STREAM_NOT_FOUND = -32001;
export const RPC_STREAM_NOT_PRIVATE = -32002;
const RPC_METHOD_NOT_FOUND = -32601;

export interface DeskErrorContext {
  /** The field that names the stream in the form: `stream` (operation 1) or `uid` (operation 3). */
  streamField: 'stream' | 'uid';
  stream: string;
  /** The method the client uses after the call (it switches only when the alternative succeeded). */
  rpcMethodAfter?: RpcMethod;
}

function authorizationOf(rpcMessage: string): string | null {
  return /'(\w+)' authorization/i.exec(rpcMessage)?.[1] ?? null;
}

/** The desk's version of a failure; anything that is not an AppFailure passes through unchanged. */
export function deskFailure(error: unknown, ctx: DeskErrorContext): unknown {
  if (!isAppFailure(error)) return error;
  const e = error.appError;
  const onStream = (sentence: Said) => new AppFailure(e, { message: sentence, fieldErrors: { [ctx.streamField]: [say(sentence)] } });

  switch (e.kind) {
    case 'RpcError': {
      const code = e.data.rpcCode;
      if (code === RPC_STREAM_NOT_FOUND) {
        return onStream(said('errors.tokens.noSuchStream', { stream: ctx.stream }));
      }
      if (code === RPC_STREAM_NOT_PRIVATE) {
        const method = authorizationOf(e.data.rpcMessage);
        return onStream(method ? said('errors.tokens.notPrivateMethod', { stream: ctx.stream, method }) : said('errors.tokens.notPrivate', { stream: ctx.stream }));
      }
      if (code === RPC_METHOD_NOT_FOUND) {
        const tried = ctx.rpcMethodAfter === 'Auth.CreateAccessToken' ? 'Auth.CreateAccessToken' : said('errors.tokens.bothMethods');
        return new AppFailure(e, {
          message: said('errors.tokens.noTokenMethods', { tried }),
        });
      }
      return error;
    }
    case 'Validation': {
      // The user-bound endpoint answers 422 with field errors keyed by its body fields (uid, user, duration).
      const streamErrors = e.fieldErrors[ctx.streamField];
      if (streamErrors?.length) return new AppFailure(e, { message: streamErrors[0] ?? e.message });
      return error;
    }
    case 'Unauthorized': {
      const sentence =
        e.data?.reason === 'no-token'
          ? said('errors.tokens.noToken')
          : said('errors.tokens.tokenRefused');
      return new AppFailure(e, { message: sentence, action: 'open-connect' });
    }
    case 'Offline':
    case 'Timeout':
      return new AppFailure(e, { message: said('errors.tokens.unreachable', { reason: e.said ?? e.message }) });
    default:
      return error;
  }
}

/** One sentence for a batch row (rows have no fields of their own). */
export function rowSentence(error: unknown, stream: string, rpcMethodAfter: RpcMethod): { message: string; kind: AppFailure['kind']; said?: Said | undefined } {
  const mapped = deskFailure(error, { streamField: 'stream', stream, rpcMethodAfter });
  if (isAppFailure(mapped)) return { message: mapped.appError.message, kind: mapped.kind, said: mapped.appError.said };
  const internal = said('errors.tokens.rowInternal');
  return { message: say(internal), kind: 'Internal', said: internal };
}
