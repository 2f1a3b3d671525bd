import type { Bridge } from '../../../preload/contract';
import { spoken, t } from '../../lib/i18n.svelte';
import type { ConnectionChange, ConnectionHealth } from '../../../preload/contract/connect';
import type { AppError } from '../../../preload/contract/app-error';

export type HealthLevel = 'none' | 'checking' | 'ok' | 'failing';

/**
 * The active server and its health, shown in the header on every screen and refreshed after Connect changes (the
 * page's one instance is in connection.ts).
 */
export class ConnectionState {
  #health = $state<ConnectionHealth | null>(null);
  #checking = $state(false);
  #error = $state<AppError | null>(null);
  /** What main pushed about the active server since (`connection.changed`): a failed call shows at once. */
  #change = $state<ConnectionChange | null>(null);
  #timer: ReturnType<typeof setInterval> | null = null;
  /** Numbers each check; only the latest one's answer is shown, so a slow periodic check cannot undo a newer one. */
  #request = 0;
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly api: Bridge) {}

  get health(): ConnectionHealth | null {
    return this.#health;
  }

  get error(): AppError | null {
    return this.#error;
  }

  get level(): HealthLevel {
    if (this.#checking && !this.#health?.report) return 'checking';
    if (!this.#health?.profile) return 'none';
    const change = this.#newerChange();
    if (change) return change.ok ? 'ok' : 'failing';
    if (!this.#health.report) return 'checking';
    return this.#health.report.ok ? 'ok' : 'failing';
  }

  /** The pushed change, when it is about the shown profile and newer than the last check. */
  #newerChange(): ConnectionChange | null {
    const change = this.#change;
    const health = this.#health;
    if (!change || !health?.profile || change.profileId !== health.profile.id) return null;
    return health.checkedAt && health.checkedAt >= change.at ? null : change;
  }

  /** A one-line summary for the header: what is wrong first, in words. */
  get summary(): string {
    const health = this.#health;
    if (this.#error) return spoken(this.#error);
    if (!health?.profile) return t('connect.badge.none');
    const change = this.#newerChange();
    if (change) return change.ok ? t('connect.badge.connected') : change.reason !== null ? spoken({ message: change.reason, said: change.reasonSaid }) : t('connect.report.failed');
    if (!health.report) return t('connect.badge.checking');
    if (health.report.ok) return t('connect.badge.connected');
    const failed = health.report.steps.find((step) => step.ok === false);
    return failed ? `${failed.name}: ${spoken(failed)}` : health.report.error ? spoken(health.report.error) : t('connect.report.failed');
  }

  async refresh(force = false): Promise<void> {
    const request = ++this.#request;
    this.#checking = true;
    const result = await this.api.connection.check({ force });
    if (request !== this.#request) return;
    this.#checking = false;
    if (result.ok) {
      this.#health = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  /**
   * Starts periodic checks (once per minute) and follows main's pushed changes, when the header mounts; returns what
   * stops both (for its $effect's cleanup).
   */
  watch(): () => void {
    if (!this.#timer) {
      this.#unsubscribe = this.api.on('connection.changed', (change) => {
        this.#change = change;
      });
      void this.refresh();
      this.#timer = setInterval(() => void this.refresh(), 60_000);
    }
    return () => this.#stop();
  }

  #stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}
