import { api } from '../../lib/api';
import { t } from '../../lib/i18n.svelte';
import type { ConnectionHealth } from '../../../preload/contract/connect';
import type { AppError } from '../../../preload/contract/app-error';

export type HealthLevel = 'none' | 'checking' | 'ok' | 'failing';

/** The active server and its health, shown in the header on every screen and refreshed after Connect changes. */
class ConnectionState {
  #health = $state<ConnectionHealth | null>(null);
  #checking = $state(false);
  #error = $state<AppError | null>(null);
  #timer: ReturnType<typeof setInterval> | null = null;
  /** Numbers each check; only the latest one's answer is shown, so a slow periodic check cannot undo a newer one. */
  #request = 0;

  get health(): ConnectionHealth | null {
    return this.#health;
  }

  get error(): AppError | null {
    return this.#error;
  }

  get level(): HealthLevel {
    if (this.#checking && !this.#health?.report) return 'checking';
    if (!this.#health?.profile) return 'none';
    if (!this.#health.report) return 'checking';
    return this.#health.report.ok ? 'ok' : 'failing';
  }

  /** A one-line summary for the header: what is wrong first, in words. */
  get summary(): string {
    const health = this.#health;
    if (this.#error) return this.#error.message;
    if (!health?.profile) return t('connect.badge.none');
    if (!health.report) return t('connect.badge.checking');
    if (health.report.ok) return t('connect.badge.connected');
    const failed = health.report.steps.find((step) => step.ok === false);
    return failed ? `${failed.name}: ${failed.message}` : (health.report.error?.message ?? t('connect.report.failed'));
  }

  async refresh(force = false): Promise<void> {
    const request = ++this.#request;
    this.#checking = true;
    const result = await api.connection.check({ force });
    if (request !== this.#request) return;
    this.#checking = false;
    if (result.ok) {
      this.#health = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  /** Starts periodic checks (once per minute) the first time the header mounts. */
  watch(): void {
    if (this.#timer) return;
    void this.refresh();
    this.#timer = setInterval(() => void this.refresh(), 60_000);
  }
}

export const connection = new ConnectionState();
