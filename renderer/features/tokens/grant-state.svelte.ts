import { t } from '../../lib/i18n.svelte';
import { systemTimeZone, unixToLocalInput } from './dvr-window';
import { checkGrant, type GrantCheck, type GrantValues } from './token-form';
import { ttlSeconds, type TtlChoice, type TtlResult, type TtlUnit } from './ttl';

/**
 * Form state for a lifetime picker. Fields are public $state so inputs can bind to them directly; the rules live
 * in the pure modules (ttl.ts, token-form.ts), this class only adds the unlimited-token confirmation.
 */
export class LifetimeState {
  mode = $state<'preset' | 'custom' | 'unlimited'>('preset');
  presetSeconds = $state(3600);
  customAmount = $state('');
  customUnit = $state<TtlUnit>('hours');
  /** The spec discourages tokens that never expire: choosing one takes an explicit tick. */
  unlimitedConfirmed = $state(false);

  choice(): TtlChoice {
    if (this.mode === 'unlimited') return { mode: 'unlimited' };
    if (this.mode === 'custom') return { mode: 'custom', amount: this.customAmount, unit: this.customUnit };
    return { mode: 'preset', seconds: this.presetSeconds };
  }

  /** The lifetime in seconds, or the sentence for the field (an unconfirmed unlimited lifetime is refused). */
  check(): TtlResult {
    if (this.mode === 'unlimited' && !this.unlimitedConfirmed) {
      return { ok: false, message: t('tokens.ttl.errors.confirmUnlimited') };
    }
    return ttlSeconds(this.choice());
  }
}

/** Permissions, lifetime and DVR window: shared by the single-token form and the batch form. */
export class GrantState {
  live = $state(false);
  dvr = $state(false);
  copy = $state(false);
  readonly lifetime = new LifetimeState();
  fromUnbounded = $state(true);
  toUnbounded = $state(true);
  from = $state('');
  to = $state('');
  readonly timeZone = systemTimeZone();

  constructor() {
    // Prefilled with the last 24 hours, so unticking "no bound" starts from a sensible value.
    const now = Math.floor(Date.now() / 60_000) * 60;
    this.from = unixToLocalInput(now - 86_400, this.timeZone);
    this.to = unixToLocalInput(now, this.timeZone);
  }

  get windowApplies(): boolean {
    return this.dvr || this.copy;
  }

  values(): GrantValues {
    return {
      live: this.live,
      dvr: this.dvr,
      copy: this.copy,
      ttl: this.lifetime.choice(),
      window: { fromUnbounded: this.fromUnbounded, toUnbounded: this.toUnbounded, from: this.from, to: this.to, timeZone: this.timeZone },
    };
  }

  /** The grant as sent, or field errors (including the unlimited confirmation). */
  check(): GrantCheck {
    return checkGrant(this.values(), this.lifetime.check());
  }
}
