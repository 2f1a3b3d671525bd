import { compiledOnFirstUse } from './compiled-on-first-use';
import { streamTokenParamsSchema } from '../../preload/contract/wire/platform';

/**
 * The stream token params schema compiled on first use (as the camera requests are, see camera-create-request.ts):
 * a batch checks every one of its thousands of requests, and the general parser's check was the largest cost of a
 * token call in this process after undici itself. Same output (defaults applied, the stream trimmed) and same
 * failures: params the compiled parse refuses go through the general parser, which names the wrong fields.
 */
export const streamTokenParamsCheck = compiledOnFirstUse(streamTokenParamsSchema);
