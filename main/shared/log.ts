import { registerSecret, scrubText } from './secret-scrub';

/**
 * The app's log: one line per event on stderr. Every secret the app handles is registered with `redact` and is
 * replaced before a line is written (with any `?token=` value), so a token that slips into a message never reaches
 * the log. The same list scrubs what main answers to the renderer (see secret-scrub.ts).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
type Sink = (line: string) => void;

let sink: Sink = (line) => process.stderr.write(line + '\n');
let quiet = process.env.WATCHDESK_LOG === 'silent';

function write(level: Level, area: string, message: string): void {
  if (quiet && level !== 'error') return;
  sink(scrubText(`${new Date().toISOString()} ${level.toUpperCase()} [${area}] ${message}`));
}

export const log = {
  debug: (area: string, message: string) => write('debug', area, message),
  info: (area: string, message: string) => write('info', area, message),
  warn: (area: string, message: string) => write('warn', area, message),
  error: (area: string, message: string) => write('error', area, message),
  /** Marks a value as secret: from now on it is masked in every log line. */
  redact(secret: string): void {
    registerSecret(secret);
  },
  /** Redirects output (tests capture it to prove no secret is written). */
  setSink(next: Sink): void {
    sink = next;
  },
  setQuiet(next: boolean): void {
    quiet = next;
  },
};
