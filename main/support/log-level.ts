import { z } from 'zod';
import { supportLogLevels } from '../../preload/contract/support';

/** The levels an operator can choose, most to least talkative (the contract's list: the About screen offers them). */
export const logLevels = supportLogLevels;
export const logLevelSchema = z.enum(logLevels);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const LOG_LEVEL_ENV = 'WATCHDESK_LOG_LEVEL';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** True when a line of `level` is written at the `threshold` chosen. */
export function isLevelOn(level: LogLevel, threshold: LogLevel): boolean {
  return logLevels.indexOf(level) >= logLevels.indexOf(threshold);
}

/**
 * The level in force: the environment variable wins (a support person asks for `WATCHDESK_LOG_LEVEL=debug` for one
 * run without touching settings), then the saved setting, then `info`. An unknown word is ignored, not fatal.
 */
export function effectiveLogLevel(env: NodeJS.ProcessEnv, setting: LogLevel | undefined): LogLevel {
  const fromEnv = logLevelSchema.safeParse(env[LOG_LEVEL_ENV]?.trim().toLowerCase());
  if (fromEnv.success) return fromEnv.data;
  return setting ?? DEFAULT_LOG_LEVEL;
}
