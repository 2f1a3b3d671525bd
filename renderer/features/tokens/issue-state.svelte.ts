import type { Bridge } from '../../../preload/contract';
import type { Result } from '../../../preload/contract/app-error';
import type { IssuedTokenView, StreamTokenRequest, UserBoundRequest } from '../../../preload/contract/tokens';

type Kind = 'stream' | 'user';

/**
 * The single-token forms' calls and the result each shows: the last token issued from the stream form and from the
 * user-bound form. A failure hides that form's previous result (a card under an error would read as if the new
 * request worked).
 */
export class IssueState {
  #last = $state<Record<Kind, IssuedTokenView | null>>({ stream: null, user: null });

  constructor(private readonly api: Bridge) {}

  get lastStream(): IssuedTokenView | null {
    return this.#last.stream;
  }
  get lastUser(): IssuedTokenView | null {
    return this.#last.user;
  }

  /** Operation 1: one stream access token. */
  async streamToken(request: StreamTokenRequest): Promise<Result<IssuedTokenView>> {
    return this.#keep('stream', await this.api.tokens.create(request));
  }

  /** Operation 3: a token bound to a stream and a user. */
  async userBound(request: UserBoundRequest): Promise<Result<IssuedTokenView>> {
    return this.#keep('user', await this.api.tokens.createUserBound(request));
  }

  /** The form refused its fields before sending: its previous result no longer stands beside them. */
  failed(kind: Kind): void {
    this.#last[kind] = null;
  }

  #keep(kind: Kind, result: Result<IssuedTokenView>): Result<IssuedTokenView> {
    this.#last[kind] = result.ok ? result.value : null;
    return result;
  }
}
