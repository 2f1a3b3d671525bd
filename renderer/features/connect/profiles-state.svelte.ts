import type { Bridge, InputOf } from '../../../preload/contract';
import type { ProfilesOverview, ProfileView } from '../../../preload/contract/connect';
import type { Result } from '../../../preload/contract/app-error';
import type { ConnectionReport } from '../../../preload/contract/wire/platform';
import type { AppError } from '../../../preload/contract/app-error';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';
import { ReadOrder } from '../../lib/read-order';

/** What the screen tells after a change: the header's view of the active server (connection-state.svelte.ts). */
interface HealthRefresh {
  refresh(force: boolean): Promise<void>;
}

/**
 * The Connect screen's state: the profiles, the keychain's status, the last test per profile, and the actions on
 * them. Each action reloads the list and the header and answers its failure for the screen to show in place.
 */
export class ProfilesState {
  #overview = $state<ProfilesOverview | null>(null);
  #error = $state<AppError | null>(null);
  #reports = $state<Record<string, ConnectionReport>>({});
  #testing = $state<string | null>(null);
  readonly #reads = new ReadOrder();

  /** The server deleted last, while it can be brought back (with its token). */
  readonly undo: UndoOffer;

  constructor(
    private readonly api: Bridge,
    private readonly connection: HealthRefresh,
  ) {
    this.undo = new UndoOffer((id) => api.profiles.restore({ id }));
  }

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

  /** Reads the list; an answer older than the one shown is dropped (a deleted server would come back). */
  async load(): Promise<void> {
    const fresh = this.#reads.begin();
    const result = await this.api.profiles.list();
    if (!fresh()) return;
    if (result.ok) {
      this.#overview = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  /** Runs an action, then reloads the list and the header; returns the failure for the caller to show in place. */
  async #act(action: () => Promise<{ ok: boolean; error?: AppError }>): Promise<AppError | null> {
    const result = await action();
    await this.load();
    void this.connection.refresh(true);
    return result.ok ? null : (result.error ?? null);
  }

  async test(id: string): Promise<void> {
    this.#testing = id;
    const result = await this.api.profiles.test({ id });
    this.#testing = null;
    if (result.ok) this.#reports = { ...this.#reports, [id]: result.value };
    else this.#reports = { ...this.#reports, [id]: { ok: false, outcome: 'failed', steps: [], error: result.error } };
    // The card shows the test kept with the profile (time and outcome).
    await this.load();
    if (id === this.activeId) void this.connection.refresh(true);
  }

  /** Creates or updates a profile (the form shows the answer's field errors itself; the screen reloads on success). */
  save(input: InputOf<'profiles.save'>): Promise<Result<ProfileView>> {
    return this.api.profiles.save(input);
  }

  activate(id: string): Promise<AppError | null> {
    return this.#act(() => this.api.profiles.activate({ id }));
  }

  /** Trust on first use: pins the certificate the operator reviewed. */
  pin(id: string, sha256: string): Promise<AppError | null> {
    return this.#act(() => this.api.profiles.pinCertificate({ id, sha256 }));
  }

  async remove(id: string): Promise<AppError | null> {
    const name = this.profiles.find((profile) => profile.id === id)?.name ?? '';
    const error = await this.#act(() => this.api.profiles.remove({ id }));
    this.forgetReport(id);
    if (!error) this.undo.offer(() => t('connect.deleted', { name }), id);
    return error;
  }

  /** Brings the deleted server back, and the header follows. */
  async runUndo(): Promise<void> {
    if (!(await this.undo.run())) return;
    await this.load();
    void this.connection.refresh(true);
  }

  clearToken(id: string): Promise<AppError | null> {
    return this.#act(() => this.api.profiles.clearToken({ id }));
  }

  /** On the media-server host: a token from its local endpoint, straight into the keychain. */
  obtainToken(id: string, request: { client: string; duration: number }): Promise<AppError | null> {
    return this.#act(() => this.api.profiles.obtainToken({ id, ...request }));
  }

  /** No keychain: tokens are kept for this session only. */
  useSessionOnly(): Promise<AppError | null> {
    return this.#act(() => this.api.vault.useSessionOnly());
  }

  forgetReport(id: string): void {
    const { [id]: _dropped, ...rest } = this.#reports;
    this.#reports = rest;
  }
}
