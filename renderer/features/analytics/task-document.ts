import { getPath, hasPath, isObject, jsonEqual, setPath, type JsonObject } from './json-path';
import type { Point } from './geometry';

/**
 * The task body as the operator's JSON document, read into the form's fields and the canvas's shapes and written
 * back. The document is the truth: the form and the canvas change only the paths they own, and only when their
 * value really changed, so every other member (other Pipeline keys, Regions, a shape's Name…) is sent back as it
 * came, and writing back what was read gives the same document.
 *
 * The spec does not show the element shape of Areas and Fences. The simulator and the vendor's examples use
 * `{ "Points": [[x, y], …] }` with x and y as fractions of the frame; that is what new shapes get. Elements in
 * other forms are read when their points are recognisable (`[x, y]`, `{x, y}` or `{X, Y}`; the list under Points,
 * points or Coordinates, or the element itself a list of points) and written back in the same form. Anything else
 * is kept untouched and listed as "not drawn".
 */

export type ShapeKind = 'area' | 'fence';

export const shapeArrayPath: Record<ShapeKind, readonly string[]> = {
  area: ['Pipeline', 'Areas'],
  fence: ['Pipeline', 'Fences'],
};

/** The form's fields: the body's documented members other than the shapes. */
export interface TaskFields {
  caseType: string;
  cameraGroupUid: string;
  sourceUid: string;
  sourceUrl: string;
  /** null: the body has no Collections member. */
  collections: string[] | null;
  /** null: the body has no ScoreThreshold. */
  scoreThreshold: number | null;
}

export type TaskFieldName = keyof TaskFields;

export const fieldPaths: Record<TaskFieldName, readonly string[]> = {
  caseType: ['CaseType'],
  cameraGroupUid: ['CameraGroupUid'],
  sourceUid: ['Source', 'Uid'],
  sourceUrl: ['Source', 'Url'],
  collections: ['Collections'],
  scoreThreshold: ['Pipeline', 'Detector', 'ScoreThreshold'],
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
}

export function readFields(doc: JsonObject): TaskFields {
  const collections = getPath(doc, fieldPaths.collections);
  const threshold = getPath(doc, fieldPaths.scoreThreshold);
  return {
    caseType: text(doc.CaseType),
    cameraGroupUid: text(doc.CameraGroupUid),
    sourceUid: text(getPath(doc, fieldPaths.sourceUid)),
    sourceUrl: text(getPath(doc, fieldPaths.sourceUrl)),
    collections: Array.isArray(collections) ? collections.map(text) : null,
    scoreThreshold: typeof threshold === 'number' && Number.isFinite(threshold) ? threshold : null,
  };
}

function wireValue(name: TaskFieldName, fields: TaskFields): unknown {
  if (name === 'collections') return fields.collections ?? undefined;
  if (name === 'scoreThreshold') return fields.scoreThreshold ?? undefined;
  return fields[name];
}

/** The document with the fields that differ from what it says now written in; everything else unchanged. */
export function writeFields(doc: JsonObject, fields: Partial<TaskFields>): JsonObject {
  const now = readFields(doc);
  const wanted = { ...now, ...fields };
  let next = doc;
  for (const name of Object.keys(fields) as TaskFieldName[]) {
    if (jsonEqual(wanted[name], now[name])) continue;
    next = setPath(next, fieldPaths[name], wireValue(name, wanted), ['Pipeline']);
  }
  return next;
}

/** Case types whose tasks carry Collections (spec: face and licence plate recognition). Values are not listed in the
 * spec, so this is a reading of the name, not a list: any case type that mentions recognition. */
export function isRecognitionCaseType(caseType: string): boolean {
  return /recogn/i.test(caseType);
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes

export type PointStyle = 'pair' | 'xy' | 'XY';

interface ShapeTemplate {
  /** `null`: the element is itself the list of points. */
  pointsKey: string | null;
  style: PointStyle;
  /** The element as it was read, written back as it is while its points are unchanged. */
  original: unknown;
  originalPoints: Point[];
}

export interface DrawnShape {
  kind: ShapeKind;
  /** Position in its array (Areas or Fences). */
  index: number;
  drawable: true;
  points: Point[];
  template: ShapeTemplate;
}

export interface KeptElement {
  kind: ShapeKind;
  index: number;
  drawable: false;
  raw: unknown;
}

export type ShapeElement = DrawnShape | KeptElement;

export interface ShapeList {
  elements: ShapeElement[];
  /** The member exists but is not a list: nothing can be drawn into it without replacing it. */
  notAList: boolean;
}

const pointsKeys = ['Points', 'points', 'Coordinates', 'coordinates'] as const;

function readPoint(value: unknown): { point: Point; style: PointStyle } | null {
  if (Array.isArray(value)) {
    if (value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number') return { point: [value[0], value[1]], style: 'pair' };
    return null;
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort().join(',');
    if (keys === 'x,y' && typeof value.x === 'number' && typeof value.y === 'number') return { point: [value.x, value.y], style: 'xy' };
    if (keys === 'X,Y' && typeof value.X === 'number' && typeof value.Y === 'number') return { point: [value.X, value.Y], style: 'XY' };
  }
  return null;
}

function readPoints(list: unknown[]): { points: Point[]; style: PointStyle } | null {
  const points: Point[] = [];
  let style: PointStyle | null = null;
  for (const item of list) {
    const read = readPoint(item);
    if (!read || (style !== null && read.style !== style)) return null;
    style = read.style;
    points.push(read.point);
  }
  return { points, style: style ?? 'pair' };
}

function readElement(kind: ShapeKind, index: number, raw: unknown): ShapeElement {
  const kept: KeptElement = { kind, index, drawable: false, raw };
  if (Array.isArray(raw)) {
    if (raw.length === 0) return kept;
    const read = readPoints(raw);
    return read ? { kind, index, drawable: true, points: read.points, template: { pointsKey: null, style: read.style, original: raw, originalPoints: read.points } } : kept;
  }
  if (!isObject(raw)) return kept;
  const key = pointsKeys.find((k) => Array.isArray(raw[k]));
  if (!key) return kept;
  const read = readPoints(raw[key] as unknown[]);
  return read ? { kind, index, drawable: true, points: read.points, template: { pointsKey: key, style: read.style, original: raw, originalPoints: read.points } } : kept;
}

export function readShapes(doc: JsonObject, kind: ShapeKind): ShapeList {
  const list = getPath(doc, shapeArrayPath[kind]);
  if (list === undefined || list === null) return { elements: [], notAList: false };
  if (!Array.isArray(list)) return { elements: [], notAList: true };
  return { elements: list.map((raw, index) => readElement(kind, index, raw)), notAList: false };
}

function writePoint(point: Point, style: PointStyle): unknown {
  if (style === 'xy') return { x: point[0], y: point[1] };
  if (style === 'XY') return { X: point[0], Y: point[1] };
  return [point[0], point[1]];
}

function writeElement(element: ShapeElement): unknown {
  if (!element.drawable) return element.raw;
  const { template, points } = element;
  if (jsonEqual(points, template.originalPoints)) return template.original;
  const written = points.map((point) => writePoint(point, template.style));
  if (template.pointsKey === null) return written;
  return { ...(template.original as JsonObject), [template.pointsKey]: written };
}

/** A new shape in the simulator's and vendor examples' form: `{ "Points": [[x, y], …] }`. */
export function newShape(kind: ShapeKind, index: number, points: Point[]): DrawnShape {
  const original = { Points: [] };
  return { kind, index, drawable: true, points, template: { pointsKey: 'Points', style: 'pair', original, originalPoints: [] } };
}

/**
 * The document with Areas or Fences made of these elements. When nothing changed the document comes back as it
 * was; an empty list is written as `[]` when the member existed and left out when it did not.
 */
export function writeShapes(doc: JsonObject, kind: ShapeKind, elements: readonly ShapeElement[]): JsonObject {
  const path = shapeArrayPath[kind];
  const existing = getPath(doc, path);
  const written = elements.map(writeElement);
  if (Array.isArray(existing) && jsonEqual(existing, written)) return doc;
  if (written.length === 0 && !hasPath(doc, path)) return doc;
  return setPath(doc, path, written, ['Pipeline']);
}

/** The shape with new points, its template kept. */
export function withPoints(shape: DrawnShape, points: Point[]): DrawnShape {
  return { ...shape, points };
}

export function drawnShapes(list: ShapeList): DrawnShape[] {
  return list.elements.filter((element): element is DrawnShape => element.drawable);
}

/** A blank body: the required members, empty, in the order the spec lists them. */
export function blankDocument(): JsonObject {
  return { CaseType: '', CameraGroupUid: '', Source: { Uid: '', Url: '' }, Pipeline: { Fences: [], Areas: [] } };
}

/** Parses JSON text as a task document; the reason for a refusal is a message key. */
export function parseDocument(textValue: string): { ok: true; doc: JsonObject } | { ok: false; reason: 'notJson' | 'notObject'; detail?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch (error) {
    return { ok: false, reason: 'notJson', detail: error instanceof Error ? error.message : String(error) };
  }
  return isObject(parsed) ? { ok: true, doc: parsed } : { ok: false, reason: 'notObject' };
}

/**
 * A list of numbers only (a point), as JSON.stringify lays it out: one item per line. Raw line breaks never occur
 * inside JSON strings, so a match cannot start or end inside one.
 */
const numberList = /\[\n\s*(-?\d[\d.eE+-]*(?:,\n\s*-?\d[\d.eE+-]*)*)\n\s*\]/g;

/**
 * The body as indented JSON, with each list of numbers (a point: `[0.25, 0.4]`) on one line: a 200-point zone is
 * 200 lines to read and lay out in the text box, not 800.
 */
export function formatDocument(doc: JsonObject): string {
  return JSON.stringify(doc, null, 2).replace(numberList, (_, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`);
}
