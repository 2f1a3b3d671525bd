import { describe, expect, it } from 'vitest';
import { durationInWords, TTL_PRESETS, ttlSeconds } from '../../../renderer/features/tokens/ttl';

describe('token lifetime', () => {
  it('offers the presets 15 min, 1 h, 8 h, 1 day and 7 days', () => {
    expect(TTL_PRESETS.map((preset) => preset.seconds)).toEqual([900, 3600, 28_800, 86_400, 604_800]);
  });

  it('turns unlimited into 0', () => {
    expect(ttlSeconds({ mode: 'unlimited' })).toEqual({ ok: true, seconds: 0 });
  });

  it('turns a custom value in minutes, hours or days into seconds', () => {
    expect(ttlSeconds({ mode: 'custom', amount: '90', unit: 'minutes' })).toEqual({ ok: true, seconds: 5400 });
    expect(ttlSeconds({ mode: 'custom', amount: '1.5', unit: 'hours' })).toEqual({ ok: true, seconds: 5400 });
    expect(ttlSeconds({ mode: 'custom', amount: '2', unit: 'days' })).toEqual({ ok: true, seconds: 172_800 });
  });

  it('accepts a decimal comma', () => {
    expect(ttlSeconds({ mode: 'custom', amount: '0,5', unit: 'hours' })).toEqual({ ok: true, seconds: 1800 });
  });

  it('refuses 0 as a custom value and points at Unlimited instead', () => {
    expect(ttlSeconds({ mode: 'custom', amount: '0', unit: 'hours' })).toEqual({ ok: false, message: expect.stringMatching(/choose Unlimited/) });
  });

  it('refuses text, negatives, an empty value and more than the server takes', () => {
    expect(ttlSeconds({ mode: 'custom', amount: 'abc', unit: 'hours' }).ok).toBe(false);
    expect(ttlSeconds({ mode: 'custom', amount: '-1', unit: 'hours' }).ok).toBe(false);
    expect(ttlSeconds({ mode: 'custom', amount: ' ', unit: 'days' })).toEqual({ ok: false, message: 'Enter how many days the token lasts.' });
    expect(ttlSeconds({ mode: 'custom', amount: '50000', unit: 'days' }).ok).toBe(false);
  });

  it('says durations in words', () => {
    expect(durationInWords(900)).toBe('15 min');
    expect(durationInWords(5400)).toBe('1 h 30 min');
    expect(durationInWords(604_800)).toBe('7 days');
    expect(durationInWords(0)).toBe('unlimited');
  });
});
