import type { z } from 'zod';

/**
 * One IPC channel: its input schema (checked in main on every call) and its output type (a phantom: outputs are
 * produced by our own main process, so they are typed, not re-parsed).
 */
export interface Channel<I extends z.ZodType, O> {
  readonly input: I;
  readonly __output?: O;
}

/** `channel<Output>()(inputSchema)`: the output type is given explicitly, the input is inferred from the schema. */
export function channel<O>() {
  return <I extends z.ZodType>(input: I): Channel<I, O> => ({ input });
}
