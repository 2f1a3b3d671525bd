import type { MessageKey, MessageValues } from './index';

/**
 * The contract's zod schemas are pure and run on both sides of the bridge, before anyone knows the operator's
 * language. So their error messages are catalog keys (with their values), not sentences: whoever turns a zod issue
 * into something a person reads (main's field errors, a renderer form checking before it sends) says it with its
 * own `t()` through `messageInWords`.
 *
 *   z.string().min(1, { error: fieldMessage('validation.tokens.streamRequired') })
 *   .max(n, { error: fieldMessage('validation.agents.deviceTooLong', { max: n }) })
 */
export function fieldMessage(key: MessageKey, values?: MessageValues): string {
  return values ? `${key}${JSON.stringify(values)}` : key;
}
