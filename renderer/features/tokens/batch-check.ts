import { checkBatchRows } from '../../../preload/contract/batch-input';
import { runInWorker } from '../../lib/worker-task';

/**
 * A pasted list as main will read it (the contract's parser and uid schema: a header row skipped, duplicates issued
 * once), row by row, in columns: the page receives 10,000 rows as two typed arrays and one list of uids, which cross
 * from the worker in a few milliseconds (10,000 row objects take several times longer to arrive). Notes and problems
 * are catalog keys (`fieldMessage`), said in the operator's language on the page.
 */
export interface BatchCheck {
  /** Each row's uid, in the order pasted. */
  uids: string[];
  /** Each row's line in the pasted text. */
  lines: Int32Array;
  /** The line of the first row with the same uid (this one gets no token of its own), or 0 for a first occurrence. */
  repeats: Int32Array;
  /** The rows whose uid breaks the contract's rule: [row, catalog key]. */
  problems: Array<[number, string]>;
  /** The tokens the list makes (each stream once); null when it cannot be used. */
  streamCount: number | null;
  /** What parsing did (a header read, duplicates dropped). */
  notes: string[];
  /** Why the list cannot be used; null when it can. */
  problem: string | null;
}

/** How far a check is: rows checked of the rows read. */
export interface BatchCheckProgress {
  checked: number;
  total: number;
}

/** The check itself, in the worker (or on the page where no worker can be started). */
export function checkBatchText(text: string, onProgress: (progress: BatchCheckProgress) => void = () => undefined): BatchCheck {
  const { rows, input, problem } = checkBatchRows(text, (checked, total) => onProgress({ checked, total }));
  const lines = new Int32Array(rows.length);
  const repeats = new Int32Array(rows.length);
  const problems: Array<[number, string]> = [];
  const uids = rows.map((row, i) => {
    lines[i] = row.line;
    repeats[i] = row.repeats ?? 0;
    if (row.problem !== null) problems.push([i, row.problem]);
    return row.uid;
  });
  return { uids, lines, repeats, problems, streamCount: input?.streams.length ?? null, notes: input?.notes ?? [], problem };
}

/** Checks a pasted list in a Web Worker: pasting 10,000 uids must not freeze the page (see bench/ui-batch-paste.bench.ts). */
export function checkBatchInWorker(text: string, options: { onProgress?: (progress: BatchCheckProgress) => void; signal?: AbortSignal } = {}): Promise<BatchCheck> {
  return runInWorker(() => new Worker(new URL('./batch-check.worker.ts', import.meta.url), { type: 'module' }), text, { here: checkBatchText, ...options });
}
