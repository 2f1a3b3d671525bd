import type { MessageKey, MessageValues } from '../messages';

/**
 * A rule that failed, as a catalog key and its values: the renderer says it with `t()`, main with its own `t()`, so
 * the same rule reads in the operator's language on both sides of the door.
 */
export interface Problem {
  key: MessageKey;
  values?: MessageValues;
}

/** Field path (the wire path, `streams.0.archive_storage_days`) -> what is wrong with it. */
export type Problems = Record<string, Problem[]>;

export function addProblem(problems: Problems, field: string, key: MessageKey, values?: MessageValues): void {
  (problems[field] ??= []).push(values ? { key, values } : { key });
}
