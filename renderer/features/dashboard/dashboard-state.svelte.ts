import { api } from '../../lib/api';
import type { AppError } from '../../../preload/contract/app-error';
import { periodSchema, type DashboardView, type FleetView, type Period } from '../../../preload/contract/dashboard';
import type { ProfileView } from '../../../preload/contract/connect';
import { defaultPeriod } from './period';
import { messageInWords } from '../../../preload/contract/messages/message-words';
import { t } from '../../lib/i18n.svelte';

/** Field paths of the period control, as main names them in fieldErrors. */
export type PeriodField = 'period.preset' | 'period.from' | 'period.to' | 'period.timezone';

/** Local check of the period before asking (same schema main applies), as field errors keyed like main's. */
function localPeriodErrors(period: Period): Record<string, string[]> | null {
  const parsed = periodSchema.safeParse(period);
  if (parsed.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = `period.${issue.path.join('.')}`;
    (errors[key] ??= []).push(messageInWords(issue.message, t));
  }
  return errors;
}

/**
 * One server's dashboard as the screen shows it. The answer is kept as a raw (non-deep) state: a 10,000-server
 * answer must not become 10,000 reactive proxies. A newer load supersedes an older one: its answer is dropped.
 */
export class DashboardState {
  period = $state<Period>(defaultPeriod());
  /** The profile shown; undefined = the active one. */
  profileId = $state<string | undefined>(undefined);
  profiles = $state.raw<ProfileView[]>([]);
  #view = $state.raw<DashboardView | null>(null);
  #error = $state.raw<AppError | null>(null);
  #fieldErrors = $state.raw<Record<string, string[]>>({});
  #loading = $state(false);
  #request = 0;
  /** The load in flight; a newer load (or leaving the screen) cancels it, in main too. */
  #inFlight: AbortController | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  get view(): DashboardView | null {
    return this.#view;
  }
  /** A failure no field explains (401, unreachable without a saved copy). */
  get error(): AppError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }
  fieldError(field: PeriodField): string | undefined {
    return this.#fieldErrors[field]?.[0];
  }

  async loadProfiles(): Promise<void> {
    const result = await api.profiles.list();
    if (!result.ok) return;
    this.profiles = result.value.profiles;
    this.profileId ??= result.value.activeId ?? result.value.profiles[0]?.id;
  }

  async load(): Promise<void> {
    const local = localPeriodErrors(this.period);
    if (local) {
      this.#fieldErrors = local;
      return;
    }
    const request = ++this.#request;
    this.#inFlight?.abort();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#loading = true;
    const period = $state.snapshot(this.period);
    const result = await api.dashboard.get({ period, ...(this.profileId ? { profileId: this.profileId } : {}) }, { signal: controller.signal });
    if (request !== this.#request) return;
    this.#inFlight = null;
    this.#loading = false;
    if (result.ok) {
      this.#view = result.value;
      this.#error = null;
      this.#fieldErrors = {};
      return;
    }
    if (result.error.kind === 'Cancelled') return;
    // A refused period's reasons go onto its fields (the banner says the server refused it); the last good answer
    // stays on screen, stating its own period. Any other failure leaves nothing of another server on screen.
    this.#fieldErrors = result.error.fieldErrors;
    this.#error = result.error;
    if (result.error.kind !== 'Validation' && this.#view?.profileId !== this.profileId) this.#view = null;
  }

  /** Reloads every `ms` until stopped (wall mode); a reload supersedes one still running. */
  startAutoRefresh(ms: number): void {
    this.stopAutoRefresh();
    this.#timer = setInterval(() => void this.load(), ms);
  }

  stopAutoRefresh(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Leaving the screen: no timer left running, no request left waiting. */
  dispose(): void {
    this.stopAutoRefresh();
    this.#inFlight?.abort();
  }
}

/** Every saved server's cards for the same period. */
export class FleetState {
  #view = $state.raw<FleetView | null>(null);
  #error = $state.raw<AppError | null>(null);
  #loading = $state(false);
  #request = 0;
  #inFlight: AbortController | null = null;

  get view(): FleetView | null {
    return this.#view;
  }
  get error(): AppError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }

  async load(period: Period): Promise<void> {
    if (localPeriodErrors(period)) return;
    const request = ++this.#request;
    this.#inFlight?.abort();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#loading = true;
    const result = await api.dashboard.fleet({ period: $state.snapshot(period) }, { signal: controller.signal });
    if (request !== this.#request) return;
    this.#inFlight = null;
    this.#loading = false;
    if (result.ok) {
      this.#view = result.value;
      this.#error = null;
    } else if (result.error.kind !== 'Cancelled') {
      this.#error = result.error;
    }
  }

  dispose(): void {
    this.#inFlight?.abort();
  }
}
