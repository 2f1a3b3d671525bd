import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { DiagnosticsExport } from '../../../preload/contract/support';

/** The diagnostics file for a support ticket: busy while main gathers it, the failure if it could not. */
export class DiagnosticsState {
  busy = $state(false);
  error = $state<AppError | null>(null);

  constructor(private readonly api: Bridge) {}

  /** What became of the file (saved, cancelled, or text for the page to download), or null with the error set. */
  async export(): Promise<DiagnosticsExport | null> {
    this.busy = true;
    this.error = null;
    const result = await this.api.support.exportDiagnostics();
    this.busy = false;
    if (result.ok) return result.value;
    this.error = result.error;
    return null;
  }
}
