import { z } from 'zod';

/**
 * A sentence main wrote, kept as how to say it: the catalog key and the values put into it. The page says it again in
 * the language it shows now, so a report or an error made in English reads in Russian after a switch (and the other
 * way round), instead of staying in the language of the moment it was made. A value may itself be such a sentence
 * (a reason inside a sentence). `message` beside it stays the sentence as written, for logs and anything older.
 */
export interface Said {
  key: string;
  values?: Record<string, SaidValue>;
}
export type SaidValue = string | number | null | Said;

/** Deeper than any sentence main makes (a reason inside a sentence, rarely inside another). */
const SAID_MAX_DEPTH = 8;

/** Whether `value` nests sentences no deeper than `limit`, found without recursion into anything deeper. */
function shallowEnough(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return false;
    const next: unknown[] = [];
    for (const item of level) {
      const values = item !== null && typeof item === 'object' ? (item as { values?: unknown }).values : undefined;
      if (values !== null && typeof values === 'object') for (const inner of Object.values(values)) if (inner !== null && typeof inner === 'object') next.push(inner);
    }
    level = next;
  }
  return true;
}

/**
 * A kept sentence read back (from the disk): one nested deeper than SAID_MAX_DEPTH is refused before it is walked,
 * so no depth can overflow the stack of the check itself.
 */
export const saidSchema: z.ZodType<Said> = z
  .custom<unknown>((value) => shallowEnough(value, SAID_MAX_DEPTH))
  .pipe(
    z.object({
      key: z.string().max(200),
      get values() {
        return z.record(z.string(), z.union([z.string(), z.number(), z.null(), saidSchema])).optional();
      },
    }),
  );
