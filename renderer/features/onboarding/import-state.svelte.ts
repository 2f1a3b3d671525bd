import { untrack } from 'svelte';
import type { ImportRow } from '../../../preload/contract/camera/csv-import';
import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import type { ImportStatus } from '../../../preload/contract/onboarding';
import { t } from '../../lib/i18n.svelte';
import { goodRowsOf, type CheckedFile, type ImportCheckRequest } from './import-check';
import { UndoOffer } from '../../lib/undo-offer.svelte';

export type ExistingChoice = 'refuse' | 'skip' | 'create-again';
/** Parses and checks a file's text (in a Web Worker on the page). */
type Check = (request: ImportCheckRequest) => Promise<CheckedFile>;
/** Pushes of an import whose start has not been answered yet (the event stream can overtake the call's answer). */
const EARLY_PUSHES_KEPT = 50;

/**
 * A CSV import as the screen follows it: the file checked in a worker (problems per cell), the rows main refused
 * because the camera exists, and the import's progress. Main pushes `onboarding.importProgress` on every change of the
 * import; the screen applies pushes newer than what it holds and reads the status once only when its event stream
 * fell behind (`events.resync`).
 */
export class ImportState {
  // Raw: a checked file is replaced whole, never wrapped in deep proxies.
  file = $state.raw<CheckedFile | null>(null);
  fileName = $state('');
  failure = $state<AppError | null>(null);
  status = $state<ImportStatus | null>(null);
  reading = $state(false);
  starting = $state(false);
  showAll = $state(false);
  /** Rows main refused because the camera exists (queued or created from this console), with its sentence for each. */
  existing = $state.raw<Map<number, string[]>>(new Map());
  /** The last cancel, while it can be undone. */
  readonly undo: UndoOffer;
  /** Set when a cancel took nothing out: every camera left had already gone to the server once (said, not silent). */
  nothingCancelled = $state<number | null>(null);

  readonly goodCount = $derived(this.file?.goodCount ?? 0);
  readonly badCount = $derived(this.file?.problemRows.length ?? 0);
  /**
   * The rows the table shows: those with a problem or refused by main, or every row when asked. The rows that can be
   * sent are read from the file's buffer only then (see CheckedFile).
   */
  readonly shown = $derived.by(() => {
    const file = this.file;
    if (!file) return [];
    if (this.showAll) return byRow(file.problemRows, this.#goodRows(file));
    if (this.existing.size === 0) return file.problemRows;
    return byRow(file.problemRows, this.#goodRows(file).filter((row) => this.existing.has(row.row)));
  });
  /** Rows finished one way or another (created, to fix, held, cancelled). */
  readonly done = $derived(this.status ? this.status.created + this.status.needsFixing + this.status.held + this.status.cancelled : 0);
  readonly running = $derived(this.status !== null && !this.status.done);

  #early: ImportStatus[] = [];
  /**
   * True while a page opened afresh asks main what import runs; pushes meanwhile are kept in `#pushedWhileFinding`
   * (the answer, by another channel, may have left main before them).
   */
  #finding = false;
  #pushedWhileFinding: ImportStatus[] = [];
  #catchingUp = false;
  /** The rows that can be sent of the file last read from its buffer (read once per file). */
  #good: { file: CheckedFile; rows: ImportRow[] } | null = null;

  constructor(
    private readonly api: Bridge,
    private readonly check: Check,
  ) {
    this.undo = new UndoOffer((undo) => api.onboarding.undo({ undo }));
  }

  /** Follows the import's pushes; returns the unsubscribe function (for `$effect`). */
  connect(): () => void {
    const offs = [this.api.on('onboarding.importProgress', (status) => this.#apply(status)), this.api.on('events.resync', () => void this.#catchUp())];
    // Back on the screen while an import runs: what was pushed meanwhile is read once. Untracked: the caller's effect
    // must not run again (and read again) on every push that changes the status.
    if (untrack(() => this.running)) void this.#catchUp();
    // A page opened (or reloaded) while an import runs: it is found in main and followed, with its Cancel.
    else if (untrack(() => this.status === null && this.file === null)) void this.#findRunning();
    return () => {
      for (const off of offs) off();
    };
  }

  /** Reads and checks the chosen file; repeats within the file are flagged there, cameras this console has by main on start. */
  async choose(file: { name: string; text(): Promise<string> }): Promise<void> {
    this.reading = true;
    this.status = null;
    this.failure = null;
    // The previous file's result goes at once: it is never shown under this file's name.
    this.file = null;
    this.fileName = file.name;
    try {
      this.file = await this.check({ text: await file.text(), known: [] });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failure = { kind: 'Internal', message: t('onboarding.import.file.checkStopped', { reason }), fieldErrors: {}, retryable: false };
      this.file = null;
    }
    this.existing = new Map();
    this.undo.dismiss();
    this.nothingCancelled = null;
    this.showAll = false;
    this.reading = false;
  }

  /** Queues the good rows; rows of cameras that exist come back with their reasons (then the operator chooses). */
  async start(choice: ExistingChoice = 'refuse'): Promise<void> {
    const file = this.file;
    if (!file || file.goodCount === 0 || this.starting) return;
    const rows = this.#goodRows(file);
    this.failure = null;
    this.nothingCancelled = null;
    this.starting = true;
    this.#early = [];
    const answer = await this.api.onboarding.importStart({ requests: rows.map((row) => row.request), existing: choice });
    this.starting = false;
    if (!answer.ok) {
      const reasons = existingReasons(answer.error, rows);
      if (reasons.size > 0) {
        this.existing = reasons;
        this.showAll = false;
      } else this.failure = answer.error;
      return;
    }
    this.existing = new Map();
    this.status = answer.value;
    const early = this.#early.filter((status) => status.importId === answer.value.importId);
    this.#early = [];
    for (const status of early) this.#apply(status);
  }

  /** Takes the rows not sent yet out of the outbox (sent ones finish); the cancel can be undone. */
  async cancel(): Promise<void> {
    if (!this.status) return;
    const answer = await this.api.onboarding.importCancel({ importId: this.status.importId });
    if (!answer.ok) {
      this.failure = answer.error;
      return;
    }
    this.#apply(answer.value);
    // Main cancels only cameras the server has not seen: one sent once without an answer may exist there, and stays
    // until the server answers. A cancel that took none out would otherwise close its dialog with nothing changed.
    this.nothingCancelled = answer.value.undo ? null : answer.value.waiting;
    if (answer.value.undo) this.undo.offer(() => t('onboarding.import.cancelled'), answer.value.undo);
  }

  /** Brings the cancelled rows back (they are sent again); the progress follows from the pushes. */
  async runUndo(): Promise<void> {
    if (await this.undo.run()) await this.#catchUp();
  }

  #goodRows(file: CheckedFile): ImportRow[] {
    if (this.#good?.file !== file) this.#good = { file, rows: goodRowsOf(file) };
    return this.#good.rows;
  }

  #apply(status: ImportStatus): void {
    const current = this.status;
    if (!current || current.importId !== status.importId) {
      if (this.starting) this.#early = [...this.#early.slice(-(EARLY_PUSHES_KEPT - 1)), status];
      else if (this.#finding) this.#pushedWhileFinding = [...this.#pushedWhileFinding.slice(-(EARLY_PUSHES_KEPT - 1)), status];
      return;
    }
    if (status.rev < current.rev) return; // older than what the screen holds
    const { undo: _undo, ...counts } = status;
    this.status = counts;
  }

  async #findRunning(): Promise<void> {
    this.#finding = true;
    this.#pushedWhileFinding = [];
    const answer = await this.api.onboarding.runningImport().finally(() => (this.#finding = false));
    const pushed = this.#pushedWhileFinding;
    this.#pushedWhileFinding = [];
    // Only while nothing else was started or chosen meanwhile.
    if (answer.ok && answer.value && this.status === null && this.file === null && !this.starting) {
      const { undo: _undo, ...counts } = answer.value;
      this.status = counts;
      // Pushed while the answer was on its way, so possibly newer (the last may say it is done): applied by their rev.
      for (const status of pushed) if (status.importId === counts.importId) this.#apply(status);
    }
  }

  async #catchUp(): Promise<void> {
    const asked = this.status;
    if (!asked || this.#catchingUp) return;
    this.#catchingUp = true;
    const answer = await this.api.onboarding.importStatus({ importId: asked.importId });
    this.#catchingUp = false;
    if (answer.ok) this.#apply(answer.value);
    else this.failure = answer.error;
  }
}

/** The import of each page's bridge, kept while the page lives (see importStateFor). */
const kept = new WeakMap<Bridge, ImportState>();

/**
 * The import panel's state, one per page: it outlives the panel, so an operator who opens the outbox or another
 * screen while an import runs finds its progress and its Cancel again on coming back (a panel of its own each time
 * showed an empty form while main went on sending).
 */
export function importStateFor(api: Bridge, check: Check): ImportState {
  let state = kept.get(api);
  if (!state) {
    // Made under a root of its own, not the panel that asked first: its derived values would otherwise belong to
    // that panel and stop following the status once it is destroyed.
    $effect.root(() => {
      state = new ImportState(api, check);
    });
    kept.set(api, state!);
  }
  return state!;
}

/** Two lists of rows, each in file order, as one in file order. */
function byRow(a: ImportRow[], b: ImportRow[]): ImportRow[] {
  const out: ImportRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.row < b[j]!.row)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/** Main's per-row sentences (`requests.<index>.<field>`), by the file's row number; empty when the failure is not that. */
function existingReasons(error: AppError, rows: ImportRow[]): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  if (error.kind !== 'Validation') return reasons;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const match = /^requests\.(\d+)\./.exec(key);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row) reasons.set(row.row, [...(reasons.get(row.row) ?? []), ...messages]);
  }
  return reasons;
}
