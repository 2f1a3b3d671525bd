import { registerSecret, scrubText } from './secret-scrub';
import { errorKindOf } from './error-kind';
import { DEFAULT_LOG_LEVEL, effectiveLogLevel, isLevelOn, type LogLevel } from './log-level';
import type { LogFile } from './log-file';

/**
 * The app's log. Each line goes to stderr as text and, once the app has opened it, to the rotating structured log
 * file in the data folder (main/support/log-file.ts: pino + pino-roll). Every secret the app handles is registered
 * with `redact` and is replaced before a line is written anywhere (with any `?token=` value), so a token that slips
 * into a message never reaches a terminal or a disk. The same list scrubs what main answers to the renderer
 * (see secret-scrub.ts). Lines below the level in force (WATCHDESK_LOG_LEVEL, else the setting, else info) are dropped.
 */
type Sink = (line: string) => void;

let sink: Sink = (line) => process.stderr.write(line + '\n');
let quiet = process.env.WATCHDESK_LOG === 'silent';
let level: LogLevel = effectiveLogLevel(process.env, undefined);
let file: LogFile | null = null;

function write(lineLevel: LogLevel, area: string, message: string, error?: unknown): void {
  if (!isLevelOn(lineLevel, level)) return;
  const kind = errorKindOf(error);
  file?.write(kind === undefined ? { level: lineLevel, area, message } : { level: lineLevel, area, message, kind });
  if (quiet && lineLevel !== 'error') return;
  sink(scrubText(`${new Date().toISOString()} ${lineLevel.toUpperCase()} [${area}] ${message}${kind === undefined ? '' : ` (${kind})`}`));
}

export const log = {
  debug: (area: string, message: string, error?: unknown) => write('debug', area, message, error),
  info: (area: string, message: string, error?: unknown) => write('info', area, message, error),
  warn: (area: string, message: string, error?: unknown) => write('warn', area, message, error),
  /** `error`, when given, names the line's `kind` in the file (its class, code or AppFailure kind). */
  error: (area: string, message: string, error?: unknown) => write('error', area, message, error),
  /** Marks a value as secret: from now on it is masked in every log line. */
  redact(secret: string): void {
    registerSecret(secret);
  },
  /** Redirects the text output (tests capture it to prove no secret is written). */
  setSink(next: Sink): void {
    sink = next;
  },
  setQuiet(next: boolean): void {
    quiet = next;
  },
  /** The level from the setting (the environment variable still wins); undefined goes back to the default. */
  setLevel(setting: LogLevel | undefined): void {
    level = effectiveLogLevel(process.env, setting ?? DEFAULT_LOG_LEVEL);
    file?.setLevel(level);
  },
  get level(): LogLevel {
    return level;
  },
  /** Puts the log file's buffered lines on disk now (before a crash record, or an export reads the file). */
  flush(): void {
    file?.flush();
  },
  /** Whether lines go to this file now (an app closing its file leaves another app's alone). */
  writesTo(candidate: LogFile): boolean {
    return file === candidate;
  },
  /** Lines go to this file too from now on (null: stderr only). The previous file is not closed here. */
  setFile(next: LogFile | null): void {
    file = next;
    next?.setLevel(level);
  },
};
