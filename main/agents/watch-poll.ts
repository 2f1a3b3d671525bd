import type { CameraAgent } from '../../preload/contract/wire/platform';
import { isAuthRefusal, isUnreachable } from './agent-errors';

/** What one pass over a list's devices found; the runner decides the list's state from it. */
export interface PollOutcome {
  /** Devices that answered. */
  successes: number;
  /** Devices whose read failed as if the server were down (told as failed rows only when others answered). */
  unreachable: Array<{ id: string; error: unknown }>;
  /** The token was refused: the pass stopped there (every other read would be refused the same way). */
  refusal: unknown;
  /** A run of unreachable reads with no answer between: the pass stopped there (the server, not a device, is down). */
  outage: unknown;
}

export interface PollPass {
  ids: readonly string[];
  concurrency: number;
  /** Aborted by the pass itself on a refusal or an outage, or from outside (the list halted, stopped or disposed). */
  abort: AbortController;
  read(id: string, signal: AbortSignal): Promise<CameraAgent>;
  /** A device answered. */
  observe(id: string, device: CameraAgent): void;
  /** A device's read failed for a reason of its own (not a refusal, not unreachable). */
  fail(id: string, error: unknown): void;
}

/** Reads every device once, `concurrency` at a time, until done or aborted. */
export async function pollDevices(pass: PollPass): Promise<PollOutcome> {
  const { ids, abort } = pass;
  const outcome: PollOutcome = { successes: 0, unreachable: [], refusal: null, outage: null };
  // A run of unreachable answers this long (with no success between) means the server, not a device, is down.
  const pauseAfter = Math.max(4, pass.concurrency);
  let consecutiveUnreachable = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      const index = next++;
      if (index >= ids.length) return;
      const id = ids[index]!;
      try {
        const device = await pass.read(id, abort.signal);
        if (abort.signal.aborted) return;
        outcome.successes += 1;
        consecutiveUnreachable = 0;
        pass.observe(id, device);
      } catch (error) {
        if (abort.signal.aborted) return;
        if (isAuthRefusal(error)) {
          outcome.refusal = error;
          abort.abort();
          return;
        }
        if (isUnreachable(error)) {
          consecutiveUnreachable += 1;
          outcome.unreachable.push({ id, error });
          if (consecutiveUnreachable >= pauseAfter) {
            outcome.outage = error;
            abort.abort();
            return;
          }
          continue;
        }
        consecutiveUnreachable = 0;
        pass.fail(id, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pass.concurrency, ids.length) }, worker));
  return outcome;
}
