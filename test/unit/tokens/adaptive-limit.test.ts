import { describe, expect, it } from 'vitest';
import { AdaptiveLimit, retryAfterMs } from '../../../main/tokens/adaptive-limit';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('adaptive batch concurrency', () => {
  it('starts at half the cap and grows to the cap while answers stay fast', () => {
    const time = clock();
    const limit = new AdaptiveLimit({ max: 16, now: time.now });
    expect(limit.limit).toBe(8);
    for (let i = 0; i < 200; i++) {
      time.advance(2);
      limit.succeeded(2);
    }
    expect(limit.limit).toBe(16);
  });

  it('never goes above the operator cap or below one request', () => {
    const time = clock();
    const limit = new AdaptiveLimit({ max: 3, now: time.now });
    for (let i = 0; i < 100; i++) limit.succeeded(1);
    expect(limit.limit).toBe(3);
    for (let i = 0; i < 50; i++) {
      time.advance(1000);
      limit.overloaded();
    }
    expect(limit.limit).toBe(1);
  });

  it('halves on an overload answer and holds new requests for the Retry-After time', () => {
    const time = clock();
    const limit = new AdaptiveLimit({ max: 16, initial: 16, now: time.now });
    limit.overloaded(2000);
    expect(limit.limit).toBe(8);
    expect(limit.holdMs()).toBe(2000);
    time.advance(1500);
    expect(limit.holdMs()).toBe(500);
    time.advance(600);
    expect(limit.holdMs()).toBe(0);
  });

  it('backs off when latency climbs far above the best seen, once per round trip', () => {
    const time = clock();
    const limit = new AdaptiveLimit({ max: 16, initial: 16, now: time.now });
    for (let i = 0; i < 20; i++) limit.succeeded(10);
    time.advance(100);
    limit.succeeded(400);
    expect(limit.limit).toBe(12);
    limit.succeeded(400); // the same burst of slow answers, within one round trip: counted once
    expect(limit.limit).toBe(12);
    time.advance(100);
    limit.succeeded(400);
    expect(limit.limit).toBe(9);
  });

  it('does not take loopback jitter for overload', () => {
    const time = clock();
    const limit = new AdaptiveLimit({ max: 16, initial: 16, now: time.now });
    for (let i = 0; i < 20; i++) limit.succeeded(1);
    time.advance(100);
    limit.succeeded(30); // 30x the best, but only 29 ms more: a GC pause, not a struggling server
    expect(limit.limit).toBe(16);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
