// Helpers for the tests that hold a compiled schema to the general parser's verdict: every field of a sample, one
// level deep, and the sample with one of those fields replaced (or removed).

export type FieldPath = [string] | [string, string];

export function fieldPathsOf(sample: object): FieldPath[] {
  return Object.entries(sample).flatMap(([key, value]): FieldPath[] =>
    value !== null && typeof value === 'object' ? [[key], ...Object.keys(value).map((inner): FieldPath => [key, inner])] : [[key]],
  );
}

/** A copy of `sample` with the field at `path` set to `replacement`, or removed when it is undefined. */
export function withValue(sample: object, path: FieldPath, replacement: unknown): unknown {
  const copy = structuredClone(sample) as Record<string, unknown>;
  const parent = (path.length === 2 ? copy[path[0]] : copy) as Record<string, unknown>;
  const key = path[path.length - 1]!;
  if (replacement === undefined) delete parent[key];
  else parent[key] = replacement;
  return copy;
}
