import type { OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import type { StateCounts } from '../storage/repositories/outbox-repository';

/**
 * The header's counts: the database's, with answers not committed yet moved from "sending" (what the disk still says)
 * to what they are. The next try is no earlier than the end of a pause for a server out of reach.
 */
export function summaryOf(saved: StateCounts, unsaved: Iterable<OutboxEntry>, runner: { offline: boolean; pausedUntil: number; sessionOnly: boolean }): OutboxSummary {
  const { counts } = saved;
  let next = saved.nextRetryAt;
  for (const entry of unsaved) {
    counts.sending -= 1;
    counts[entry.state] += 1;
    if (entry.state === 'retrying' && entry.nextAttemptAt) next = Math.min(next ?? Number.POSITIVE_INFINITY, Date.parse(entry.nextAttemptAt));
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
