import { serveInWorker } from '../../lib/worker-task';
import { checkText } from './import-check';

/**
 * The camera list's parse and per-row checks, off the page's thread: 10,000 rows are hundreds of milliseconds of
 * work that would freeze the screen. The rules are the contract's own (csv-import.ts and the zod schemas it uses), so
 * the worker and main judge a row the same way. The rows that can be sent go back in a transferred buffer (moved, not
 * copied: see CheckedFile).
 */
serveInWorker(checkText, { transfer: (file) => [file.goodRows] });
