/** Small helpers for editing one path of a JSON document without touching the rest (key order included). */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getPath(doc: unknown, path: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

export function hasPath(doc: unknown, path: readonly string[]): boolean {
  let node: unknown = doc;
  for (const key of path) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = node[key];
  }
  return true;
}

/**
 * A copy of `doc` with `path` set to `value` (or removed when `value` is undefined). Objects on the way are copied,
 * everything else is shared; a key that exists keeps its place, a new key goes last. A member on the way that is
 * not an object is replaced by one only when setting. After a removal, containers left empty by it are removed too,
 * except the document itself and any container listed in `keepEmpty`.
 */
export function setPath(doc: JsonObject, path: readonly string[], value: unknown, keepEmpty: readonly string[] = []): JsonObject {
  const [key, ...rest] = path;
  if (key === undefined) return doc;
  if (rest.length === 0) {
    if (value === undefined) {
      if (!Object.prototype.hasOwnProperty.call(doc, key)) return doc;
      const { [key]: _removed, ...others } = doc;
      return others;
    }
    return { ...doc, [key]: value };
  }
  const child = doc[key];
  if (value === undefined && !isObject(child)) return doc;
  const updated = setPath(isObject(child) ? child : {}, rest, value, keepEmpty);
  if (value === undefined && Object.keys(updated).length === 0 && !keepEmpty.includes(key)) {
    const { [key]: _emptied, ...others } = doc;
    return others;
  }
  return { ...doc, [key]: updated };
}

/** Deep equality of JSON values (object key order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}
