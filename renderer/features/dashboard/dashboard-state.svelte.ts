import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import {
  fleetTotals,
  periodKey,
  periodSchema,
  type DashboardView,
  type FleetTileEvent,
  type FleetTotals,
  type Period,
} from '../../../preload/contract/dashboard';
import type { ProfileView } from '../../../preload/contract/connect';
import { defaultPeriod } from './period';
import { answeredTiles, placeTile, startingSlots, type FleetProfile, type FleetSlot } from './fleet-slots';
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
  /**
   * When the period was last asked for: what its words are said as of ("today" is the day of the last ask). Every
   * load sets it, the wall's automatic ones included, so after midnight the picker names the day the cards show.
   */
  askedAt = $state(Date.now());
  #view = $state.raw<DashboardView | null>(null);
  #error = $state.raw<AppError | null>(null);
  #fieldErrors = $state.raw<Record<string, string[]>>({});
  #loading = $state(false);
  #request = 0;
  /** The load in flight; a newer load (or leaving the screen) cancels it, in main too. */
  #inFlight: AbortController | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly api: Bridge) {}

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
    const result = await this.api.profiles.list();
    if (!result.ok) return;
    this.profiles = result.value.profiles;
    this.profileId ??= result.value.activeId ?? result.value.profiles[0]?.id;
  }

  async load(): Promise<void> {
    this.askedAt = Date.now();
    const local = localPeriodErrors(this.period);
    const request = ++this.#request;
    if (local) {
      // Refused here, before asking: an answer still on its way for an earlier period must not clear these errors.
      this.#inFlight?.abort();
      this.#inFlight = null;
      this.#loading = false;
      this.#fieldErrors = local;
      return;
    }
    this.#inFlight?.abort();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#loading = true;
    const period = $state.snapshot(this.period);
    const result = await this.api.dashboard.get({ period, ...(this.profileId ? { profileId: this.profileId } : {}) }, { signal: controller.signal });
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

/** What the fleet view shows: a place per server (answered or waiting) and the totals of those answered. */
export interface FleetShown {
  period: Period;
  tiles: FleetSlot[];
  totals: FleetTotals;
  /** Servers asked and not answered yet. */
  pending: number;
  /** When the period was asked for: what its words are said as of, however late a tile answers. */
  askedAt: number;
}

/**
 * Every saved server's cards for the same period. Tiles come in one by one (`dashboard.fleetTile` events, passed to
 * `receive`) as their servers answer; the call's answer then settles them all, with the totals.
 */
export class FleetState {
  #slots = $state.raw<FleetSlot[]>([]);
  #period = $state.raw<Period | null>(null);
  #askedAt = $state(0);
  #error = $state.raw<AppError | null>(null);
  #loading = $state(false);
  #request = 0;
  /** The id the current call's tiles carry; tiles of a superseded call are ignored. */
  #requestId: string | null = null;
  #inFlight: AbortController | null = null;
  #view = $derived.by((): FleetShown | null => {
    if (this.#period === null) return null;
    const answered = answeredTiles(this.#slots);
    return { period: this.#period, tiles: this.#slots, totals: fleetTotals(answered), pending: this.#slots.length - answered.length, askedAt: this.#askedAt };
  });

  constructor(private readonly api: Bridge) {}

  get view(): FleetShown | null {
    return this.#view;
  }

  /** Listens for tiles pushed by main (from the start, so none is missed); returns the way to stop. */
  connect(): () => void {
    return this.api.on('dashboard.fleetTile', (event) => this.receive(event));
  }
  get error(): AppError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }

  /** One tile pushed by main as soon as its server answered. */
  receive(event: FleetTileEvent): void {
    if (event.requestId !== this.#requestId) return;
    this.#slots = placeTile(this.#slots, event.tile);
  }

  /** Asks every server; `profiles` (the saved servers as the screen knows them) give the tiles their places at once. */
  async load(period: Period, profiles: readonly FleetProfile[]): Promise<void> {
    if (localPeriodErrors(period)) return;
    const request = ++this.#request;
    this.#inFlight?.abort();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#loading = true;
    const asked = $state.snapshot(period);
    const requestId = crypto.randomUUID();
    this.#requestId = requestId;
    const samePeriod = this.#period !== null && periodKey(this.#period) === periodKey(asked);
    this.#slots = startingSlots(profiles, this.#slots, samePeriod);
    this.#period = asked;
    this.#askedAt = Date.now();
    const result = await this.api.dashboard.fleet({ period: asked, requestId }, { signal: controller.signal });
    if (request !== this.#request) return;
    this.#inFlight = null;
    this.#loading = false;
    this.#requestId = null;
    if (result.ok) {
      this.#slots = result.value.tiles;
      this.#error = null;
    } else if (result.error.kind !== 'Cancelled') {
      // Tiles that came in stay; servers that never answered are not left waiting forever.
      this.#slots = answeredTiles(this.#slots);
      this.#error = result.error;
    }
  }

  dispose(): void {
    this.#inFlight?.abort();
  }
}
