import { compiledOnFirstUse } from './compiled-on-first-use';
import { cameraCreateRequestSchema } from '../../preload/contract/wire/platform';

/**
 * The camera create request schema compiled on first use (as the answers are, see camera-create-answer.ts): an import
 * checks a thousand requests as it queues them, and the compiled parse costs about a tenth of the general one. Same
 * output (fields the wire does not know are dropped) and same failures: a request the compiled parse refuses goes
 * through the general parser, which names the wrong fields.
 */
export const cameraCreateRequestCheck = compiledOnFirstUse(cameraCreateRequestSchema);
