import { serveInWorker } from '../../lib/worker-task';
import { checkBatchText } from './batch-check';

/**
 * The pasted batch list's parse, de-duplication and per-row uid checks, off the page's thread. The rules are the
 * contract's (batch-input.ts and its zod schemas), so the page and main read a list the same way.
 */
serveInWorker(checkBatchText);
