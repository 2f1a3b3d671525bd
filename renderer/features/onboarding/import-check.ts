import { flagDuplicates, keysOf, parseImport, type ImportParse } from '../../../preload/contract/camera/csv-import';
import type { CameraCreateRequest } from '../../../preload/contract/wire/platform';
import { runInWorker } from '../../lib/worker-task';

/** What the page hands the import worker: the file's text and the requests already in the outbox. */
export interface ImportCheckRequest {
  text: string;
  known: CameraCreateRequest[];
}

/**
 * Parses and checks a camera list in a Web Worker, so the page stays responsive while 10,000 rows are read. Where no
 * worker can be started (a test environment without one), the same check runs here.
 */
export function checkImport(request: ImportCheckRequest): Promise<ImportParse> {
  return runInWorker(() => new Worker(new URL('./import-check.worker.ts', import.meta.url), { type: 'module' }), request, { here: checkCameraList });
}

/** The camera list's parse and per-row checks, with duplicates against what is already in the outbox. */
export function checkCameraList({ text, known }: ImportCheckRequest): ImportParse {
  const result = parseImport(text, () => globalThis.crypto.randomUUID());
  // Duplicates against what is already in the outbox (queued, sent or created from this console).
  flagDuplicates(result.rows, keysOf(known));
  return result;
}
