import type { AlertStateView } from '../../../preload/contract/agents-alerts';
import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import { downloadText } from '../../lib/download';

/** How long "Snooze" keeps an alert quiet. */
export const SNOOZE_MS = 3_600_000;

/** The alert states of one watch list (Normal ones are not listed), re-read whenever main says they changed. */
export class AlertStates {
  states = $state.raw<AlertStateView[]>([]);
  failure = $state<AppError | null>(null);
  busy = $state(false);

  constructor(
    private readonly api: Bridge,
    private readonly listId: () => string | null,
    private readonly download: (filename: string, text: string) => void = downloadText,
  ) {}

  /** Loads now and on every change main announces; returns the unsubscribe for an `$effect`. */
  connect(): () => void {
    void this.load();
    return this.api.on('watch.alertStates', ({ listIds }) => {
      const id = this.listId();
      if (id && listIds.includes(id)) void this.load();
    });
  }

  async load(): Promise<void> {
    const listId = this.listId();
    if (!listId) {
      this.states = [];
      return;
    }
    const result = await this.api.agents.alertStates({ listId });
    if (result.ok) this.states = result.value;
    else this.failure = result.error;
  }

  private async apply(call: Promise<{ ok: true; value: AlertStateView[] } | { ok: false; error: AppError }>): Promise<boolean> {
    this.busy = true;
    const result = await call;
    this.busy = false;
    if (!result.ok) {
      this.failure = result.error;
      return false;
    }
    this.failure = null;
    this.states = result.value;
    return true;
  }

  acknowledge(state: AlertStateView, note: string): Promise<boolean> {
    return this.apply(this.api.agents.alertAcknowledge({ listId: state.listId, deviceId: state.deviceId, ruleId: state.ruleId, note }));
  }

  snooze(state: AlertStateView, now: number): Promise<boolean> {
    const until = state.snoozedUntil !== null && state.snoozedUntil > now ? null : now + SNOOZE_MS;
    return this.apply(this.api.agents.alertSnooze({ listId: state.listId, deviceId: state.deviceId, ruleId: state.ruleId, until }));
  }

  mute(state: AlertStateView): Promise<boolean> {
    return this.apply(this.api.agents.deviceMute({ listId: state.listId, deviceId: state.deviceId, muted: !state.muted }));
  }

  async exportLog(listName: string): Promise<void> {
    const listId = this.listId();
    if (!listId) return;
    const result = await this.api.agents.alertLogCsv({ listId });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.download(`alert-log-${listName.replace(/[^\p{L}\p{N}_-]+/gu, '-')}.csv`, result.value);
  }
}
