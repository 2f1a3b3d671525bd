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

export const saidSchema: z.ZodType<Said> = z.object({
  key: z.string().max(200),
  get values() {
    return z.record(z.string(), z.union([z.string(), z.number(), z.null(), saidSchema])).optional();
  },
});
