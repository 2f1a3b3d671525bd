import type { z } from 'zod';
import { expect } from 'vitest';

/**
 * Holds a compiled schema to the general parser it was compiled from: for `input`, both accept or both refuse; an
 * accepted input gives the same data, a refused one the same issues, and the compiled quick check agrees.
 */
export function expectSameVerdict<T extends z.ZodType>(general: T, compiled: { safeParse: T['safeParse']; validate: (input: unknown) => boolean }, input: unknown): void {
  const generalResult = general.safeParse(input);
  const compiledResult = compiled.safeParse(input);
  expect(compiled.validate(input)).toBe(generalResult.success);
  expect(compiledResult.success).toBe(generalResult.success);
  if (generalResult.success) expect(compiledResult.data).toEqual(generalResult.data);
  else expect(compiledResult.error?.issues).toEqual(generalResult.error.issues);
}
