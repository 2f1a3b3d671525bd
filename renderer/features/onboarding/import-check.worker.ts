import { flagDuplicates, keysOf, parseImport } from '../../../preload/contract/camera/csv-import';
import type { ImportCheckRequest } from './import-check';

/**
 * The camera list's parse and per-row checks, off the page's thread: 10,000 rows are hundreds of milliseconds of
 * work that would freeze the screen. The rules are the contract's own (csv-import.ts and the zod schemas it uses), so
 * the worker and main judge a row the same way.
 */
addEventListener('message', (event: MessageEvent<ImportCheckRequest>) => {
  const { text, known } = event.data;
  const result = parseImport(text, () => crypto.randomUUID());
  // Duplicates against what is already in the outbox (queued, sent or created from this console).
  flagDuplicates(result.rows, keysOf(known));
  postMessage(result);
});
