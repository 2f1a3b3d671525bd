import { checkTaskBody } from '../../../preload/contract/analytics';
import type { JsonObject } from './json-path';
import type { FormField } from './task-form';
import { flagsByShape } from './shape-flags';
import {
  blankDocument,
  drawnShapes,
  formatDocument,
  parseDocument,
  readFields,
  readShapes,
  writeFields,
  writeShapes,
  type ShapeElement,
  type ShapeKind,
  type TaskFields,
} from './task-document';

/** What the confirmation compares the body with: the body last sent from here, or the one this edit started from. */
export interface Baseline {
  doc: JsonObject;
  source: 'start' | 'sent';
  /** ISO time of the send, for `sent`. */
  at: string | null;
}

const MAX_UNDO = 200;

/**
 * The body being edited, as one JSON document, with undo and redo. The form, the canvas and the JSON text are
 * views of it: each writes its own paths back (task-document.ts), so what one does the others show at once.
 * A drag is one step of undo: `beginGesture` / `live` while moving / `endGesture`.
 */
export class TaskEditor {
  uid = $state('');
  #doc = $state.raw<JsonObject>(blankDocument());
  #baseline = $state.raw<Baseline>({ doc: blankDocument(), source: 'start', at: null });
  #undo = $state.raw<JsonObject[]>([]);
  #redo = $state.raw<JsonObject[]>([]);
  #gestureStart: JsonObject | null = null;
  /**
   * The document the JSON text shows. It follows the body once the browser is idle (at most a fifth of a second
   * later), not in the frame of the change: formatting a long body and laying it out in the text box took most of
   * a frame (200-point zone), and a key held down on a point, or the drop of a dragged point, must not wait for it.
   */
  #shown = $state.raw<JsonObject>(blankDocument());
  #showing = $state(false);
  /** The JSON text as the operator typed it, while it differs from the formatted document (or does not parse). */
  #typed = $state<string | null>(null);
  #jsonProblem = $state<{ reason: 'notJson' | 'notObject'; detail: string } | null>(null);
  /** Form fields whose typed text does not parse, so the body still holds something else (see reviewProblems). */
  #unparsed = $state.raw<ReadonlySet<FormField>>(new Set());

  readonly fields: TaskFields = $derived(readFields(this.#doc));
  readonly areas = $derived(readShapes(this.#doc, 'area'));
  readonly fences = $derived(readShapes(this.#doc, 'fence'));
  readonly issues = $derived(checkTaskBody(this.#doc));
  /** What is wrong with each drawn shape (by shapeKey), for the canvas's outlines and the shapes list alike. */
  readonly flags = $derived(flagsByShape([...drawnShapes(this.areas), ...drawnShapes(this.fences)]));
  readonly jsonText: string = $derived(this.#typed ?? formatDocument(this.#shown));

  get doc(): JsonObject {
    return this.#doc;
  }
  get baseline(): Baseline {
    return this.#baseline;
  }
  get canUndo(): boolean {
    return this.#undo.length > 0;
  }
  get canRedo(): boolean {
    return this.#redo.length > 0;
  }
  get unparsed(): ReadonlySet<FormField> {
    return this.#unparsed;
  }

  /** A form field's text box says whether what is typed in it parses (and is therefore what the body holds). */
  setUnparsed(field: FormField, unparsed: boolean): void {
    if (this.#unparsed.has(field) === unparsed) return;
    const next = new Set(this.#unparsed);
    if (unparsed) next.add(field);
    else next.delete(field);
    this.#unparsed = next;
  }

  get jsonProblem() {
    return this.#jsonProblem;
  }
  /** True while the JSON text has not caught up with the body yet. */
  get jsonPending(): boolean {
    return this.#showing;
  }

  #set(doc: JsonObject): void {
    this.#doc = doc;
    if (this.#showing) return;
    this.#showing = true;
    const show = () => {
      this.#showing = false;
      this.#shown = this.#doc;
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(show, { timeout: 200 });
    else setTimeout(show, 0);
  }

  shapes(kind: ShapeKind) {
    return kind === 'area' ? this.areas : this.fences;
  }

  drawn(kind: ShapeKind) {
    return drawnShapes(this.shapes(kind));
  }

  /** Starts over from a body (imported, a draft, one sent before); undo history is cleared. */
  load(doc: JsonObject, baseline?: Baseline): void {
    this.#set(doc);
    this.#baseline = baseline ?? { doc, source: 'start', at: null };
    this.#undo = [];
    this.#redo = [];
    this.#typed = null;
    this.#jsonProblem = null;
    this.#unparsed = new Set();
  }

  /** After a successful send: the body sent is what the server now holds. */
  markSent(at: string): void {
    this.#baseline = { doc: this.#doc, source: 'sent', at };
  }

  setBaseline(baseline: Baseline): void {
    this.#baseline = baseline;
  }

  /** One undoable change. */
  change(next: JsonObject): void {
    if (next === this.#doc) return;
    this.#undo = [...this.#undo.slice(-(MAX_UNDO - 1)), this.#doc];
    this.#redo = [];
    this.#set(next);
    this.#typed = null;
    this.#jsonProblem = null;
  }

  setFields(fields: Partial<TaskFields>): void {
    this.change(writeFields(this.#doc, fields));
  }

  setShapes(kind: ShapeKind, elements: readonly ShapeElement[]): void {
    this.change(writeShapes(this.#doc, kind, elements));
  }

  beginGesture(): void {
    this.#gestureStart = this.#doc;
  }

  /** A step of a gesture: shown at once, recorded as one undo step when the gesture ends. */
  liveShapes(kind: ShapeKind, elements: readonly ShapeElement[]): void {
    this.#set(writeShapes(this.#doc, kind, elements));
    this.#typed = null;
  }

  endGesture(): void {
    const start = this.#gestureStart;
    this.#gestureStart = null;
    if (start === null || start === this.#doc) return;
    this.#undo = [...this.#undo.slice(-(MAX_UNDO - 1)), start];
    this.#redo = [];
  }

  /** JSON typed by hand: a valid object replaces the document (one undo step); anything else is reported. */
  editJson(text: string): void {
    this.#typed = text;
    const parsed = parseDocument(text);
    if (!parsed.ok) {
      this.#jsonProblem = { reason: parsed.reason, detail: parsed.detail ?? '' };
      return;
    }
    this.#jsonProblem = null;
    const typed = text;
    this.change(parsed.doc);
    this.#typed = typed;
  }

  /** Leaving the JSON box: show the document formatted again (a text that does not parse stays for fixing). */
  settleJson(): void {
    if (this.#jsonProblem === null) this.#typed = null;
  }

  undo(): void {
    const previous = this.#undo.at(-1);
    if (!previous) return;
    this.#undo = this.#undo.slice(0, -1);
    this.#redo = [...this.#redo, this.#doc];
    this.#set(previous);
    this.#typed = null;
    this.#jsonProblem = null;
  }

  redo(): void {
    const next = this.#redo.at(-1);
    if (!next) return;
    this.#redo = this.#redo.slice(0, -1);
    this.#undo = [...this.#undo, this.#doc];
    this.#set(next);
    this.#typed = null;
    this.#jsonProblem = null;
  }
}
