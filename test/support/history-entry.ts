import type { HistoryEntry } from '../../preload/contract/tokens';

/** A stream token's history entry, numbered: `id-<n>`, stream `cam-<n>`, issued `n` seconds after a fixed instant. */
export function historyEntry(n: number): HistoryEntry {
  return {
    id: `id-${n}`,
    kind: 'stream',
    stream: `cam-${n}`,
    user: null,
    live: true,
    dvr: false,
    copy: false,
    ttl: 3600,
    from: 0,
    to: 0,
    token: `st_secret_token_${n}`,
    issuedAt: new Date(1_780_000_000_000 + n * 1000).toISOString(),
    expiresAt: null,
    profileId: 'p',
    profileName: 'Demo',
    note: '',
    batchId: null,
  };
}
