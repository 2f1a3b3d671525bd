/**
 * The app's log: one line per event on stderr. Every secret the app handles is registered with `redact` and is
 * replaced before a line is written, so a token that slips into a message never reaches the log.
 */
const secrets = new Set<string>();
type Level = 'debug' | 'info' | 'warn' | 'error';
type Sink = (line: string) => void;

let sink: Sink = (line) => process.stderr.write(line + '\n');
let quiet = process.env.WATCHDESK_LOG === 'silent';

function scrub(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

function write(level: Level, area: string, message: string): void {
  if (quiet && level !== 'error') return;
  sink(scrub(`${new Date().toISOString()} ${level.toUpperCase()} [${area}] ${message}`));
}

export const log = {
  debug: (area: string, message: string) => write('debug', area, message),
  info: (area: string, message: string) => write('info', area, message),
  warn: (area: string, message: string) => write('warn', area, message),
  error: (area: string, message: string) => write('error', area, message),
  /** Marks a value as secret: from now on it is masked in every log line. */
  redact(secret: string): void {
    if (secret) secrets.add(secret);
  },
  /** Redirects output (tests capture it to prove no secret is written). */
  setSink(next: Sink): void {
    sink = next;
  },
  setQuiet(next: boolean): void {
    quiet = next;
  },
};
