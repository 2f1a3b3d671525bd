import type { OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import type { StateCounts } from '../storage/repositories/outbox-repository';

/**
 * The header's counts, as durable as every other acknowledgement: an answer is counted as what it is (created, needs
 * fixing, …) only once it is synced to disk. Answers written but not yet synced (`syncing`: the database already reads
 * them) still count as "sending", as do answers only held in memory (the database still says "sending" for those).
 * The next try is no earlier than the end of a pause for a server out of reach.
 */
export function summaryOf(saved: StateCounts, syncing: Iterable<OutboxEntry>, runner: { offline: boolean; pausedUntil: number; sessionOnly: boolean }): OutboxSummary {
  const { counts } = saved;
  let next = saved.nextRetryAt;
  for (const entry of syncing) {
    counts[entry.state] -= 1;
    counts.sending += 1;
  }
  // Paused for a server out of reach: the next try is the outbox's own probe, even before any retry is saved.
  if (runner.offline && runner.pausedUntil > 0) next = Math.max(next ?? runner.pausedUntil, runner.pausedUntil);
  return {
    queued: counts.queued,
    sending: counts.sending,
    retrying: counts.retrying,
    needsFixing: counts['needs-fixing'],
    held: counts.held,
    created: counts.created,
    pending: counts.queued + counts.sending + counts.retrying,
    offline: runner.offline,
    nextAttemptAt: next === null ? null : new Date(Math.max(next, runner.pausedUntil)).toISOString(),
    sessionOnly: runner.sessionOnly,
    unreadable: null,
  };
}
