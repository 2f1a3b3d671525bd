import { compiledOnFirstUse } from './compiled-on-first-use';
import { cameraCreateResponseSchema } from '../../preload/contract/wire/platform';

/**
 * The 201 answer of a camera create, checked by zod's compiled form (as the camera-agent answer is, see
 * camera-agent-answer.ts): an import checks a thousand answers, and the general parser copied each one. No looser:
 * an answer the compiled check refuses is parsed again to name the wrong fields (see the unit test).
 */
export const cameraCreateAnswerSchema = compiledOnFirstUse(cameraCreateResponseSchema);
