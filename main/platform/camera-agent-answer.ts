import { compiledOnFirstUse } from './compiled-on-first-use';
import { cameraAgentIdSchema, cameraAgentSchema } from '../../preload/contract/wire/platform';

/**
 * The camera-agent schemas compiled on first use (zod's `compile`): a watch list checks hundreds of answers per
 * cycle, and the compiled check of the common shape costs a tenth of the general one. It is no looser: an answer the
 * compiled check does not accept goes through the general parser, so it fails with the same issues (see the unit
 * test). Compiled here in main, where code generation is allowed, not in the shared contract the renderer loads.
 */
export const cameraAgentAnswerSchema = compiledOnFirstUse(cameraAgentSchema);
export const cameraAgentIdArgumentSchema = compiledOnFirstUse(cameraAgentIdSchema);
