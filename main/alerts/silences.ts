import type { StateChange } from './rule-state';

/**
 * What the operator did about an alert, kept beside its state: snoozed until a time, acknowledged with a note, or the
 * whole device muted. None of them changes the state machine (the state and its log stay true); they decide whether
 * the console interrupts the operator about a change. Pure.
 */
export interface Silence {
  /** No notification for this alert before this time (ms); null when not snoozed. */
  snoozedUntil: number | null;
  /** Acknowledged while firing: its repeats stay quiet until it resolves (then the acknowledgement ends). */
  acknowledged: { at: number; note: string } | null;
}

export const NO_SILENCE: Silence = { snoozedUntil: null, acknowledged: null };

/**
 * Whether a change should raise a notification. Only firing and resolved changes do; a muted device never does; a
 * snoozed alert does not until its snooze ends; an acknowledged alert does not tell its resolution again (the
 * operator already took it).
 */
export function shouldNotify(change: StateChange, silence: Silence, deviceMuted: boolean): boolean {
  const told = change.to === 'firing' || (change.from === 'firing' && change.to === 'normal');
  if (!told || deviceMuted) return false;
  if (silence.snoozedUntil !== null && change.at < silence.snoozedUntil) return false;
  if (change.from === 'firing' && silence.acknowledged !== null) return false;
  return true;
}

/** The silence after a change: an acknowledgement ends with the firing it acknowledged; a snooze that ran out drops. */
export function silenceAfter(change: StateChange, silence: Silence): Silence {
  const ended = change.from === 'firing' && change.to !== 'firing';
  const snoozeOver = silence.snoozedUntil !== null && change.at >= silence.snoozedUntil;
  if (!ended && !snoozeOver) return silence;
  return { snoozedUntil: snoozeOver ? null : silence.snoozedUntil, acknowledged: ended ? null : silence.acknowledged };
}

/** Acknowledging needs a firing (or pending) alert; the note is what the next operator reads. */
export function acknowledge(silence: Silence, at: number, note: string): Silence {
  return { ...silence, acknowledged: { at, note: note.trim() } };
}

export function snooze(silence: Silence, until: number | null): Silence {
  return { ...silence, snoozedUntil: until };
}
