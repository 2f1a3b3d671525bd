import { z } from 'zod';
import { historyEntrySchema } from '../../preload/contract/tokens';
import { compiledOnFirstUse } from '../platform/compiled-on-first-use';

/**
 * New history entries, checked against the full schema once on their way in (see history-store.ts), by zod's
 * compiled form (made on first use): a 10,000-token batch checks 10,000 entries, and the general parser's two ISO
 * date checks and copy of each entry were a good part of what a row costs beside its request. Same output and same
 * failures as the general parser (entries it refuses go through it, which names the wrong fields; see the unit test).
 * Compiled here in main, where code generation is allowed, not in the shared contract the renderer loads.
 */
export const newHistoryEntriesCheck = compiledOnFirstUse(z.array(historyEntrySchema));
