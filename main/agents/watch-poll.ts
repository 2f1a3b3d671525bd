import type { CameraAgent } from '../../preload/contract/wire/platform';
import { isAuthRefusal, isUnreachable } from './agent-errors';

/**
 * What one pass over a list's devices found; the runner decides the list's state from it. `D`: a device as the caller
 * keeps it (the runner passes its record of each device, so an answer needs no lookup by id).
 */
export interface PollOutcome<D> {
  /** Devices that answered. */
  successes: number;
  /** Devices whose read failed as if the server were down (told as failed rows only when others answered). */
  unreachable: Array<{ device: D; error: unknown }>;
  /** The token was refused: the pass stopped there (every other read would be refused the same way). */
  refusal: unknown;
  /** A run of unreachable reads with no answer between: the pass stopped there (the server, not a device, is down). */
  outage: unknown;
}

export interface PollPass<D> {
  devices: readonly D[];
  concurrency: number;
  /** Aborted by the pass itself on a refusal or an outage, or from outside (the list halted, stopped or disposed). */
  abort: AbortController;
  /** Reads a device, ending as soon as `abort` aborts. */
  read(device: D): Promise<CameraAgent>;
  /** A device answered. */
  observe(device: D, answer: CameraAgent): void;
  /** A device's read failed for a reason of its own (not a refusal, not unreachable). */
  fail(device: D, error: unknown): void;
}

/** Reads every device once, `concurrency` at a time, until done or aborted. */
export async function pollDevices<D>(pass: PollPass<D>): Promise<PollOutcome<D>> {
  const { devices, abort } = pass;
  const outcome: PollOutcome<D> = { successes: 0, unreachable: [], refusal: null, outage: null };
  // A run of unreachable answers this long (with no success between) means the server, not a device, is down.
  const pauseAfter = Math.max(4, pass.concurrency);
  let consecutiveUnreachable = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      const index = next++;
      if (index >= devices.length) return;
      const device = devices[index]!;
      try {
        const answer = await pass.read(device);
        if (abort.signal.aborted) return;
        outcome.successes += 1;
        consecutiveUnreachable = 0;
        pass.observe(device, answer);
      } catch (error) {
        if (abort.signal.aborted) return;
        if (isAuthRefusal(error)) {
          outcome.refusal = error;
          abort.abort();
          return;
        }
        if (isUnreachable(error)) {
          consecutiveUnreachable += 1;
          outcome.unreachable.push({ device, error });
          if (consecutiveUnreachable >= pauseAfter) {
            outcome.outage = error;
            abort.abort();
            return;
          }
          continue;
        }
        consecutiveUnreachable = 0;
        pass.fail(device, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pass.concurrency, devices.length) }, worker));
  return outcome;
}
