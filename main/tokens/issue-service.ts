import type { AppServices } from '../app/services';
import type { Grant, IssuedTokenView } from '../../preload/contract/tokens';
import { deskFailure } from './token-errors';
import { streamTokenEntry, userBoundEntry, wireParams } from './token-entries';
import type { HistoryService } from './history-service';

/** One token at a time, from the single form: issued on the active server, then written to the history. */
export interface IssueService {
  /** Operation 1. Errors about the stream come back on the `stream` field. */
  streamToken(request: Grant & { stream: string; note: string }, signal: AbortSignal): Promise<IssuedTokenView>;
  /** Operation 3. Errors about the stream come back on the `uid` field. */
  userBound(request: { uid: string; user: string; duration: number; note: string }, signal: AbortSignal): Promise<IssuedTokenView>;
}

export function createIssueService({ connections }: Pick<AppServices, 'connections'>, history: HistoryService): IssueService {
  return {
    async streamToken({ stream, note, ...grant }, signal) {
      const { profile, client } = await connections.active();
      let token: string;
      try {
        token = await client.createStreamToken(wireParams(stream, grant), { signal });
      } catch (error) {
        throw deskFailure(error, { streamField: 'stream', stream, rpcMethodAfter: client.rpcMethod });
      }
      const { entry, warning } = await history.record(streamTokenEntry({ stream, token, issuedAt: new Date() }, grant, note, null, profile));
      return history.view(entry, profile, warning);
    },
    async userBound({ uid, user, duration, note }, signal) {
      const { profile, client } = await connections.active();
      let result: { token: string | null };
      try {
        result = await client.createUserBoundToken({ uid, user, duration }, { signal });
      } catch (error) {
        throw deskFailure(error, { streamField: 'uid', stream: uid });
      }
      const { entry, warning } = await history.record(userBoundEntry({ uid, user, duration, token: result.token, issuedAt: new Date() }, note, profile));
      return history.view(entry, profile, warning);
    },
  };
}
