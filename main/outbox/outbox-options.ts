import type { CameraCreateResponse, OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import type { OutboxRepository } from '../storage/repositories/outbox-repository';

/** Sends one entry's request; throws AppFailure for every failure (the platform client does). */
export type SendCamera = (entry: OutboxEntry, signal: AbortSignal) => Promise<CameraCreateResponse>;

export interface OutboxOptions {
  repository: OutboxRepository;
  send: SendCamera;
  /** Requests on the wire at once (default 4). */
  concurrency?: number;
  /** Backoff of an entry's first retry, and of the outbox's first probe of a server out of reach; doubles per try. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest wait between two probes of a server out of reach (default 15 s). */
  maxProbeDelayMs?: number;
  now?: () => number;
  random?: () => number;
  /** Called (at most every `changeThrottleMs`) with the new summary after any change. */
  onChange?: (summary: OutboxSummary) => void;
  changeThrottleMs?: number;
  sessionOnly?: boolean;
  /** Entries marked as on the wire by one commit, ahead of their sends (default 32 × concurrency). */
  dispatchAhead?: number;
  /** Answers gathered this long before they are committed together, while more are coming (default 100 ms). */
  outcomeDelayMs?: number;
  /** Rows per transaction of a large enqueue (default 500); the event loop gets a turn between them. */
  chunkRows?: number;
}

/** The options with their defaults. */
export type Tuning = Required<Omit<OutboxOptions, 'repository' | 'send' | 'onChange'>>;

export function withDefaults(options: OutboxOptions): Tuning {
  const concurrency = options.concurrency ?? 4;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  return {
    concurrency,
    baseDelayMs: options.baseDelayMs ?? 1_000,
    maxDelayMs,
    maxProbeDelayMs: Math.min(maxDelayMs, options.maxProbeDelayMs ?? 15_000),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    changeThrottleMs: options.changeThrottleMs ?? 100,
    sessionOnly: options.sessionOnly ?? false,
    dispatchAhead: Math.max(1, options.dispatchAhead ?? concurrency * 32),
    outcomeDelayMs: options.outcomeDelayMs ?? 100,
    chunkRows: Math.max(1, options.chunkRows ?? 500),
  };
}
