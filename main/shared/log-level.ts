import { supportLogLevels, type SupportLogLevel } from '../../preload/contract/log-levels';

/** The levels an operator can choose, most to least talkative (the contract's list: the About screen offers them). */
export const logLevels = supportLogLevels;
export type LogLevel = SupportLogLevel;

export const LOG_LEVEL_ENV = 'WATCHDESK_LOG_LEVEL';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** The word as a level, or null (no zod: the log is loaded before anything else, and must stay light). */
export function parseLogLevel(value: unknown): LogLevel | null {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (logLevels as readonly string[]).includes(word) ? (word as LogLevel) : null;
}

/** True when a line of `level` is written at the `threshold` chosen. */
export function isLevelOn(level: LogLevel, threshold: LogLevel): boolean {
  return logLevels.indexOf(level) >= logLevels.indexOf(threshold);
}

/**
 * The level in force: the environment variable wins (a support person asks for `WATCHDESK_LOG_LEVEL=debug` for one
 * run without touching settings), then the saved setting, then `info`. An unknown word is ignored, not fatal.
 */
export function effectiveLogLevel(env: NodeJS.ProcessEnv, setting: LogLevel | undefined): LogLevel {
  return parseLogLevel(env[LOG_LEVEL_ENV]) ?? setting ?? DEFAULT_LOG_LEVEL;
}
