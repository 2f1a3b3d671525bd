import { log } from './log';

/** A desktop notification: a title and one sentence. */
export interface Note {
  title: string;
  body: string;
  /** Where a click takes the operator (a screen hash such as `#/agents/watch/<list>`), when it leads somewhere. */
  link?: string;
}

/**
 * Desktop notifications, raised by main only (the renderer never asks the OS for a notification permission).
 * Electron passes one that shows OS notifications (main/electron/notifier.ts); elsewhere (web host, tests) the notes
 * are kept in memory and logged.
 */
export interface Notifier {
  notify(note: Note): void;
}

export interface RecordingNotifier extends Notifier {
  /** Every note sent, oldest first (tests read it). */
  readonly sent: readonly Note[];
}

/** The notifier where no desktop is at hand: records the last notes and logs them. */
export function createRecordingNotifier(keep = 200): RecordingNotifier {
  const sent: Note[] = [];
  return {
    sent,
    notify(note) {
      sent.push(note);
      if (sent.length > keep) sent.splice(0, sent.length - keep);
      log.info('notify', `${note.title}: ${note.body}`);
    },
  };
}
