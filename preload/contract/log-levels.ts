/** The levels of the log file, most to least talkative (no zod here: main's log reads it before anything else loads). */
export const supportLogLevels = ['debug', 'info', 'warn', 'error'] as const;
export type SupportLogLevel = (typeof supportLogLevels)[number];
