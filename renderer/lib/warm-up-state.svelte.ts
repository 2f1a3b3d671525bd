import type { Bridge } from '../../preload/contract';
import type { HttpWarmth } from '../../preload/contract/about';
import { warmTimeZones, type TimeZoneWarmth } from './time-zone-warm-up';

/** The name of the performance mark left when the warm-up is done (its detail: what each part took). */
export const WARM_UP_MARK = 'watchdesk:warm-up';

/**
 * First uses made ahead of the operator, once the first screen is up and the page is idle: the page's time-zone data,
 * and main's HTTP stack (asked for over the bridge, so it happens when the page is idle, in the desktop app and the
 * browser alike). Each at most once per page.
 */
export class WarmUpState {
  timeZones = $state<TimeZoneWarmth | null>(null);
  http = $state<HttpWarmth>({ state: 'cold' });
  #started = false;

  constructor(private readonly api: Bridge) {}

  async run(language: string): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    const timeZones = warmTimeZones(language);
    this.timeZones = timeZones;
    const answer = await this.api.app.warmUp();
    const http: HttpWarmth = answer.ok ? answer.value : { state: 'cold' };
    this.http = http;
    // The plain values, not the state's proxies: a mark's detail is cloned.
    performance.mark(WARM_UP_MARK, { detail: { timeZones, http } });
  }
}
