import { api } from '../../lib/api';
import { connection } from './connection-state.svelte';
import type { ProfilesOverview, ProfileView } from '../../../preload/contract/connect';
import type { ConnectionReport } from '../../../preload/contract/wire/platform';
import type { AppError } from '../../../preload/contract/app-error';

/** The Connect screen's state: the profiles, the keychain's status, and the last test per profile. */
export class ProfilesState {
  #overview = $state<ProfilesOverview | null>(null);
  #error = $state<AppError | null>(null);
  #reports = $state<Record<string, ConnectionReport>>({});
  #testing = $state<string | null>(null);

  get profiles(): ProfileView[] {
    return this.#overview?.profiles ?? [];
  }
  get activeId(): string | null {
    return this.#overview?.activeId ?? null;
  }
  get vault() {
    return this.#overview?.vault ?? null;
  }
  get storage() {
    return this.#overview?.storage ?? null;
  }
  /** Main opens the system's file dialog (the desktop app). */
  get fileDialog(): boolean {
    return this.#overview?.fileDialog ?? false;
  }
  get loaded(): boolean {
    return this.#overview !== null;
  }
  get error(): AppError | null {
    return this.#error;
  }
  get testing(): string | null {
    return this.#testing;
  }
  reportFor(id: string): ConnectionReport | undefined {
    return this.#reports[id];
  }

  async load(): Promise<void> {
    const result = await api.profiles.list();
    if (result.ok) {
      this.#overview = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  /** Runs an action, then reloads the list and the header; returns the failure for the caller to show in place. */
  async act(action: () => Promise<{ ok: boolean; error?: AppError }>): Promise<AppError | null> {
    const result = await action();
    await this.load();
    void connection.refresh(true);
    return result.ok ? null : (result.error ?? null);
  }

  async test(id: string): Promise<void> {
    this.#testing = id;
    const result = await api.profiles.test({ id });
    this.#testing = null;
    if (result.ok) this.#reports = { ...this.#reports, [id]: result.value };
    else this.#reports = { ...this.#reports, [id]: { ok: false, outcome: 'failed', steps: [], error: result.error } };
    // The card shows the test kept with the profile (time and outcome).
    await this.load();
    if (id === this.activeId) void connection.refresh(true);
  }

  forgetReport(id: string): void {
    const { [id]: _dropped, ...rest } = this.#reports;
    this.#reports = rest;
  }
}
