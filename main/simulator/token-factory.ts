import { createHmac } from 'node:crypto';

export type TokenKind = 'api' | 'stream' | 'access';

const prefixes: Record<TokenKind, string> = { api: 'at_', stream: 'st_', access: 'ut_' };

/**
 * Opaque token values that repeat for a seed: HMAC(seed, kind + counter). They look random to a client (nothing
 * to parse), yet two simulators with the same seed hand out the same sequence, which keeps test output stable.
 */
export class TokenFactory {
  private readonly counters: Record<TokenKind, number> = { api: 0, stream: 0, access: 0 };

  constructor(private readonly seed: number) {}

  next(kind: TokenKind): string {
    const n = this.counters[kind];
    this.counters[kind] = n + 1;
    const mac = createHmac('sha256', `watchdesk-simulator:${this.seed}`).update(`${kind}:${n}`).digest('base64url');
    return `${prefixes[kind]}${mac.slice(0, 40)}`;
  }

  reset(): void {
    this.counters.api = 0;
    this.counters.stream = 0;
    this.counters.access = 0;
  }
}
