import { BatchInputError, parseBatchInput } from '../../../preload/contract/batch-input';
import { runInWorker } from '../../lib/worker-task';

/**
 * A pasted list as main will read it (the contract's parser and uid schema: a header row skipped, duplicates issued
 * once, every row checked): the streams to issue and what parsing did, or why the list cannot be used. Notes and the
 * problem are catalog keys (`fieldMessage`), said in the operator's language on the page.
 */
export type BatchCheck = { ok: true; streams: string[]; notes: string[] } | { ok: false; problem: string };

/** How far a check is: rows checked of the rows read. */
export interface BatchCheckProgress {
  checked: number;
  total: number;
}

/** The check itself, in the worker (or on the page where no worker can be started). */
export function checkBatchText(text: string, onProgress: (progress: BatchCheckProgress) => void = () => undefined): BatchCheck {
  try {
    const { streams, notes } = parseBatchInput(text, (checked, total) => onProgress({ checked, total }));
    return { ok: true, streams, notes };
  } catch (error) {
    if (error instanceof BatchInputError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** Checks a pasted list in a Web Worker: pasting 10,000 uids must not freeze the page (see bench/ui-batch-paste.bench.ts). */
export function checkBatchInWorker(text: string, options: { onProgress?: (progress: BatchCheckProgress) => void; signal?: AbortSignal } = {}): Promise<BatchCheck> {
  return runInWorker(() => new Worker(new URL('./batch-check.worker.ts', import.meta.url), { type: 'module' }), text, { here: checkBatchText, ...options });
}
