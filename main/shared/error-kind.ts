/**
 * A short name for what went wrong, for the structured log's `kind` field: an AppFailure's kind, a Node error's
 * code, or the error's class name. Never its message (that is the line's message, scrubbed).
 */
export function errorKindOf(error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined;
  if (typeof error !== 'object') return typeof error;
  const record = error as { appError?: { kind?: unknown }; code?: unknown; name?: unknown };
  if (record.appError && typeof record.appError.kind === 'string') return record.appError.kind;
  if (typeof record.code === 'string') return record.code;
  if (typeof record.name === 'string') return record.name;
  return 'object';
}
