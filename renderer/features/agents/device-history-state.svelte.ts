import type { Bridge } from '../../../preload/contract';
import type { DeviceHistoryView } from '../../../preload/contract/agents-alerts';
import type { AppError } from '../../../preload/contract/app-error';
import { downloadText } from '../../lib/download';

/** One device's recorded history (online spans, storage samples, forecasts) and its CSV export. */
export class DeviceHistoryState {
  history = $state.raw<DeviceHistoryView | null>(null);
  failure = $state<AppError | null>(null);
  #controller: AbortController | null = null;

  constructor(
    private readonly api: Bridge,
    private readonly download: (filename: string, text: string) => void = downloadText,
  ) {}

  /** Reads the device's history; a read for another device (or a stop) cancels the one in flight. */
  async load(deviceId: string): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const result = await this.api.agents.deviceHistory({ id: deviceId }, { signal: controller.signal });
    if (controller.signal.aborted) return;
    this.#controller = null;
    if (result.ok) {
      this.history = result.value;
      this.failure = null;
    } else this.failure = result.error;
  }

  /** Cancels the read in flight (the view closes or shows another device). */
  stop(): void {
    this.#controller?.abort();
    this.#controller = null;
  }

  async exportCsv(deviceId: string): Promise<void> {
    const result = await this.api.agents.deviceHistoryCsv({ id: deviceId });
    if (result.ok) this.download(`device-${deviceId}-history.csv`, result.value);
    else this.failure = result.error;
  }
}
