import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino, stdTimeFunctions, type Logger } from 'pino';
import pinoRoll from 'pino-roll';
import { scrubText } from './secret-scrub';
import type { LogLevel } from './log-level';

/** `<data folder>/logs/watchdesk.<n>.log`: pino-roll numbers the files and starts the next one past the size cap. */
export const LOG_FOLDER = 'logs';
const BASE_NAME = 'watchdesk';
const EXTENSION = '.log';
/** 2 MB a file, the current one and 4 older: about 10 MB of lines at most, weeks of a normal desk's `info`. */
export const LOG_FILE_SIZE = '2m';
export const LOG_FILES_KEPT = 4;

/** One structured line: what the log file holds, one JSON object a line. */
export interface LogEntry {
  level: LogLevel;
  area: string;
  message: string;
  /** What kind of error a line is about (an AppFailure kind, a Node error code), when it is about one. */
  kind?: string;
}

export interface LogFile {
  readonly folder: string;
  write(entry: LogEntry): void;
  setLevel(level: LogLevel): void;
  /** Writes out what is buffered, synchronously. */
  flush(): void;
  close(): Promise<void>;
}

/**
 * Opens the rotating log file through pino (structured JSON lines: time, level, area, message, kind) and pino-roll
 * (size-capped files, a few kept). Every serialised line passes the secret scrub just before it is written
 * (`hooks.streamWrite`), so a registered secret or a `?token=` value that slips into a message, an area or a kind
 * never reaches the disk. Written in this thread (no worker transport: it bundles and runs the same in Electron's main
 * and under plain Node), through sonic-boom's asynchronous writes (pino-roll rolls over once a write has drained; in
 * its synchronous mode it never would). `flush()` puts what is buffered on disk at once (a crash record does so).
 */
export async function openLogFile(dataDir: string, level: LogLevel): Promise<LogFile> {
  const folder = join(dataDir, LOG_FOLDER);
  // Owner-only, like the database: the lines are scrubbed, but what a console did is nobody else's business.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stream = await pinoRoll({
    mode: 0o600,
    file: join(folder, BASE_NAME),
    extension: EXTENSION,
    size: LOG_FILE_SIZE,
    limit: { count: LOG_FILES_KEPT },
    mkdir: true,
  });
  const logger: Logger = pino(
    {
      level,
      base: null,
      messageKey: 'message',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: scrubText },
    },
    stream,
  );
  let closed = false;
  // A full disk or a folder gone read-only under the app: the file stops, said once on the terminal, and the app goes
  // on (an unhandled stream error would end the process, and a log must never be the reason the console stops).
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (closed) return;
    closed = true;
    process.stderr.write(`The log file in ${folder} cannot be written (${error.code ?? error.message}); log lines go to the terminal only.\n`);
    stream.destroy();
  });
  return {
    folder,
    write({ level: lineLevel, area, message, kind }) {
      if (closed) return;
      logger[lineLevel](kind === undefined ? { area } : { area, kind }, message);
    },
    setLevel(next) {
      logger.level = next;
    },
    flush() {
      try {
        if (!closed) stream.flushSync();
      } catch {
        // A write already under way: its lines land when it finishes.
      }
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.once('error', () => resolve());
        stream.end();
      });
    },
  };
}

/** The log files in a folder, newest first (the highest number is the file being written). */
export async function logFilesNewestFirst(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const numbered = names
    .map((name) => ({ name, n: new RegExp(`^${BASE_NAME}\\.(\\d+)\\${EXTENSION}$`).exec(name)?.[1] }))
    .filter((file): file is { name: string; n: string } => file.n !== undefined)
    .sort((a, b) => Number(b.n) - Number(a.n));
  return numbered.map((file) => join(folder, file.name));
}

/** The last `count` lines written, across files when the current one is young. */
export async function lastLogLines(folder: string, count: number): Promise<string[]> {
  const lines: string[] = [];
  for (const file of await logFilesNewestFirst(folder)) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const fileLines = text.split('\n').filter((line) => line.length > 0);
    lines.unshift(...fileLines.slice(-(count - lines.length)));
    if (lines.length >= count) break;
  }
  return lines;
}
