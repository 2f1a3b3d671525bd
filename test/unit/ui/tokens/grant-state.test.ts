import { describe, expect, it } from 'vitest';
import { GrantState, LifetimeState } from '../../../../renderer/features/tokens/grant-state.svelte';

describe('LifetimeState', () => {
  it('answers the chosen preset in seconds, a custom amount in its unit, and refuses an unconfirmed unlimited lifetime', () => {
    const lifetime = new LifetimeState();
    expect(lifetime.check()).toEqual({ ok: true, seconds: 3600 });
    lifetime.mode = 'custom';
    lifetime.customAmount = '2';
    lifetime.customUnit = 'hours';
    expect(lifetime.check()).toMatchObject({ ok: true, seconds: 7200 });
    lifetime.mode = 'unlimited';
    expect(lifetime.check()).toEqual({ ok: false, message: 'Tick the box to confirm a token that never expires, or choose a lifetime.' });
    lifetime.unlimitedConfirmed = true;
    expect(lifetime.check()).toMatchObject({ ok: true, seconds: 0 });
  });
});

describe('GrantState', () => {
  it('starts with nothing allowed, a one-hour lifetime and an unbounded window prefilled with the last 24 hours', () => {
    const grant = new GrantState();
    expect(grant.windowApplies).toBe(false);
    const checked = grant.check();
    expect(checked).toMatchObject({ ok: true, noPermissions: true, grant: { live: false, dvr: false, copy: false, ttl: 3600, from: 0, to: 0 } });
    expect(grant.from).not.toBe('');
    expect(grant.to > grant.from).toBe(true);
  });

  it('sends a bounded window once DVR is allowed, and refuses an end before the start on the end field', () => {
    const grant = new GrantState();
    grant.dvr = true;
    grant.fromUnbounded = false;
    grant.toUnbounded = false;
    const bounded = grant.check();
    expect(bounded.ok && bounded.grant.to - bounded.grant.from).toBe(86_400);
    expect(bounded.ok && bounded.noPermissions).toBe(false);
    [grant.from, grant.to] = [grant.to, grant.from];
    const refused = grant.check();
    expect(refused.ok ? null : refused.errors.to).toBe('The end of the DVR window must not be before its start.');
  });

  it('puts the lifetime refusal on the ttl field', () => {
    const grant = new GrantState();
    grant.live = true;
    grant.lifetime.mode = 'custom';
    grant.lifetime.customAmount = 'soon';
    const refused = grant.check();
    expect(refused.ok ? null : refused.errors.ttl).toBe('Enter a number, for example 2 or 1.5.');
  });
});
