import type { MessageKey, MessageValues } from '../../../preload/contract/messages';
import { getPath, hasPath, isObject, jsonEqual, type JsonObject } from './json-path';
import { fieldPaths, readShapes, shapeArrayPath, type ShapeElement, type ShapeKind, type TaskFieldName } from './task-document';

/**
 * What replacing one task body by another changes, for the confirmation before the platform deletes the old task:
 * the form's fields, the shapes (by their number, as drawn), and every other member by its dotted path.
 */

type PlainField = Exclude<TaskFieldName, 'collections'>;

export type BodyChange =
  | { type: 'field'; field: PlainField; before: unknown; after: unknown }
  | { type: 'collections'; added: string[]; removed: string[]; before: unknown; after: unknown }
  | { type: 'shapeAdded'; kind: ShapeKind; number: number; points: number }
  | { type: 'shapeRemoved'; kind: ShapeKind; number: number; points: number }
  | { type: 'shapeReshaped'; kind: ShapeKind; number: number; before: number; after: number; moved: number }
  | { type: 'member'; path: string; before: unknown; after: unknown };

const plainFields: PlainField[] = ['caseType', 'cameraGroupUid', 'sourceUid', 'sourceUrl', 'scoreThreshold'];

/** Paths the field and shape comparisons cover; the generic walk skips them. */
const coveredPaths = new Set([...Object.values(fieldPaths).map((path) => path.join('.')), ...Object.values(shapeArrayPath).map((path) => path.join('.'))]);

function valueAt(doc: JsonObject, path: readonly string[]): unknown {
  return hasPath(doc, path) ? getPath(doc, path) : undefined;
}

function diffCollections(before: unknown, after: unknown): BodyChange[] {
  if (jsonEqual(before, after)) return [];
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const lists = Array.isArray(before) || before === undefined ? Array.isArray(after) || after === undefined : false;
  if (!lists) return [{ type: 'member', path: 'Collections', before, after }];
  const old = strings(before);
  const now = strings(after);
  const added = now.filter((uid) => !old.includes(uid));
  const removed = old.filter((uid) => !now.includes(uid));
  if (added.length === 0 && removed.length === 0) return [{ type: 'member', path: 'Collections', before, after }];
  return [{ type: 'collections', added, removed, before, after }];
}

function pointsKeyOf(element: ShapeElement): string | null {
  return element.drawable ? element.template.pointsKey : null;
}

function diffElement(kind: ShapeKind, before: ShapeElement | undefined, after: ShapeElement | undefined, index: number): BodyChange[] {
  const number = index + 1;
  const base = `${shapeArrayPath[kind].join('.')}.${index}`;
  if (before && after && contentOf(before) === contentOf(after)) return [];
  if (!before && after) return [after.drawable ? { type: 'shapeAdded', kind, number, points: after.points.length } : { type: 'member', path: base, before: undefined, after: after.raw }];
  if (before && !after) return [before.drawable ? { type: 'shapeRemoved', kind, number, points: before.points.length } : { type: 'member', path: base, before: before.raw, after: undefined }];
  if (!before || !after) return [];
  const rawBefore = before.drawable ? before.template.original : before.raw;
  const rawAfter = after.drawable ? currentRaw(after) : after.raw;
  if (jsonEqual(rawBefore, rawAfter)) return [];
  if (!before.drawable || !after.drawable) return [{ type: 'member', path: base, before: rawBefore, after: rawAfter }];
  const changes: BodyChange[] = [];
  if (!jsonEqual(before.points, after.points)) {
    const common = Math.min(before.points.length, after.points.length);
    let moved = 0;
    for (let i = 0; i < common; i += 1) if (!jsonEqual(before.points[i], after.points[i])) moved += 1;
    changes.push({ type: 'shapeReshaped', kind, number, before: before.points.length, after: after.points.length, moved });
  }
  if (isObject(rawBefore) && isObject(rawAfter)) {
    const skip = new Set([pointsKeyOf(before), pointsKeyOf(after)].filter((key): key is string => key !== null));
    changes.push(...diffMembers(rawBefore, rawAfter, base, skip));
  }
  return changes;
}

/** The element as it stands now (its template holds the element as read; points may have moved since). */
function currentRaw(element: ShapeElement): unknown {
  if (!element.drawable) return element.raw;
  const { template } = element;
  if (template.pointsKey === null || !isObject(template.original)) return element.points;
  return { ...template.original, [template.pointsKey]: element.points };
}

function diffShapes(before: JsonObject, after: JsonObject, kind: ShapeKind): BodyChange[] {
  const path = shapeArrayPath[kind];
  const rawBefore = valueAt(before, path);
  const rawAfter = valueAt(after, path);
  if (jsonEqual(rawBefore, rawAfter)) return [];
  const listBefore = readShapes(before, kind);
  const listAfter = readShapes(after, kind);
  if (listBefore.notAList || listAfter.notAList) return [{ type: 'member', path: path.join('.'), before: rawBefore, after: rawAfter }];
  const changes: BodyChange[] = [];
  for (const [before, after] of alignElements(listBefore.elements, listAfter.elements)) {
    // Numbered as the operator sees them: a removed shape by its number before, any other by its number now.
    const index = after ? after.index : before!.index;
    changes.push(...diffElement(kind, before, after, index));
  }
  return changes;
}

/** An element's content as sent (points as they stand now), for telling which elements stayed the same. */
function contentOf(element: ShapeElement): string {
  return JSON.stringify(element.drawable ? currentRaw(element) : element.raw);
}

/**
 * The elements before and after, paired: unchanged ones by content, in order (a longest common subsequence), so
 * deleting zone 2 of 3 reads "zone 2 removed", not "zone 2 reshaped, zone 3 removed"; between two unchanged ones,
 * the rest pair up in order (a reshaped shape), and what is left over was added or removed.
 */
export function alignElements<T extends ShapeElement>(before: readonly T[], after: readonly T[]): Array<[T | undefined, T | undefined]> {
  const a = before.map(contentOf);
  const b = after.map(contentOf);
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) for (let j = b.length - 1; j >= 0; j -= 1) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const pairs: Array<[T | undefined, T | undefined]> = [];
  let gapBefore: T[] = [];
  let gapAfter: T[] = [];
  const flush = () => {
    const n = Math.max(gapBefore.length, gapAfter.length);
    for (let k = 0; k < n; k += 1) pairs.push([gapBefore[k], gapAfter[k]]);
    gapBefore = [];
    gapAfter = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      pairs.push([before[i], after[j]]);
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) gapBefore.push(before[i++]!);
    else gapAfter.push(after[j++]!);
  }
  flush();
  return pairs;
}

function diffMembers(before: JsonObject, after: JsonObject, prefix: string, skip: ReadonlySet<string> = new Set()): BodyChange[] {
  const changes: BodyChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (skip.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (coveredPaths.has(path)) continue;
    const a = Object.prototype.hasOwnProperty.call(before, key) ? before[key] : undefined;
    const b = Object.prototype.hasOwnProperty.call(after, key) ? after[key] : undefined;
    if (jsonEqual(a, b)) continue;
    if (isObject(a) && isObject(b)) changes.push(...diffMembers(a, b, path));
    else if (!coversSomething(path)) changes.push({ type: 'member', path, before: a, after: b });
    else changes.push(...diffMembers(isObject(a) ? a : {}, isObject(b) ? b : {}, path));
  }
  return changes;
}

/** True when a covered path lies under this one (Source, Pipeline, Pipeline.Detector): walk into it instead. */
function coversSomething(path: string): boolean {
  for (const covered of coveredPaths) if (covered.startsWith(`${path}.`)) return true;
  return false;
}

/** Every change from `before` to `after`, fields first, then shapes, then other members. */
export function diffBodies(before: JsonObject, after: JsonObject): BodyChange[] {
  const changes: BodyChange[] = [];
  for (const field of plainFields) {
    const a = valueAt(before, fieldPaths[field]);
    const b = valueAt(after, fieldPaths[field]);
    if (!jsonEqual(a, b)) changes.push({ type: 'field', field, before: a, after: b });
  }
  changes.push(...diffCollections(valueAt(before, fieldPaths.collections), valueAt(after, fieldPaths.collections)));
  changes.push(...diffShapes(before, after, 'area'), ...diffShapes(before, after, 'fence'));
  changes.push(...diffMembers(before, after, ''));
  return changes;
}

// ---------------------------------------------------------------------------------------------------------------
// In words

export type Translate = (key: MessageKey, values?: MessageValues) => string;

const fieldLabel: Record<PlainField, MessageKey> = {
  caseType: 'analytics.form.caseType',
  cameraGroupUid: 'analytics.form.cameraGroup',
  sourceUid: 'analytics.form.sourceUid',
  sourceUrl: 'analytics.form.sourceUrl',
  scoreThreshold: 'analytics.form.scoreThreshold',
};

/** A value as shown in a sentence: strings in quotes, others as JSON, long ones cut. */
export function shownValue(value: unknown, tr: Translate): string {
  if (value === undefined) return tr('analytics.diff.absent');
  const raw = typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
  return raw.length > 80 ? `${raw.slice(0, 79)}…` : raw;
}

function shapeName(kind: ShapeKind, number: number, tr: Translate): string {
  return tr(kind === 'area' ? 'analytics.shapes.areaName' : 'analytics.shapes.fenceName', { number });
}

export function describeChange(change: BodyChange, tr: Translate): string {
  switch (change.type) {
    case 'field':
      if (change.before === undefined) return tr('analytics.diff.fieldSet', { field: tr(fieldLabel[change.field]), after: shownValue(change.after, tr) });
      if (change.after === undefined) return tr('analytics.diff.fieldRemoved', { field: tr(fieldLabel[change.field]), before: shownValue(change.before, tr) });
      return tr('analytics.diff.fieldChanged', { field: tr(fieldLabel[change.field]), before: shownValue(change.before, tr), after: shownValue(change.after, tr) });
    case 'collections': {
      const parts: string[] = [];
      if (change.added.length) parts.push(tr('analytics.diff.collectionsAdded', { list: change.added.join(', '), count: change.added.length }));
      if (change.removed.length) parts.push(tr('analytics.diff.collectionsRemoved', { list: change.removed.join(', '), count: change.removed.length }));
      return parts.join(' ');
    }
    case 'shapeAdded':
      return tr('analytics.diff.shapeAdded', { shape: shapeName(change.kind, change.number, tr), count: change.points });
    case 'shapeRemoved':
      return tr('analytics.diff.shapeRemoved', { shape: shapeName(change.kind, change.number, tr), count: change.points });
    case 'shapeReshaped':
      if (change.before === change.after) return tr('analytics.diff.shapeMoved', { shape: shapeName(change.kind, change.number, tr), count: change.moved });
      return tr('analytics.diff.shapeRepointed', { shape: shapeName(change.kind, change.number, tr), before: change.before, after: change.after });
    case 'member':
      if (change.before === undefined) return tr('analytics.diff.memberAdded', { path: change.path, after: shownValue(change.after, tr) });
      if (change.after === undefined) return tr('analytics.diff.memberRemoved', { path: change.path, before: shownValue(change.before, tr) });
      return tr('analytics.diff.memberChanged', { path: change.path, before: shownValue(change.before, tr), after: shownValue(change.after, tr) });
  }
}
