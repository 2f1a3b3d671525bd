import { z } from 'zod';

/**
 * zod's compiled form of a schema (`z.compile`), made on its first use rather than when main loads: compiling is
 * code generation, a few milliseconds a schema that every start of the console paid before its window or page could
 * open, while only a watch list or a camera import ever checks with it.
 */
export function compiledOnFirstUse<S extends z.ZodType>(schema: S): () => S {
  let compiled: S | undefined;
  return () => (compiled ??= z.compile(schema));
}
