import { flagDuplicates, keysOf, parseImport, type ImportParse } from '../../../preload/contract/camera/csv-import';
import type { CameraCreateRequest } from '../../../preload/contract/wire/platform';

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
  if (typeof Worker === 'undefined') return Promise.resolve(checkHere(request));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-check.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ImportParse>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the import check stopped'));
    });
    worker.postMessage(request);
  });
}

function checkHere({ text, known }: ImportCheckRequest): ImportParse {
  const result = parseImport(text, () => globalThis.crypto.randomUUID());
  flagDuplicates(result.rows, keysOf(known));
  return result;
}
